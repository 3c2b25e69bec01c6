// The 1080p render of a stored clip (stored-clip.ts) and its measure: what HD fan-out tasks and
// local HD renders (hd-clip.ts) and re-renders (rerender.ts) draw. Whatever the stored clip no
// longer knows for its range (a trim: cuts, cutaways) is made here as the first render made it.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { AUTO_LAYOUT, aspectRatio, buildClipTimeline, clipFrame, type Aspect, isCamLayout, isCropLayout, SCREEN_LAYOUT, WHOLE_PICTURE_LAYOUT, parseSrt, type ClipEdits, type ClipQuality, type ClipTimeline, type Style, type TaskBroll, type TranslatedCaptions } from "@katto/protocol";
import { brandCaptionOptions, type BrandKit } from "../editing/brand-kit.js";
import { assetFiles, brollSource, clipCutaways, localCutaways } from "../broll/assets.js";
import { emojiOverlays, writeClipCaptions } from "../captions/clip-captions.js";
import type { CaptionWord } from "../captions/clip-words.js";
import { resolveCaptionStyle, type CaptionStyleName } from "../captions/styles.js";
import { brollEdits, titleLookStyle } from "../editing/clip-plan.js";
import { clipCuts, clipEdit, gridFps } from "../editing/clip-edit.js";
import type { PlannedCut } from "../editing/cut-plan.js";
import { mapWords } from "../editing/timeline.js";
import { StageError } from "../runtime/errors.js";
import { renderableLayout, type AudioTrack, type Layout } from "../ffmpeg/args.js";
import { log } from "../runtime/log.js";
import { measureClip } from "../quality/measure-clip.js";
import { timelineUnjudged, type Edges } from "../quality/measures.js";
import { fixesForLayout } from "../quality/fixes.js";
import { probe } from "../analysis/probe.js";
import { chooseLayout } from "../framing/choose-layout.js";
import { screenCamPanel } from "../framing/screen-panels.js";
import { renderClip, type Encoder } from "../rendering/render.js";
import { fetchWatermark } from "../rendering/watermark.js";
import { cutawayFiles, timelineRender } from "../rendering/timeline-render.js";
import { cropWindow, reshapePath } from "../framing/crop-path.js";
import { outputFps } from "../ffmpeg/filter-values.js";
import { reframedFrom, storedTranslation, type StoredClip } from "./stored-clip.js";
import type { ProbeResult } from "../runtime/types.js";

/** The layout to render: the requested one (spec names), else the stored one. */
export function rerenderLayout(requested: string | undefined, stored: string | null): Layout {
  return renderableLayout(requested ?? stored ?? WHOLE_PICTURE_LAYOUT);
}

/** Whether two styles cut alike (then a render of one reuses the other's cuts). */
const sameCuts = (a: Style, b: Style) => (a.remove_silences === true) === (b.remove_silences === true) && (a.remove_fillers === true) === (b.remove_fillers === true);

export interface StoredClipRender {
  /** local path of the source (the original video, or the clip's mezzanine) and its probe */
  source: string;
  probe: ProbeResult;
  /** the clip's range in that source */
  start: number;
  end: number;
  stored: StoredClip;
  /** caption words, clip-relative; the stored ones unless dubbing replaced them */
  words?: CaptionWord[];
  /** the captions in another language than `words` (dub, caption_language); the stored translation of the style's language when absent */
  translated?: TranslatedCaptions | null;
  /** dubbed audio replacing the source's, one track per language, voiced on the clip's own timeline with `cuts` (work/dub.ts) */
  audioTracks?: readonly AudioTrack[];
  /** the jump cuts of the clip timeline to render (storedRenderCuts, made before a dub is voiced on them); made here when absent */
  cuts?: readonly PlannedCut[];
  /** overrides of the stored layout / caption style (re-render params) */
  layoutMode?: string;
  captionStyle?: CaptionStyleName;
  /** the clip style of a re-render (resolved by the Worker); the stored one when absent */
  style?: Style;
  /** the shape to render in, as the task carries it (the Worker resolved it: the job's, the clip's, or a re-render's request) */
  aspect: Aspect;
  /**
   * the version's own stored timeline, drawn as it is (an HD file of the version: the same cuts,
   * framing, zooms and cutaways as its preview); absent, the render builds its timeline from the
   * stored clip as the operation changes it
   */
  timeline?: ClipTimeline;
  /** B-roll to plan new cutaways from, when the style asks for other ones than the clip has (or its range moved) */
  broll?: TaskBroll;
  brandKit: BrandKit | null;
  dir: string;
  /** base of the output names: <name>.mp4, <name>.srt */
  name: string;
  signal: AbortSignal;
  jobId: string;
  encoder?: Encoder;
}

/**
 * The 1080p render of a clip from its stored editing metadata: layout, crop path, caption style
 * and the account's brand kit. Words and crop path are clip-relative (clip-plan.ts clipReport), so
 * they hold for any source whose range is [start, end), the original or the clip's mezzanine.
 */
