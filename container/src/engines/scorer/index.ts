// Chooses the scorer by configuration: KATTO_SCORER = offline (default) | workers-ai (config.ts).
import type { ScorerConfig } from "../../runtime/config.js";
import { createOfflineScorer } from "./offline.js";
import type { Scorer } from "./types.js";
import { createWorkersAiScorer } from "./workers-ai.js";

export type { Scorer } from "./types.js";

export function createScorer(cfg: ScorerConfig): Scorer {
  return cfg.engine === "workers-ai" ? createWorkersAiScorer(cfg.cloudflare) : createOfflineScorer();
}
