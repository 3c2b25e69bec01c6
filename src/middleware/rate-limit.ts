import type { MiddlewareHandler } from "hono";
import { checkRateLimit, mostRestrictive, rateLimitHeaders, type RateLimitBucket } from "../durable-objects/rate-limits";
import { errorBody } from "../errors";
import type { AppEnv } from "./types";

export const clientIp = (req: Request) => req.headers.get("cf-connecting-ip") ?? req.headers.get("x-real-ip") ?? "127.0.0.1";

const tooMany = (seconds: number) => `Rate limit exceeded. Retry in ${seconds} seconds.`;

/** Per-IP limit (spec: 60 per minute per IP address), checked before authentication. */
export const ipRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const r = await checkRateLimit(c.env.RATE_LIMITER, "ip", clientIp(c.req.raw));
  c.set("ipLimit", r);
  if (!r.allowed) return c.json(errorBody("rate_limited", tooMany(r.retryAfterSeconds)), 429, rateLimitHeaders(r));
  await next();
  // Routes with a per-key limit overwrite these with the limit that applies.
  if (!c.res.headers.has("X-RateLimit-Limit")) for (const [k, v] of Object.entries(rateLimitHeaders(r))) c.res.headers.set(k, v);
};

/** Per-key limit of one operation; reports the most restrictive of it and the IP limit. */
export const keyRateLimit =
  (bucket: RateLimitBucket): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const principal = c.get("principal");
    const r = await checkRateLimit(c.env.RATE_LIMITER, bucket, principal.keyId);
    const ip = c.get("ipLimit");
    const shown = ip ? mostRestrictive(r, ip) : r;
    if (!r.allowed) return c.json(errorBody("rate_limited", tooMany(r.retryAfterSeconds)), 429, rateLimitHeaders(shown));
    await next();
    for (const [k, v] of Object.entries(rateLimitHeaders(shown))) c.res.headers.set(k, v);
  };