export async function renderStoredClip(o: StoredClipRender): Promise<{ output: string; srtPath: string; srtOriginalPath: string | null; layout: Layout; duration: number; edits: ClipEdits; words: CaptionWord[]; timeline: ClipTimeline }> {
  if (!o.probe.video) throw new StageError("probing", "source has no video stream");
  const { brandKit: kit, dir, name } = o;
  const words = o.words ?? o.stored.words;
  const frame = o.stored.content ? { width: o.stored.content.w, height: o.stored.content.h } : o.probe.video;
  const aspect = o.aspect;
  const stored = reshapedClip(o.stored, aspect, frame);
  const layout = o.timeline ? renderableLayout(o.timeline.layout) : chooseLayout(frame, rerenderLayout(o.layoutMode, stored.layout ?? kit?.default_layout ?? null), Boolean(stored.cropPath), aspect, stored.content !== null);
  const canvas = clipFrame(aspect, "hd");
  const style = resolveCaptionStyle({ style: o.captionStyle ?? stored.captionStyle ?? undefined, ...brandCaptionOptions(kit), canvas });
  const watermarkPath = await fetchWatermark(kit?.watermark_url, dir, { signal: o.signal, jobId: o.jobId });
  const duration = o.end - o.start;
  const faceCam = isCamLayout(layout) ? (stored.faceCam ?? undefined) : undefined;
  const clipStyle = o.style ?? stored.style;
  const translated = o.translated !== undefined ? o.translated : storedTranslation(stored, clipStyle);
  const cuts = o.cuts ?? (await storedRenderCuts({ ...o, stored, words, style: clipStyle }));
  const edit = clipEdit({
    words,
    rangeS: duration,
    sourceStart: stored.sourceStart ?? o.start,
    cuts,
    captionStyle: words.length ? style : null,
    look: titleLookStyle(kit, aspect),
    style: clipStyle,
    title: stored.title,
    layout,
    picture: frame,
    openingFaces: stored.openingFaces,
    faceCam,
    translated,
    cropPath: isCropLayout(layout) ? stored.cropPath : null,
    faceBoxes: stored.faceBoxes,
    aspect,
    keyWords: stored.keyWords,
  });
  const captions = edit.captions;
  const { assPath, srtPath, srtOriginalPath } = await writeClipCaptions(captions, dir, name);
  const shown = mapWords(words, edit.keep);
  const { drawn, cutaways } = await storedClipCutaways({ ...o, stored, aspect }, shown, edit.durationS);
  // the version's timeline first (in the original source's seconds: an HD task's mezzanine starts at 0), then the render drawn from it
  const sourceStart = stored.sourceStart ?? o.start;
  const timeline = o.timeline ?? buildClipTimeline({
    range: { start: sourceStart, end: sourceStart + duration },
    cuts: edit.edits.cuts,
    sourceSize: { width: o.probe.video.width, height: o.probe.video.height },
    content: stored.content,
    layout,
    cropWindow: isCropLayout(layout) ? cropWindow(frame.width, frame.height, aspectRatio(aspect)) : null,
    cropPath: layout === AUTO_LAYOUT ? stored.cropPath : null,
    // a re-render into another layout frames anew: the stored panels are the stored layout's
    panels: layout === stored.layout ? stored.panels : null,
    faceCam,
    zooms: edit.zooms,
    words: words.map((w) => ({ word: w.text, start: w.start, end: w.end })),
    captions: parseSrt(captions.srt),
    titleCard: edit.edits.title_card,
    emphasis: edit.edits.emphasis,
    emoji: edit.edits.emoji,
    broll: brollEdits(drawn),
    fps: outputFps(o.probe.video.fps),
    aspect,
  });
  const output = join(dir, `${name}.mp4`);
  await renderClip(
    timelineRender(timeline, { source: o.source, probe: o.probe, rangeStart: o.start, watermarkPath, assPath, overlays: emojiOverlays(captions.emoji, "hd", aspect), cutawayFiles: cutawayFiles(drawn, cutaways), audioTracks: o.audioTracks, output, quality: "hd" }),
    { signal: o.signal, encoder: o.encoder },
  );
  return { output, srtPath, srtOriginalPath, layout, duration: edit.durationS, edits: { ...edit.edits, broll: brollEdits(drawn) }, words: shown, timeline };
}

/**
 * The jump cuts of a stored clip's render: the ones its stored timeline has (an HD render, or a
 * re-render that changes no cutting option) are kept; a style that cuts otherwise, or a moved
 * range, listens to the range again as the first render did: to the source's own sound, also
 * when a dub replaces it (the dub is voiced on the pieces kept of the original speech).
 */
export async function storedRenderCuts(o: Pick<StoredClipRender, "source" | "probe" | "start" | "end" | "stored" | "signal"> & { words: readonly CaptionWord[]; style: Style }): Promise<PlannedCut[]> {
  if (o.stored.cuts && sameCuts(o.style, o.stored.style)) return o.stored.cuts;
  return clipCuts({ source: o.source, start: o.start, end: o.end, hasAudio: o.probe.audio !== null, words: o.words, style: o.style, fps: gridFps(o.probe.video?.fps), signal: o.signal });
}

