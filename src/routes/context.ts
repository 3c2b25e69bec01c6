import type { Context } from "hono";
import type { AccountContext, ServiceContext } from "../services/context";
import { publicBaseUrl } from "../services/context";
import type { AppEnv } from "../middleware/types";

export function serviceCtx(c: Context<AppEnv>): ServiceContext {
  return {
    env: c.env,
    baseUrl: publicBaseUrl(c.env, c.req.url),
    waitUntil: (p) => {
      try {
        c.executionCtx.waitUntil(p);
      } catch {
        void p; // no execution context (e.g. app.request in a unit test): let it run
      }
    },
  };
}

export const accountCtx = (c: Context<AppEnv>): AccountContext => ({ ...serviceCtx(c), principal: c.get("principal") });
