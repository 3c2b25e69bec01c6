// The offline scores of moments, ranked as a job ranks them (engines/scorer/score.ts), synchronously: what
// the scoring tests compare.
import { rankScored, scoreEach } from "../../src/engines/scorer/score.js";
import type { ClipConfig, Moment, ScoredMoment, Transcript } from "../../src/runtime/types.js";

export const scoreMoments = (moments: Moment[], t: Transcript, opts: { config: ClipConfig }): ScoredMoment[] => rankScored(scoreEach(moments, t, opts.config));
