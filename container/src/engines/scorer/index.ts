// Chooses the scorer by configuration: KATTO_SCORER = offline (default) | workers-ai | openai
// (config.ts). With openai a chat model chooses the moments itself (./openai.ts); the offline
// scorer scores what it does not choose (Katto's own selection when it fails, clips made by hand).
import type { ScorerConfig } from "../../runtime/config.js";
import { createOfflineScorer } from "./offline.js";
import type { Scorer } from "./types.js";
import { createWorkersAiScorer } from "./workers-ai.js";

export type { Scorer } from "./types.js";

export function createScorer(cfg: ScorerConfig): Scorer {
  return cfg.engine === "workers-ai" ? createWorkersAiScorer(cfg.cloudflare) : createOfflineScorer();
}
