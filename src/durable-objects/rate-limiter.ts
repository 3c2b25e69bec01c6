import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { principalOfKeyHash, type Principal } from "../services/auth/keys";

/** Outcome of one rate-limit check; routes turn it into headers with rateLimitHeaders(). */
export type RateLimitResult = {
  allowed: boolean;
  limit: number;
  /** Requests left in the current window after this one (0 when denied). */
  remaining: number;
  /** Whole seconds until the window resets, always >= 1. */
  resetSeconds: number;
  /** Seconds the caller should wait before retrying; 0 when allowed. */
  retryAfterSeconds: number;
};

/** The one record an object keeps: the current window. */
type Window = { resetAt: number; count: number };

const WINDOW_KEY = "window";

/**
 * How long a per-key object answers a key's principal from memory before reading D1 again. Every
 * revocation path and plan change forgets the cached copy before it answers (forgetKeys in
 * rate-limits.ts), so this bounds only a change made to D1 outside the Worker (SQL by hand).
 */
export const KEY_CACHE_MS = 30_000;

/**
 * Fixed-window counter for one `${bucket}:${subject}` (see rate-limits.ts), backing the
 * spec's "Limits" table (over-limit returns 429).
 *
 * - The window starts at the first hit and lasts `windowSeconds`; an alarm at its end deletes
 *   all storage (deleteAll also drops the alarm at our compatibility date), so an idle key
 *   costs nothing and the next hit opens a fresh window.
 * - Exactness under concurrency: `hit` reads and writes through the synchronous KV API with
 *   no `await` in between, so the object's single thread and input gate serialise callers.
 *   A rejected hit does not count against the window.
 */
export class RateLimiter extends DurableObject<Env> {
  /** The key's principal (per-key objects only), in memory: an evicted object simply reads D1 again. */
  private cached?: { keyHash: string; principal: Principal; until: number };
  /** Bumped by forgetKey(): a D1 read begun before a revocation must not be cached after it. */
  private generation = 0;
  private pending?: { keyHash: string; generation: number; lookup: Promise<Principal | undefined> };

  /**
   * hit() for a per-key bucket (the object named `${bucket}:${keyHash}`), answering the key's
   * principal too (null: unknown or revoked), so one call does the limit and the key lookup.
   */
  async hitKey(limit: number, windowSeconds: number, keyHash: string): Promise<{ hit: RateLimitResult; principal: Principal | null }> {
    // hit() counts before its first await, so the count is as exact as a plain hit().
    const [hit, principal] = await Promise.all([this.hit(limit, windowSeconds), this.principalOf(keyHash)]);
    return { hit, principal: principal ?? null };
  }

  /** Drops the cached principal; the next hitKey() reads D1. Revocations await this before answering. */
  async forgetKey(): Promise<void> {
    this.generation++;
    this.cached = undefined;
    this.pending = undefined;
  }

  private async principalOf(keyHash: string): Promise<Principal | undefined> {
    const c = this.cached;
    if (c && c.keyHash === keyHash && c.until > Date.now()) return c.principal;
    // Concurrent misses share one D1 read, unless a forgetKey() came after it began.
    const p = this.pending;
    if (p && p.keyHash === keyHash && p.generation === this.generation) return p.lookup;
    const generation = this.generation;
    const lookup = principalOfKeyHash(this.env.DB, keyHash);
    this.pending = { keyHash, generation, lookup };
    try {
      const principal = await lookup;
      // D1 is not storage: other calls (a forgetKey among them) may run while it is read. A read
      // that a revocation overtook answers its own request (which was concurrent with the
      // revocation) but is never kept for the next one. Unknown and revoked keys are not cached.
      if (principal && generation === this.generation) this.cached = { keyHash, principal, until: Date.now() + KEY_CACHE_MS };
      return principal;
    } finally {
      if (this.pending?.lookup === lookup) this.pending = undefined;
    }
  }

  async hit(limit: number, windowSeconds: number, cost = 1): Promise<RateLimitResult> {
    const kv = this.ctx.storage.kv;
    const now = Date.now();
    let w = kv.get<Window>(WINDOW_KEY);
    // A window whose end has passed is stale even if its alarm has not run yet.
    const fresh = !w || w.resetAt <= now;
    if (!w || fresh) w = { resetAt: now + windowSeconds * 1000, count: 0 };

    const allowed = w.count + cost <= limit;
    if (allowed) w.count += cost;
    // The write is visible to the next hit at once; allowUnconfirmed lets the answer leave before
    // the disk confirms it (the output gate would otherwise hold every request for a write a
    // counter does not need to wait for: a crash can only forget the last few counts).
    if (allowed || fresh) void this.ctx.storage.put(WINDOW_KEY, w, { allowUnconfirmed: true });
    // Everything above ran without yielding; only now may another request interleave.

    if (fresh) await this.ctx.storage.setAlarm(w.resetAt);
    const resetSeconds = Math.max(1, Math.ceil((w.resetAt - now) / 1000));
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - w.count),
      resetSeconds,
      retryAfterSeconds: allowed ? 0 : resetSeconds,
    };
  }

  async alarm(): Promise<void> {
    const w = this.ctx.storage.kv.get<Window>(WINDOW_KEY);
    // An alarm delivered late, after a new window already started, must not wipe that
    // window: re-arm for its end instead.
    if (w && w.resetAt > Date.now()) {
      await this.ctx.storage.setAlarm(w.resetAt);
      return;
    }
    await this.ctx.storage.deleteAll();
  }
}
