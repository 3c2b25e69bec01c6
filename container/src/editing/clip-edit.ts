// A clip's edits in one place, for every render path (previews, HD, re-renders): its jump cuts
// (./cut-plan.ts, found on the clip's audio), the timeline they leave (./timeline.ts), everything
// the captions draw moved onto that timeline (../captions/clip-captions.ts), its punch-in zooms
// (./zoom-plan.ts), and the `edits` the clip records. Pure except clipCuts, which listens to the audio.
import type { ClipEdits, Style } from "@katto/protocol";
import { clipCaptions, type ClipCaptions, type ClipCaptionsInput } from "../captions/clip-captions.js";
import type { CaptionWord } from "../captions/clip-words.js";
import { keyRanks } from "../captions/keywords.js";
import { fpsValue, outputFps } from "../ffmpeg/filter-values.js";
import type { CropKeyframe } from "../framing/crop-path.js";
import { cropWindow } from "../framing/crop-path.js";
import { planCuts, type PlannedCut } from "./cut-plan.js";
import { findFillersInSound } from "./fillers.js";
import { detectQuiet } from "./quiet.js";
import { keptDuration, keptSpans, mapWords, toClipTime, type Span } from "./timeline.js";
import { frameFaces, planZooms, speakerChanges, zoomCandidates, type TimedRect, type Zoom } from "./zoom-plan.js";
import { aspectRatio, isCropLayout } from "@katto/protocol";

const r3 = (n: number) => Math.round(n * 1000) / 1000;

/** Whether a style cuts anything. */
export const cutsWanted = (style: Style) => style.remove_silences === true || style.remove_fillers === true;

/** The output frame rate as a number (cut edges sit on its grid). */
export const gridFps = (sourceFps: number | undefined) => fpsValue(outputFps(sourceFps ?? 30));

/**
 * The cuts a style asks of a clip: its audio's quiet intervals over [start, end] (only when it
 * removes silences and has audio), its words (uncut clip times) and, when it removes fillers, the
 * fillers its sound has that no word shows (./fillers.ts). [] when the style cuts nothing.
 */
export async function clipCuts(o: { source: string; start: number; end: number; hasAudio: boolean; words: readonly CaptionWord[]; style: Style; fps: number; signal: AbortSignal }): Promise<PlannedCut[]> {
  if (!cutsWanted(o.style)) return [];
  const duration = o.end - o.start;
  const quiet = o.style.remove_silences === true && o.hasAudio ? (await detectQuiet(o.source, { start: o.start, duration }, o.signal)).quiet : [];
  const heard = o.style.remove_fillers === true && o.hasAudio ? await findFillersInSound({ source: o.source, start: o.start, duration, words: o.words, signal: o.signal }) : [];
  return planCuts({ words: o.words, quiet, heard, durationS: duration, fps: o.fps, removeSilences: o.style.remove_silences === true, removeFillers: o.style.remove_fillers === true });
}

/** The stored cuts of a clip (edits.cuts, source seconds) on its uncut timeline, for a range starting at source second `sourceStart`. */
export function storedCuts(cuts: readonly { source_start: number; source_end: number; reason: PlannedCut["reason"]; word?: string }[], sourceStart: number): PlannedCut[] {
  return cuts.map((c) => ({ start: c.source_start - sourceStart, end: c.source_end - sourceStart, reason: c.reason, ...(c.word ? { word: c.word } : {}) }));
}

export interface ClipEditInput extends Omit<ClipCaptionsInput, "durationS"> {
  /** the uncut range's length */
  rangeS: number;
  /** where the range starts in the source (cuts are recorded in source seconds) */
  sourceStart: number;
  cuts: readonly PlannedCut[];
  /** the crop path of a cropping layout (uncut clip times), for speaker changes and faces' places */
  cropPath: readonly CropKeyframe[] | null;
  /** the largest face per second (uncut clip times, source pixels inside the bars), null when not measured */
  faceBoxes: readonly TimedRect[] | null;
}

export interface ClipEdit {
  captions: ClipCaptions;
  /** the kept spans of the range, seconds from its start */
  keep: Span[];
  /** the clip's duration once cut */
  durationS: number;
  zooms: Zoom[];
  edits: ClipEdits;
}

export function clipEdit(i: ClipEditInput): ClipEdit {
  const keep = keptSpans(i.rangeS, i.cuts);
  const durationS = keptDuration(keep);
  const words = mapWords(i.words, keep);
  // translated captions (style caption_language) are timed on the uncut clip too: they follow the cuts the same way
  const tr = i.translated;
  const translated = tr ? { ...tr, words: mapWords(tr.words.map((w) => ({ text: w.word, start: w.start, end: w.end })), keep, undefined, { keepClipped: true }).map((w) => ({ word: w.text, start: w.start, end: w.end })) } : tr;
  const captions = clipCaptions({ ...i, words, durationS, translated });
  // zooms land on the words as the captions show them (translated ones when caption_language translated them)
  const shown = translated ? translated.words.map((w) => ({ text: w.word, start: w.start, end: w.end })) : words;
  const zooms = i.style.zoom === "punch_in" ? clipZooms(i, shown, keep, durationS, captions.edits.emphasis) : [];
  const edits: ClipEdits = {
    ...captions.edits,
    zooms: zooms.map((z) => ({ start: z.start, end: z.end, scale: z.scale })),
    cuts: i.cuts.map((c) => ({ source_start: r3(i.sourceStart + c.start), source_end: r3(i.sourceStart + c.end), reason: c.reason, ...(c.word ? { word: c.word } : {}) })),
  };
  return { captions: { ...captions, edits }, keep, durationS, zooms, edits };
}

/**
 * The zooms: on the key words (those drawn as key words when the style has emphasis on, so the
 * zoom lands on the highlighted word) and where the camera settles on another speaker.
 */
function clipZooms(i: ClipEditInput, words: readonly CaptionWord[], keep: readonly Span[], durationS: number, emphasised: readonly { start: number }[]): Zoom[] {
  const faces = frameFaces(i.faceBoxes ?? [], { layout: i.layout, picture: i.picture, cropPath: i.cropPath, spans: keep, aspect: i.aspect });
  if (!faces) return [];
  let ranks = keyRanks(words);
  if (i.style.emphasis === "keywords") {
    const marked = new Set(emphasised.map((e) => r3(e.start)));
    ranks = ranks.map((r, k) => (marked.has(r3(words[k]!.start)) ? r : 0));
  }
  const cropping = isCropLayout(i.layout);
  const changes = cropping ? speakerChanges(i.cropPath, cropWindow(i.picture.width, i.picture.height, aspectRatio(i.aspect)).w).map((t) => toClipTime(keep, t)) : [];
  return planZooms(zoomCandidates(words, ranks, changes), faces, durationS);
}
