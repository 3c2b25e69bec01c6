import type { MiddlewareHandler } from "hono";
import { authenticate } from "../services/auth/keys";
import type { AppEnv } from "./types";

/** Bearer API key -> principal (spec "Authentication"); errors become 401 through onError. */
export const apiKeyAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("principal", await authenticate(c.env.DB, c.req.header("authorization")));
  await next();
};
