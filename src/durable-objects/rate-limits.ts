import type { RateLimitResult, RateLimiter } from "./rate-limiter";

export type { RateLimitResult } from "./rate-limiter";

type Limit = { limit: number; windowSeconds: number };

/**
 * Rate limits by bucket. `ip` is checked per client IP on every request; every other bucket
 * is per API key and per operation (so a key polling jobs cannot starve its own job creation).
 * The spec ("Limits") fixes ip, create_job and get_job; it leaves the others open ("not
 * shown"), so they follow one rule: reads 120/min, writes 30/min, and operations that spend
 * quota or render time are held to the create-job rate. Note the per-IP 60/min applies on
 * top, so a per-key limit above 60 only matters for a key used from several addresses.
 */
export const rateLimits = {
  /** Spec: 60 per minute per IP address. */
  ip: { limit: 60, windowSeconds: 60 },
  /** Spec: create job, 20 per minute per key. */
  create_job: { limit: 20, windowSeconds: 60 },
  /** Spec: get job, 60 per minute per key (clients poll it until completed). */
  get_job: { limit: 60, windowSeconds: 60 },
  /** Read; paginated, so a client walking its history makes several calls in a row. */
  list_jobs: { limit: 120, windowSeconds: 60 },
  /** Write; a cancel is one call per job, and refunds are capped anyway. */
  cancel_job: { limit: 30, windowSeconds: 60 },
  /** Read; fetched once per finished job. */
  transcript: { limit: 120, windowSeconds: 60 },
  /** Read; fetched once per finished job (and again after hd_ready). */
  clips: { limit: 120, windowSeconds: 60 },
  /** Read; cheap account summary. */
  usage: { limit: 120, windowSeconds: 60 },
  /** Read; cheap key/account summary. */
  me: { limit: 120, windowSeconds: 60 },
  /** Write; each reservation leads to a completed upload, which is a job: same rate as create_job. */
  reserve_upload: { limit: 20, windowSeconds: 60 },
  /** Write; charges one video and creates a job, like create_job. */
  complete_upload: { limit: 20, windowSeconds: 60 },
  /** Write; charges no quota but costs a render, so the rate is its only brake. */
  rerender: { limit: 10, windowSeconds: 60 },
  /** Read; polled until the re-render finishes, like get_job. */
  get_rerender: { limit: 60, windowSeconds: 60 },
  /** Read. */
  brand_kit: { limit: 120, windowSeconds: 60 },
  /** Read, but it returns the webhook signing secret: nobody needs it often. */
  webhook: { limit: 30, windowSeconds: 60 },
  /** Write: each starts an OAuth flow at a platform. */
  connect: { limit: 10, windowSeconds: 60 },
  /** Read. */
  list_connections: { limit: 120, windowSeconds: 60 },
  /** Write: revokes at the platform. */
  disconnect: { limit: 10, windowSeconds: 60 },
  /** Write that posts to a platform: publishing is free, so this limit (and the platform's daily cap) bounds it. */
  publish: { limit: 10, windowSeconds: 60 },
  /** Read; polled until published, like get_job. */
  get_publication: { limit: 60, windowSeconds: 60 },
  /** Read. */
  list_publications: { limit: 120, windowSeconds: 60 },
  /** Write. */
  cancel_publication: { limit: 30, windowSeconds: 60 },
} as const satisfies Record<string, Limit>;

export type RateLimitBucket = keyof typeof rateLimits;

/**
 * Counts one request against `bucket` for `subject` (an IP for `ip`, the API key id for the
 * rest). One Durable Object per `${bucket}:${subject}`, so keys and operations never contend.
 */
export async function checkRateLimit(
  ns: DurableObjectNamespace<RateLimiter>,
  bucket: RateLimitBucket,
  subject: string,
): Promise<RateLimitResult> {
  const { limit, windowSeconds } = rateLimits[bucket];
  const stub = ns.get(ns.idFromName(`${bucket}:${subject}`));
  return stub.hit(limit, windowSeconds);
}

/**
 * Response headers for a result. X-RateLimit-Reset is seconds until the window resets
 * (a delta, as in the IETF RateLimit draft, not an epoch time); Retry-After (RFC 9110
 * section 10.2.3, delay-seconds) only on a denied request.
 */
export function rateLimitHeaders(r: RateLimitResult): Record<string, string> {
  const h: Record<string, string> = {
    "X-RateLimit-Limit": String(r.limit),
    "X-RateLimit-Remaining": String(r.remaining),
    "X-RateLimit-Reset": String(r.resetSeconds),
  };
  if (!r.allowed) h["Retry-After"] = String(r.retryAfterSeconds);
  return h;
}

/**
 * Picks the result to report when a request passed several limits (e.g. ip and create_job):
 * a denied one first (the longest wait, since the client must wait that long anyway), else
 * the one with the fewest remaining (ties: the one that resets later).
 */
export function mostRestrictive(first: RateLimitResult, ...rest: RateLimitResult[]): RateLimitResult {
  return rest.reduce((best, r) => {
    if (r.allowed !== best.allowed) return r.allowed ? best : r;
    if (!r.allowed) return r.retryAfterSeconds > best.retryAfterSeconds ? r : best;
    if (r.remaining !== best.remaining) return r.remaining < best.remaining ? r : best;
    return r.resetSeconds > best.resetSeconds ? r : best;
  }, first);
}
