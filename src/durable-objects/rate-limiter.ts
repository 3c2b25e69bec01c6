import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

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
