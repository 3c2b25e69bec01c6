import type { OpenAPIHono } from "@hono/zod-openapi";
import type { RateLimitResult } from "../durable-objects/rate-limits";
import type { Env } from "../env";
import type { Principal } from "../services/auth/keys";

export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    principal: Principal;
    ipLimit?: RateLimitResult;
  };
};
export type App = OpenAPIHono<AppEnv>;
