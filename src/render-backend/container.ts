import { Container } from "@cloudflare/containers";
import type { Env } from "../env";

/**
 * Settings the render backend reads from its environment (README "Configuration"), passed from the
 * Worker's vars and secrets so one `wrangler deploy` configures both. Every setting an operator
 * chooses (container/src/config.ts FORWARDED_SETTINGS; a test holds the two lists equal); HOST and
 * PORT are the image's.
 */
export const RENDER_ENV_KEYS = [
  "KATTO_SPEECH_ENGINE",
  "KATTO_POCKETSPHINX_SEARCH",
  "KATTO_POCKETSPHINX_BIN",
  "KATTO_POCKETSPHINX_MODEL_DIR",
  "KATTO_WHISPER_MODEL",
  "KATTO_WHISPER_BIN",
  "KATTO_WHISPER_MODEL_URL",
  "KATTO_CACHE_DIR",
  "KATTO_OPENAI_BASE_URL",
  "KATTO_OPENAI_API_KEY",
  "KATTO_OPENAI_MODEL",
  "KATTO_SCORER",
  "KATTO_TRANSLATOR",
  "KATTO_APERTIUM_BIN",
  "KATTO_TTS",
  "KATTO_ESPEAK_BIN",
  "KATTO_FLITE_BIN",
  "KATTO_DUB_ORIGINAL_DB",
  "KATTO_RENDER_SLOTS",
  "KATTO_WORK_DIR",
  "KATTO_FONTS_DIR",
  "KATTO_BLAZEFACE_MODEL",
  "CF_ACCOUNT_ID",
  "CF_API_TOKEN",
  "KATTO_CF_API_BASE",
] as const;

export function renderEnvFrom(env: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of RENDER_ENV_KEYS) if (typeof env[k] === "string" && env[k]) out[k] = env[k] as string;
  return out;
}

/** The render backend (container/) as a Cloudflare Container, one instance per job (and per HD clip). */
export class RenderContainer extends Container<Env> {
  defaultPort = 8080;
  sleepAfter = "10m";

  constructor(ctx: DurableObjectState<{}>, env: Env) {
    super(ctx, env);
    this.envVars = renderEnvFrom(env as unknown as Record<string, unknown>);
  }
}
