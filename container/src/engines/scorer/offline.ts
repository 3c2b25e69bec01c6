import { scoreEach } from "./score.js";
import type { Scorer } from "./types.js";

/** The deterministic feature scorer of engines/scorer/score.ts behind the Scorer interface. */
export function createOfflineScorer(): Scorer {
  return {
    name: "offline",
    async score(moments, t, { config }) {
      return scoreEach(moments, t, config).map((m) => ({ ...m, scoredBy: { engine: "offline" } }));
    },
  };
}
