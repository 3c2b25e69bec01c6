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
 * How long a counted hit may stay in memory only. Hits inside a window are written to storage at
 * most once per FLUSH_MS (one write covers every hit since the last one), so a busy key costs one
 * storage write a second instead of one per request; a new window is written at once, with its
 * alarm. An object is evicted only after seconds of inactivity, by which time the pending write
 * has run: an eviction loses nothing, and a crash of the host forgets at most FLUSH_MS of counts.
 */
export const FLUSH_MS = 1_000;

/**
 * Fixed-window counter for one `${bucket}:${subject}` (see rate-limits.ts), backing the
 * spec's "Limits" table (over-limit returns 429).
 *
 * - The window starts at the first hit and lasts `windowSeconds`; an alarm at its end deletes
 *   all storage (deleteAll also drops the alarm at our compatibility date), so an idle key
 *   costs nothing and the next hit opens a fresh window.
 * - The count lives in the object's memory and is written behind (FLUSH_MS); an object that
 *   starts (after an eviction or a restart) reads the stored window once.
 * - Exactness under concurrency: `hit` reads and updates the in-memory window with no `await`
 *   in between, so the object's single thread and input gate serialise callers.
 *   A rejected hit does not count against the window.
 */
export class RateLimiter extends DurableObject<Env> {
  /** The key's principal (per-key objects only), in memory: an evicted object simply reads D1 again. */
  private cached?: { keyHash: string; principal: Principal; until: number };
  /** Bumped by forgetKey(): a D1 read begun before a revocation must not be cached after it. */
  private generation = 0;
  private pending?: { keyHash: string; generation: number; lookup: Promise<Principal | undefined> };
  /** The current window; undefined until read from storage, null when there is none. */
  private window?: Window | null;
  /** The pending write-behind of the window (flushSoon). */
  private flushTimer?: ReturnType<typeof setTimeout>;

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
    const now = Date.now();
    let w = this.current();
    // A window whose end has passed is stale even if its alarm has not run yet.
    const fresh = !w || w.resetAt <= now;
    if (!w || fresh) w = this.window = { resetAt: now + windowSeconds * 1000, count: 0 };

    const allowed = w.count + cost <= limit;
    if (allowed) w.count += cost;
    // A new window is stored at once; later counts are written behind (FLUSH_MS). allowUnconfirmed
    // lets the answer leave before the disk confirms the write (the output gate would otherwise
    // hold every request for a write a counter does not need to wait for).
    if (fresh) this.store(w);
    else if (allowed) this.flushSoon();
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

  /** The current window: from memory, or read once from storage when the object starts. */
  private current(): Window | undefined {
    if (this.window === undefined) this.window = this.ctx.storage.kv.get<Window>(WINDOW_KEY) ?? null;
    return this.window ?? undefined;
  }

  private store(w: Window) {
    void this.ctx.storage.put(WINDOW_KEY, { ...w }, { allowUnconfirmed: true });
  }

  private flushSoon() {
    if (this.flushTimer !== undefined) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      if (this.window) this.store(this.window);
    }, FLUSH_MS);
  }

  async alarm(): Promise<void> {
    const w = this.current();
    // An alarm delivered late, after a new window already started, must not wipe that
    // window: re-arm for its end instead.
    if (w && w.resetAt > Date.now()) {
      await this.ctx.storage.setAlarm(w.resetAt);
      return;
    }
    // The window is over: no write-behind may store it again after the delete.
    if (this.flushTimer !== undefined) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.window = null;
    await this.ctx.storage.deleteAll();
  }
}
