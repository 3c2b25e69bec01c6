// A planned clip's render, the first render of a version (a job's previews, a clip by hand) and
// every quality fix's render alike: the plan's jump cuts (from the clip's audio and words), its
// edit (captions, zooms), its B-roll cutaways, then its clip timeline, built once from all of them
// and kept on the plan, then the file drawn from that timeline (./timeline-render.ts). The timeline
// kept is the one the file was drawn from: the plan's report stores it (editing/clip-plan.ts clipReport).
import { join } from "node:path";
import { planEdit, planTimeline, type ClipPlan } from "../editing/clip-plan.js";
import { clipCuts, gridFps } from "../editing/clip-edit.js";
import { mapWords } from "../editing/timeline.js";
import { emojiOverlays, writeClipCaptions } from "../captions/clip-captions.js";
import { clipCutaways, type BrollSource } from "../broll/assets.js";
import type { Quality } from "../ffmpeg/args.js";
import type { Source } from "./job-run.js";
import { renderClip, type Encoder } from "./render.js";
import { cutawayFiles, timelineRender } from "./timeline-render.js";

export interface PlanRender {
  source: Source;
  dir: string;
  /** base of the caption files' names (<base>.srt, <base>.ass) */
  base: string;
  /** the video file's name in `dir` */
  file: string;
  quality: Quality;
  watermarkPath: string | null;
  /** where the style's B-roll comes from; null without B-roll */
  broll: BrollSource | null;
  signal: AbortSignal;
  onProgress?: (f: number) => void;
  encoder?: Encoder;
}

/** The plan rendered from its timeline: the video, its SRT and (captions in another language) the spoken-language SRT. */
export async function renderPlan(p: ClipPlan, o: PlanRender): Promise<{ output: string; srtPath: string; srtOriginalPath: string | null }> {
  const { source, signal } = o;
  // the style's jump cuts, from the clip's audio and words; the plan keeps them for its report
  p.cuts = await clipCuts({ source: source.path, start: p.start, end: p.end, hasAudio: source.info.audio !== null, words: p.words, style: p.clipStyle, fps: gridFps(source.info.video?.fps), signal });
  const edit = planEdit(p, source.info);
  const { assPath, srtPath, srtOriginalPath } = await writeClipCaptions(edit.captions, o.dir, o.base);
  // cutaways on the cut clip's clock, over the words as they are heard there
  const { drawn, cutaways } = await clipCutaways(mapWords(p.words, edit.keep), edit.durationS, o.broll, signal);
  p.broll = drawn;
  // the version's timeline first, then the render drawn from it
  const timeline = planTimeline(p, source.info, edit);
  p.timeline = timeline;
  const output = join(o.dir, o.file);
  await renderClip(
    timelineRender(timeline, { source: source.path, probe: source.info, rangeStart: timeline.source.start, watermarkPath: o.watermarkPath, assPath, overlays: emojiOverlays(edit.captions.emoji, o.quality, p.aspect), cutawayFiles: cutawayFiles(drawn, cutaways), output, quality: o.quality }),
    { signal, onProgress: o.onProgress, encoder: o.encoder },
  );
  return { output, srtPath, srtOriginalPath };
}
