import { Container } from "@cloudflare/containers";
import { workerConfig } from "../config";
import type { Env } from "../env";

/**
 * The render backend (container/) as a Cloudflare Container, one instance per job (and per HD
 * clip). Its environment is the backend settings the operator set as Worker vars and secrets
 * (@katto/protocol RENDER_SETTINGS, README "Configuration"), so one `wrangler deploy` configures
 * both; HOST and PORT are the image's.
 */
export class RenderContainer extends Container<Env> {
  defaultPort = 8080;
  sleepAfter = "10m";

  constructor(ctx: DurableObjectState<{}>, env: Env) {
    super(ctx, env);
    this.envVars = workerConfig(env).render.backendSettings;
  }
}
