// Chooses the scorer by configuration: KATTO_SCORER = offline (default) | workers-ai.
import { readCloudflareAiConfig } from "../cloudflare-ai.js";
import { createOfflineScorer } from "./offline.js";
import type { Scorer } from "./types.js";
import { createWorkersAiScorer } from "./workers-ai.js";

export type { Scorer } from "./types.js";

export function createScorer(env: NodeJS.ProcessEnv = process.env): Scorer {
  const name = env.KATTO_SCORER || "offline";
  if (name === "offline") return createOfflineScorer();
  if (name === "workers-ai") {
    const cfg = readCloudflareAiConfig(env);
    if (!cfg) throw new Error("KATTO_SCORER=workers-ai needs CF_ACCOUNT_ID and CF_API_TOKEN");
    return createWorkersAiScorer(cfg);
  }
  throw new Error(`KATTO_SCORER=${name} is unknown; use offline or workers-ai`);
}
