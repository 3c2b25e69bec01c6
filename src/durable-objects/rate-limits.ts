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
  /** Write; B-roll uploads count against no quota, so the rate (and the library's size cap) bounds them. */
  broll_write: { limit: 30, windowSeconds: 60 },
  /** Read. */
  broll_list: { limit: 120, windowSeconds: 60 },
  /** Write; charges no quota but costs a render, so the rate is its only brake. */
  rerender: { limit: 10, windowSeconds: 60 },
  /** Write; a correction costs no render, so the writes' rate. */
  edit_transcript: { limit: 30, windowSeconds: 60 },
  /** Write; a clip's post copy costs no render, so the writes' rate. */
  edit_clip: { limit: 30, windowSeconds: 60 },
  /** Write; a trim is a re-render (free, costs a render), so the re-render rate. */
  trim: { limit: 10, windowSeconds: 60 },
  /** Read; polled until the re-render finishes, like get_job. */
  get_rerender: { limit: 60, windowSeconds: 60 },
  /** Write; a clip made by hand (or a promoted candidate) is free but costs a render, like a re-render. */
  create_clip: { limit: 10, windowSeconds: 60 },
  /** Read; fetched once per finished job. */
  candidates: { limit: 120, windowSeconds: 60 },
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
  /** Read; fits the account's model on each call (milliseconds for hundreds of posts). */
  insights: { limit: 30, windowSeconds: 60 },
} as const satisfies Record<string, Limit>;

export type RateLimitBucket = keyof typeof rateLimits;

/**
 * Plans whose every limit above (per IP included, for requests made with their keys) is
 * multiplied: an operator load-testing a deployment gets documented, higher limits instead of
 * limits switched off. Every other plan has the table as it is.
 */
export const rateLimitFactors: Readonly<Record<string, number>> = { load_test: 1_000 };

const factorOf = (plan: string | undefined) => (plan !== undefined ? rateLimitFactors[plan] : undefined) ?? 1;
const highestFactor = Math.max(1, ...Object.values(rateLimitFactors));

/** The per-minute limit of `bucket` for a caller on `plan` (undefined: no valid key, so the table's). */
export const limitFor = (bucket: RateLimitBucket, plan?: string) => rateLimits[bucket].limit * factorOf(plan);

/**
 * The highest limit of `bucket` on any plan. A counter asked before the caller's key is known
 * (see apiGate) counts up to this, and the answer is judged afterwards with withinLimit().
 */
export const rateLimitCap = (bucket: RateLimitBucket) => rateLimits[bucket].limit * highestFactor;

/**
 * Judges a hit taken under a higher cap against the caller's own limit. The count is exact (the
 * object counted it); a hit over `limit` but under the cap stays counted, which changes nothing a
 * caller sees: the window ends at the same time and Remaining is 0 either way.
 */
export function withinLimit(r: RateLimitResult, limit: number): RateLimitResult {
  if (limit === r.limit) return r;
  // A hit the object refused was over its cap, so over any lower limit too.
  const used = r.allowed ? r.limit - r.remaining : Number.POSITIVE_INFINITY;
  const allowed = used <= limit;
  return {
    allowed,
    limit,
    remaining: allowed ? limit - used : 0,
    resetSeconds: r.resetSeconds,
    retryAfterSeconds: allowed ? 0 : r.resetSeconds,
  };
}

/**
 * Counts one request against `bucket` for `subject` (an IP for `ip`, the SHA-256 of the API key
 * for the rest: it is known from the request alone, before the key lookup answers). One Durable
 * Object per `${bucket}:${subject}`, so keys and operations never contend. `limit` defaults to
 * the table's.
 */
export async function checkRateLimit(
  ns: DurableObjectNamespace<RateLimiter>,
  bucket: RateLimitBucket,
  subject: string,
  limit: number = rateLimits[bucket].limit,
): Promise<RateLimitResult> {
  const stub = ns.get(ns.idFromName(`${bucket}:${subject}`));
  return stub.hit(limit, rateLimits[bucket].windowSeconds);
}

/**
 * checkRateLimit for a per-key bucket, answering the key's principal as well (null: unknown or
 * revoked): the object caches it (RateLimiter.hitKey), so a request makes no D1 read for its key.
 */
export async function checkKeyRateLimit(ns: DurableObjectNamespace<RateLimiter>, bucket: Exclude<RateLimitBucket, "ip">, keyHash: string, limit: number) {
  const stub = ns.get(ns.idFromName(`${bucket}:${keyHash}`));
  return stub.hitKey(limit, rateLimits[bucket].windowSeconds, keyHash);
}

const keyBuckets = (Object.keys(rateLimits) as RateLimitBucket[]).filter((b): b is Exclude<RateLimitBucket, "ip"> => b !== "ip");

/**
 * Forgets the cached principal of each key (by SHA-256) in every per-key object that may hold it.
 * Every path that revokes a key or changes what its principal says (plan, scopes) awaits this
 * after its D1 write and before it answers, so the key's very next request reads D1. A failure
 * throws: the caller answers an error rather than "revoked", and a retry forgets again.
 */
export async function forgetKeys(ns: DurableObjectNamespace<RateLimiter>, keyHashes: string[]): Promise<void> {
  await Promise.all(keyHashes.flatMap((h) => keyBuckets.map((b) => ns.get(ns.idFromName(`${b}:${h}`)).forgetKey())));
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
