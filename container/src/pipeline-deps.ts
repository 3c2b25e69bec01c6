// The production analysis stages (speech recognition, moment selection, scoring) for the runner.
import type { AnalysisDeps } from "./pipeline.js";
import { selectMoments } from "./stages/moments.js";
import { scoreMoments } from "./stages/score.js";
import { computeSignals } from "./stages/signals.js";
import { transcribe } from "./stages/transcribe.js";

export const defaultDeps: AnalysisDeps = { transcribe, selectMoments, scoreMoments, computeSignals };
