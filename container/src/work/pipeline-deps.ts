// The production analysis stages (speech recognition, moment selection, scoring, face tracking)
// for the runner. Engines are built once at server start from their part of the configuration
// (config.ts), so a bad configuration fails at once.
import type { BackendConfig } from "../runtime/config.js";
import { checkFaceModel, createBlazeFace, type BlazeFaceDetector } from "../engines/face/blazeface.js";
import { createScorer } from "../engines/scorer/index.js";
import { createTranslator } from "../engines/translate/index.js";
import { createSpeechEngine } from "../engines/speech/index.js";
import type { AnalysisDeps } from "../rendering/job-run.js";
import type { LayoutDeps } from "../editing/layouts.js";
import type { FaceDetector } from "../engines/face/types.js";
import { analyzeClipFaces } from "../framing/faces.js";
import { selectMoments } from "../analysis/moments.js";
import { scoreMomentsWith } from "../engines/scorer/score.js";
import { computeSignals } from "../analysis/signals.js";
import { transcribe } from "../analysis/transcribe.js";
import { chooseMoments } from "../analysis/model-moments.js";
import { createOpenAiMomentEngine } from "../engines/scorer/openai.js";

export function createDefaultDeps(cfg: Pick<BackendConfig, "speech" | "scorer" | "faces"> & { dub?: BackendConfig["dub"] }): AnalysisDeps {
  const engine = createSpeechEngine(cfg.speech);
  const scorer = createScorer(cfg.scorer);
  const chooser = cfg.scorer.engine === "openai" ? createOpenAiMomentEngine(cfg.scorer.chat) : null;
  const faceModel = checkFaceModel(cfg.faces.modelPath);
  let detector: Promise<BlazeFaceDetector> | undefined;
  return {
    // the dub's engines translate captions too (style caption_language)
    ...(cfg.dub ? { translator: createTranslator(cfg.dub.translator) } : {}),
    transcribe: (wav, opts) => transcribe(wav, { ...opts, engine }),
    selectMoments,
    scoreMoments: (moments, t, opts) => scoreMomentsWith(scorer, moments, t, opts),
    ...(chooser ? { chooseMoments: (t, opts) => chooseMoments(chooser, t, opts) } : {}),
    computeSignals,
    analyzeFaces: faceAnalysis(() => (detector ??= createBlazeFace({ modelPath: faceModel }))),
  };
}

/** Face tracking over a clip's range with the detector `detector()` gives (made once, on first use): the evidence the layout choice and the renderer read. Tests use it with their own detector. */
export function faceAnalysis(detector: () => Promise<FaceDetector>): NonNullable<LayoutDeps["analyzeFaces"]> {
  return async (o) => {
    const faces = await analyzeClipFaces({ ...o, detector: await detector() });
    return {
      path: faces.path,
      layout: faces.layout,
      samples: faces.track.samples,
      faceCam: faces.summary.faceCam,
      screenCam: faces.summary.screenCam,
      frame: o.video,
      people: faces.summary.people,
      dominantShare: faces.summary.dominantShare,
      speakers: faces.speakers,
    };
  };
}
