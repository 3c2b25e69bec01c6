import type { OpenAPIHono } from "@hono/zod-openapi";
import type { RateLimitBucket, RateLimitResult } from "../durable-objects/rate-limits";
import type { Env } from "../env";
import type { Principal } from "../services/auth/keys";

export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    principal: Principal;
    ipLimit?: RateLimitResult;
    /** The rate-limit subject of the request's API key (its SHA-256), set with principal. */
    keySubject: string;
    /** The route's per-key limit, when apiGate counted it together with the IP limit. */
    keyLimit?: { bucket: RateLimitBucket; result: RateLimitResult };
  };
};
export type App = OpenAPIHono<AppEnv>;
