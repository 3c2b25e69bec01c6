import { passageOf, scorePassage } from "../../stages/score.js";
import { topicKeywords } from "../../stages/score-features.js";
import type { Scorer } from "./types.js";

/** The deterministic feature scorer of stages/score.ts behind the Scorer interface. */
export function createOfflineScorer(): Scorer {
  return {
    name: "offline",
    async score(moments, t, { config }) {
      const keywords = topicKeywords(config.customPrompt, config.topics);
      return moments.map((m) => {
        const { features: _f, ...s } = scorePassage(passageOf(m, t), config, keywords);
        return { ...m, ...s, scoredBy: { engine: "offline" } };
      });
    },
  };
}