/**
 * The cutaways of a stored clip's render: none when its style asks for none; the ones it has when
 * its B-roll source is the one it was rendered with and its range did not move (an HD file, a
 * re-render changing something else), so the clip looks the same; else placed anew on the words as
 * heard in this render (a trim, or a re-render that turns B-roll on or switches library and stock).
 */
async function storedClipCutaways(o: StoredClipRender, words: readonly CaptionWord[], duration: number) {
  const style = o.style ?? o.stored.style;
  if (style.broll !== "library" && style.broll !== "stock") return { drawn: [], cutaways: [] };
  const files = assetFiles(o.dir, o.jobId);
  const stored = o.stored.broll;
  // without assets to place new ones, the clip keeps the cutaways it has
  if (stored && (style.broll === o.stored.style.broll || !o.broll)) return localCutaways(stored.filter((c) => c.end <= duration), files, o.signal);
  if (!o.broll) {
    // a task from a Worker that predates placing B-roll anew: the clip renders without cutaways
    log("warn", "B-roll not drawn: the clip's cutaways must be placed anew and the task carries no B-roll assets", { job_id: o.jobId });
    return { drawn: [], cutaways: [] };
  }
  return clipCutaways(words, duration, brollSource(style, o.broll, files, { jobId: o.jobId, frame: clipFrame(o.aspect, "hd") }), o.signal);
}

/**
 * The stored clip in shape `aspect` (a re-render into another shape, issue 37): its crop path moved
 * so the window of the new shape stays centred where the old one was, on the subject it followed.
 * Panels and the face cam are laid out anew from their people's places by the renderer.
 */
function reshapedClip(stored: StoredClip, aspect: Aspect, picture: { width: number; height: number }): StoredClip {
  if (aspect === stored.aspect || !stored.cropPath) return { ...stored, aspect };
  const from = cropWindow(picture.width, picture.height, aspectRatio(stored.aspect));
  const to = cropWindow(picture.width, picture.height, aspectRatio(aspect));
  return { ...stored, aspect, cropPath: reshapePath(stored.cropPath, from.w, to.w, to.maxX) };
}

/** What a stored clip's new render ships besides its file: its SRT, its timeline (what it kept and drew over the picture), the source range it shows in `path`'s seconds. */
export interface ShippedRender {
  srtPath: string;
  timeline: ClipTimeline;
  source: { path: string; start: number; end: number; picture: { width: number; height: number } };
}

/**
 * The quality of a stored clip's new render (HD file, re-render version), measured on the file and
 * the SRT it ships. Edges: `edges` when measured for this render's range (a trim), else the stored
 * ones (same range); its fixes as far as they are still true of this render's layout
 * (quality/fixes.ts fixesForLayout). Words: the render's caption words. `sourceSpeaks`: the
 * transcript has words around the range (a trim's task words), so a version without speech is
 * flagged as a job's clip is; by default, whether the render has words.
 */
export async function measureStoredRender(o: { output: string; layout: string; aspect: Aspect; words: readonly CaptionWord[]; stored: StoredClip; edges?: Edges; signal: AbortSignal; shipped?: ShippedRender; sourceSpeaks?: boolean }): Promise<ClipQuality | undefined> {
  try {
    const info = await probe(o.output, { signal: o.signal });
    const edges = o.edges ?? o.stored.qualityEdges ?? { starts_on_sentence: null, ends_on_sentence: null, cut_word: false };
    const fixes = fixesForLayout(o.stored.qualityFixes, o.stored.layout, o.layout);
    const sh = o.shipped;
    const picture = o.stored.content ? { width: o.stored.content.w, height: o.stored.content.h } : sh?.source.picture;
    return await measureClip({
      file: o.output,
      duration: info.duration,
      hasAudio: info.audio !== null,
      layout: o.layout,
      aspect: o.aspect,
      // a clip re-framed from a face layout is still checked for its speaker
      subject: reframedFrom(o.layout, fixes) || undefined,
      words: o.words,
      ...(sh ? { captions: await readFile(sh.srtPath, "utf8"), source: sh.source } : {}),
      ...(sh && picture ? { unjudged: timelineUnjudged(sh.timeline, o.stored.faceBoxes, picture) } : {}),
      edges,
      // a source with speech whose version holds none (a trim over a pause) is no_speech, not unjudged
      expectSpeech: o.sourceSpeaks ?? o.words.length > 0,
      fixes,
      subjectPanel: o.layout === SCREEN_LAYOUT && picture ? screenCamPanel(clipFrame(o.aspect, "hd"), picture, o.stored.faceCam) : null,
      signal: o.signal,
    });
  } catch (e) {
    // a measure that fails never holds back a rendered file: it is delivered unmeasured (quality absent)
    if (o.signal.aborted) throw e;
    log("warn", "measuring the rendered clip failed; delivered without quality", { file: o.output, error: String(e) });
    return undefined;
  }
}
