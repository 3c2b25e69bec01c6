import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import {
  checkKeyRateLimit,
  checkRateLimit,
  limitFor,
  mostRestrictive,
  rateLimitCap,
  rateLimitHeaders,
  withinLimit,
  type RateLimitBucket,
  type RateLimitResult,
} from "../durable-objects/rate-limits";
import { errorBody, ServiceError, UnauthorizedError } from "../errors";
import { authenticate, bearerKeyHash, REVOKED_KEY, type Principal } from "../services/auth/keys";
import type { AppEnv } from "./types";

export const clientIp = (req: Request) => req.headers.get("cf-connecting-ip") ?? req.headers.get("x-real-ip") ?? "127.0.0.1";

const tooMany = (seconds: number) => `Rate limit exceeded. Retry in ${seconds} seconds.`;

/** keyRateLimit's middleware carries its bucket, so apiGate can find it among the matched handlers. */
type BucketTagged = { rateLimitBucket?: RateLimitBucket };

function routeBucket(c: Context<AppEnv>): RateLimitBucket | undefined {
  for (const r of matchedRoutes(c)) {
    const bucket = (r.handler as BucketTagged).rateLimitBucket;
    if (bucket) return bucket;
  }
  return undefined;
}

const settle = <T>(p: Promise<T>) => p.then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error }));

/**
 * Every /api/v1 request: the per-IP limit (spec: 60 per minute per IP address), the bearer key
 * (spec "Authentication") and the route's per-key limit, in two Durable Object calls made at once:
 * - the per-key counter is named by the key's SHA-256, known from the request alone, and answers
 *   the key's principal too: it keeps it in memory for KEY_CACHE_MS and reads D1 when it has none;
 * - both counters count up to the highest limit of any plan, and are judged against the caller's
 *   plan once the principal is known (withinLimit).
 * A route without a per-key limit, or a header that is no key, is looked up as before (D1).
 * Outcomes keep their order: over the per-IP limit is 429 whatever the key, then a bad key is 401,
 * then the per-key limit is judged by keyRateLimit. A request refused for its IP or its key may
 * still have counted against the operation's per-key window, which only ever makes a limit stricter.
 * A revoked key fails on its very next request: every revocation and plan change forgets the
 * cached principal in the key's objects before it answers (forgetKeys).
 */
export const apiGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ns = c.env.RATE_LIMITER;
  const authorization = c.req.header("authorization");
  // Only a key of the right shape gets a per-key counter: garbage tokens create no objects.
  const subject = await bearerKeyHash(authorization);
  const bucket = routeBucket(c);
  const keyed = bucket && bucket !== "ip" && subject ? { bucket, subject } : undefined;
  const lookup = async (): Promise<{ principal: Principal; keyHit?: RateLimitResult }> => {
    if (!keyed) return { principal: await authenticate(c.env.DB, authorization) };
    const r = await checkKeyRateLimit(ns, keyed.bucket, keyed.subject, rateLimitCap(keyed.bucket));
    if (!r.principal) throw new UnauthorizedError(REVOKED_KEY);
    return { principal: r.principal, keyHit: r.hit };
  };
  const [ipHit, auth] = await Promise.all([checkRateLimit(ns, "ip", clientIp(c.req.raw), rateLimitCap("ip")), settle(lookup())]);
  const plan = auth.ok ? auth.value.principal.plan : undefined;
  const ip = withinLimit(ipHit, limitFor("ip", plan));
  c.set("ipLimit", ip);
  if (!ip.allowed) return c.json(errorBody("rate_limited", tooMany(ip.retryAfterSeconds)), 429, rateLimitHeaders(ip));
  if (!auth.ok) {
    if (auth.error instanceof ServiceError) return c.json(errorBody(auth.error.code, auth.error.message), auth.error.status, rateLimitHeaders(ip));
    throw auth.error;
  }
  const { principal, keyHit } = auth.value;
  c.set("principal", principal);
  c.set("keySubject", subject!);
  if (bucket && keyHit) c.set("keyLimit", { bucket, result: withinLimit(keyHit, limitFor(bucket, plan)) });
  await next();
  // Routes with a per-key limit overwrite these with the limit that applies.
  if (!c.res.headers.has("X-RateLimit-Limit")) for (const [k, v] of Object.entries(rateLimitHeaders(ip))) c.res.headers.set(k, v);
};

/**
 * Per-key limit of one operation; reports the most restrictive of it and the IP limit. apiGate has
 * usually counted it already (it finds this middleware's bucket); otherwise it is counted here.
 */
export const keyRateLimit = (bucket: RateLimitBucket): MiddlewareHandler<AppEnv> => {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const counted = c.get("keyLimit");
    const principal = c.get("principal");
    const r =
      counted?.bucket === bucket
        ? counted.result
        : await checkRateLimit(c.env.RATE_LIMITER, bucket, c.get("keySubject"), limitFor(bucket, principal.plan));
    const ip = c.get("ipLimit");
    const shown = ip ? mostRestrictive(r, ip) : r;
    if (!r.allowed) return c.json(errorBody("rate_limited", tooMany(r.retryAfterSeconds)), 429, rateLimitHeaders(shown));
    await next();
    for (const [k, v] of Object.entries(rateLimitHeaders(shown))) c.res.headers.set(k, v);
  };
  return Object.assign(middleware, { rateLimitBucket: bucket } satisfies BucketTagged);
};
