// Re-render one finished clip from its stored editing metadata (docs/render-protocol.md
// "Re-renders"): no new analysis, only the source range again, with another layout, caption style
// or dubbed audio. Result files are new versions; the Worker stores them under the re-render id.
import { CLIP_FRAMES, CROP_LAYOUTS, QUALITY_FLAGS, readClipMetadata, type ClipEdits, type ClipQuality, type QualityFix, type Style, type TranslatedCaptions } from "@katto/protocol";
import { measureClip } from "./quality/measure-clip.js";
import type { Edges } from "./quality/measures.js";
import type { TaskBroll } from "@katto/protocol";
import { assetFiles, brollSource, clipCutaways, localCutaways } from "./broll/assets.js";
import type { PlannedCutaway } from "./broll/plan.js";
import { join } from "node:path";
import { clipCaptions, emojiOverlays, originalSrtName, writeClipCaptions } from "./captions/clip-captions.js";
import { spokenLanguage, TRANSLATE_STAGE, translateCaptions } from "./captions/translate.js";
import type { Translator } from "./engines/translate/index.js";
import { clipCuts, clipEdit, gridFps, storedCuts } from "./edit/clip-edit.js";
import type { PlannedCut } from "./edit/cut-plan.js";
import type { TimedRect } from "./edit/zoom-plan.js";
import { mapWords } from "./edit/timeline.js";
import { wordsForClip, type CaptionWord } from "./captions/clip-words.js";
import { resolveCaptionStyle, type CaptionStyleName } from "./captions/styles.js";
import { brollEdits, titleLookStyle } from "./clip-plan.js";
import type { CallbackClient } from "./callback-client.js";
import { LAYOUTS, type AudioTrack, type Layout } from "./ffmpeg/args.js";
import { StageError } from "./errors.js";
import { log } from "./log.js";
import type { RerenderJob } from "./protocol.js";
import { runWork, workDirPrefix, type WorkContext, type WorkOutcome } from "./run-work.js";
import { shiftPath, type CropKeyframe } from "./reframe/crop-path.js";
import type { PanelFocus, Rect } from "./reframe/panels.js";
import type { ProbeResult } from "./types.js";
import { download } from "./stages/download.js";
import { probe } from "./stages/probe.js";
import { chooseLayout, renderClip, type Encoder } from "./stages/render.js";
import { fetchWatermark } from "./stages/watermark.js";
import { brandCaptionOptions, type BrandKit } from "./brand-kit.js";

export type RerenderOutcome = WorkOutcome<{ status: "completed" }>;

/** Dubbing hook: translated, re-voiced audio and caption words for a clip (engines/dub). */
export type DubClip = (input: {
  sourcePath: string;
  start: number;
  end: number;
  words: CaptionWord[];
  langs: string[];
  dir: string;
  signal: AbortSignal;
}) => Promise<{ audioTracks: { lang: string; path: string }[]; words: CaptionWord[] }>;

export interface RerenderOptions {
  job: RerenderJob;
  signal: AbortSignal;
  client: CallbackClient;
  workRoot?: string;
  dub?: DubClip;
  /** the dub's translation engines, for style caption_language */
  translator?: Translator;
  maxBytes?: number;
  encoder?: Encoder;
}

/** What the stored metadata says about the clip (written by clipReport in clip-plan.ts). */
export interface StoredClip {
  layout: string | null;
  captionStyle: CaptionStyleName | null;
  cropPath: CropKeyframe[] | null;
  panels: PanelFocus[] | null;
  /** stacked: the face-cam rectangle chosen on the first render */
  faceCam: Rect | null;
  /** the picture inside the source's black bars: every layout frames it (null: the whole frame) */
  content: Rect | null;
  words: CaptionWord[];
  /** the clip style it was rendered with ({} before styles existed) */
  style: Style;
  /** its headline (a hook title's text), null when older metadata lacks it */
  title: string | null;
  /** faces over its first seconds (source pixels inside the bars), null when unknown */
  openingFaces: Rect | null;
  /** its edges against the transcript, measured on the first render (the range never changes after); null when older metadata lacks them */
  qualityEdges: Edges | null;
  /** what was fixed before its first delivery */
  qualityFixes: QualityFix[];
  /** the B-roll cutaways it was rendered with (style `broll`), [] for none */
  broll: PlannedCutaway[];
  /** its captions as translated on the first render (style caption_language), null when they were not */
  captionsTranslated: TranslatedCaptions | null;
  /** the largest face per second (clip-relative times), null when unknown */
  faceBoxes: TimedRect[] | null;
  /** the cuts it was rendered with, seconds from the clip start */
  cuts: PlannedCut[];
  /** where its range starts in the original source (a mezzanine's range starts at 0; cuts are recorded in source seconds), null when unknown */
  sourceStart: number | null;
}

/**
 * The stored metadata of a clip, read field by field (@katto/protocol readClipMetadata): a field an
 * older version did not write, or one malformed item, is left out; a newer format is refused.
 */
export function readStoredClip(metadata: unknown): StoredClip {
  const read = readClipMetadata(metadata);
  if (!read.ok) throw new StageError("rendering", read.error);
  const m = read.value;
  return {
    layout: m.layout,
    captionStyle: m.caption_style,
    cropPath: m.crop_path?.length ? m.crop_path : null,
    panels: m.panels,
    faceCam: m.face_cam,
    content: m.content_rect,
    words: (m.words ?? []).map((w) => ({ text: w.word, start: w.start, end: w.end })),
    style: m.style ?? {},
    title: m.title,
    openingFaces: m.opening_faces,
    qualityEdges: m.quality_edges,
    qualityFixes: (m.quality_fixes ?? []).flatMap((f) => ((QUALITY_FLAGS as readonly string[]).includes(f.flag) ? [{ flag: f.flag as QualityFix["flag"], action: f.action }] : [])),
    broll: m.broll_cutaways ?? [],
    captionsTranslated: m.captions_translated,
    faceBoxes: m.face_boxes,
    cuts: m.source_range && m.edits?.cuts ? storedCuts(m.edits.cuts, m.source_range.start) : [],
    sourceStart: m.source_range?.start ?? null,
  };
}

/** A crop the clip was re-framed to so that its speaker stays in (quality/fixes.ts): still checked for the speaker, as the preview was. */
export const reframedCrop = (layout: string, fixes: readonly QualityFix[]) =>
  (CROP_LAYOUTS as readonly string[]).includes(layout) && fixes.some((f) => f.flag === "subject_out_of_frame");

/**
 * The quality of a stored clip's new render (HD file, re-render version), measured on the file;
 * edges and fixes come from the first render (same range). Words: the render's caption words.
 */
export async function measureStoredRender(o: { output: string; layout: string; words: readonly CaptionWord[]; stored: StoredClip; signal: AbortSignal }): Promise<ClipQuality | undefined> {
  try {
    const info = await probe(o.output, { signal: o.signal });
    const edges = o.stored.qualityEdges ?? { starts_on_sentence: null, ends_on_sentence: null, cut_word: false };
    return await measureClip({ file: o.output, duration: info.duration, hasAudio: info.audio !== null, layout: o.layout, subject: reframedCrop(o.layout, o.stored.qualityFixes) || undefined, words: o.words, edges, expectSpeech: o.words.length > 0, fixes: o.stored.qualityFixes, signal: o.signal });
  } catch (e) {
    // a measure that fails never holds back a rendered file: it is delivered unmeasured (quality absent)
    if (o.signal.aborted) throw e;
    log("warn", "measuring the rendered clip failed; delivered without quality", { file: o.output, error: String(e) });
    return undefined;
  }
}

/** The stored translation when it is into the style's caption language (HD renders, re-renders keeping it). */
export function storedTranslation(stored: StoredClip, style: Style): TranslatedCaptions | null {
  const to = style.caption_language;
  return to && stored.captionsTranslated?.to === to ? stored.captionsTranslated : null;
}

/** A render backend without translation engines: every pair is unsupported, saying so. */
const NO_TRANSLATOR: Translator = { name: "none", supports: (from, to) => from === to, translate: async (texts) => [...texts] };
/** Whether two styles cut alike (then a render of one reuses the other's cuts). */
const sameCuts = (a: Style, b: Style) => (a.remove_silences === true) === (b.remove_silences === true) && (a.remove_fillers === true) === (b.remove_fillers === true);

/**
 * The stored clip re-based on a range that starts `shift` seconds earlier (later when negative) in
 * the source than the one it was rendered from: crop and panel paths and caption words are
 * clip-relative, so each moves by `shift` (words falling before the new start are dropped).
 */
export function rebaseStoredClip(stored: StoredClip, shift: number): StoredClip {
  if (shift === 0) return stored;
  return {
    ...stored,
    cropPath: stored.cropPath ? shiftPath(stored.cropPath, -shift) : null,
    panels: stored.panels?.map((p) => (p.path ? { ...p, path: shiftPath(p.path, -shift) } : p)) ?? null,
    words: stored.words.map((w) => ({ ...w, start: w.start + shift, end: w.end + shift })).filter((w) => w.start >= 0),
  };
}

/** The layout to render: the requested one (spec names), else the stored one. */
export function rerenderLayout(requested: string | undefined, stored: string | null): Layout {
  const want = requested ?? stored ?? "wide";
  if (!(LAYOUTS as readonly string[]).includes(want)) throw new StageError("rendering", `layout ${want} is not available on this render backend`);
  return want as Layout;
}

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
  /** dubbed audio replacing the source's, one track per language (stages/dub.ts) */
  audioTracks?: readonly AudioTrack[];
  /** overrides of the stored layout / caption style (re-render params) */
  layoutMode?: string;
  captionStyle?: CaptionStyleName;
  /** the clip style of a re-render (resolved by the Worker); the stored one when absent */
  style?: Style;
  /** B-roll to plan new cutaways from, when the re-render's style asks for other ones than the clip has */
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
 * Used by re-renders and by HD fan-out tasks (hd-clip.ts).
 */
export async function renderStoredClip(o: StoredClipRender): Promise<{ output: string; srtPath: string; srtOriginalPath: string | null; layout: Layout; duration: number; edits: ClipEdits; words: CaptionWord[] }> {
  if (!o.probe.video) throw new StageError("probing", "source has no video stream");
  const { stored, brandKit: kit, dir, name } = o;
  const words = o.words ?? stored.words;
  const frame = stored.content ? { width: stored.content.w, height: stored.content.h } : o.probe.video;
  const layout = chooseLayout(frame, rerenderLayout(o.layoutMode, stored.layout ?? kit?.default_layout ?? null), Boolean(stored.cropPath));
  const style = resolveCaptionStyle({ style: o.captionStyle ?? stored.captionStyle ?? undefined, ...brandCaptionOptions(kit) });
  const watermarkPath = await fetchWatermark(kit?.watermark_url, dir, { signal: o.signal, jobId: o.jobId });
  const duration = o.end - o.start;
  const faceCam = layout === "stacked" ? (stored.faceCam ?? undefined) : undefined;
  const clipStyle = o.style ?? stored.style;
  const translated = o.translated !== undefined ? o.translated : storedTranslation(stored, clipStyle);
  // the cuts the clip has (an HD render, or a re-render that changes no cutting option) are kept;
  // a style that cuts otherwise listens to the range again
  const cuts = sameCuts(clipStyle, stored.style) ? stored.cuts : await clipCuts({ source: o.source, start: o.start, end: o.end, hasAudio: o.probe.audio !== null && !o.audioTracks?.length, words, style: clipStyle, fps: gridFps(o.probe.video.fps), signal: o.signal });
  const edit = clipEdit({
    words,
    rangeS: duration,
    sourceStart: stored.sourceStart ?? o.start,
    cuts,
    captionStyle: words.length ? style : null,
    look: titleLookStyle(kit),
    style: clipStyle,
    title: stored.title,
    layout,
    picture: frame,
    openingFaces: stored.openingFaces,
    faceCam,
    translated,
    cropPath: layout === "face_tracking" || layout === "center_crop" ? stored.cropPath : null,
    faceBoxes: stored.faceBoxes,
  });
  const captions = edit.captions;
  const { assPath, srtPath, srtOriginalPath } = await writeClipCaptions(captions, dir, name);
  const shown = mapWords(words, edit.keep);
  const { drawn, cutaways } = await storedClipCutaways(o, shown, edit.durationS);
  const output = join(dir, `${name}.mp4`);
  await renderClip(
    { source: o.source, probe: o.probe, start: o.start, end: o.end, layout, cropPath: layout === "face_tracking" ? (stored.cropPath ?? undefined) : undefined, panels: layout === stored.layout ? (stored.panels ?? undefined) : undefined, faceCam, content: stored.content, watermarkPath, assPath, overlays: emojiOverlays(captions.emoji, "hd"), cutaways, output, quality: "hd", audioTracks: o.audioTracks, keep: edit.keep, zooms: edit.zooms },
    { signal: o.signal, encoder: o.encoder },
  );
  return { output, srtPath, srtOriginalPath, layout, duration: edit.durationS, edits: { ...edit.edits, broll: brollEdits(drawn) }, words: shown };
}

/**
 * The cutaways of a stored clip's render: none when its style asks for none; the ones it has when
 * its B-roll source is the one it was rendered with (an HD file, a re-render changing something
 * else), so the clip looks the same; else planned anew from the task's B-roll (a re-render that
 * turns B-roll on or switches library and stock).
 */
async function storedClipCutaways(o: StoredClipRender, words: readonly CaptionWord[], duration: number) {
  const style = o.style ?? o.stored.style;
  if (style.broll !== "library" && style.broll !== "stock") return { drawn: [], cutaways: [] };
  const files = assetFiles(o.dir, o.jobId);
  if (style.broll === o.stored.style.broll || !o.broll) return localCutaways(o.stored.broll.filter((c) => c.end <= duration), files, o.signal);
  return clipCutaways(words, duration, brollSource(style, o.broll, files, { jobId: o.jobId, frame: CLIP_FRAMES.hd }), o.signal);
}

export async function runRerender(o: RerenderOptions): Promise<RerenderOutcome> {
  const { job } = o;
  return runWork({
    kind: "rerender",
    ids: { rerender_id: job.rerender_id, job_id: job.job_id },
    dirPrefix: workDirPrefix("rerender", job.rerender_id),
    workRoot: o.workRoot,
    signal: o.signal,
    client: o.client,
    stage: "downloading",
    userMessage: (stage) => `re-render failed while ${stage}`,
    failedEvent: ({ error }) => ({ type: "failed", error }),
    body: (ctx) => rerenderBody(o, ctx),
  });
}

async function rerenderBody(o: RerenderOptions, ctx: WorkContext): Promise<{ status: "completed" }> {
  const { job, signal, client } = o;
  const { dir } = ctx;
  await client.event({ type: "progress", pct: 1 });
  const storedAsRendered = readStoredClip(job.clip.metadata);
  const src = await download(job.source.url, dir, { signal, maxBytes: o.maxBytes ?? 20 * 1024 ** 3 });
  ctx.stage = "probing";
  const info = await probe(src.path, { signal, fileSize: src.bytes });
  if (!info.video) throw new StageError("probing", "source has no video stream");
  await client.event({ type: "progress", pct: 20 });

  // A trim renders another range of the source: the stored clip-relative paths move with its start,
  // and the captions come from the transcript's (corrected) words when the Worker sends them.
  const stored = rebaseStoredClip(storedAsRendered, (job.metadata_start ?? job.clip.start) - job.clip.start);
  let words = job.words ? wordsForClip(job.words, job.clip.start, job.clip.end) : stored.words;
  let audioTracks: AudioTrack[] | undefined;
  let translated: TranslatedCaptions | null | undefined;
  const style = job.params.style ?? stored.style;
  if (job.params.dub?.length) {
    ctx.stage = "dubbing";
    if (!o.dub) throw new StageError("dubbing", "dubbing is not configured on this render backend");
    const dubbed = await o.dub({ sourcePath: src.path, start: job.clip.start, end: job.clip.end, words, langs: job.params.dub, dir, signal });
    audioTracks = dubbed.audioTracks;
    // a dubbed clip's captions show what is heard (the first dub language); the spoken words stay
    // as the second SRT (docs/api-decisions.md "Caption language")
    const from = spokenLanguage(stored.words);
    if (from === job.params.dub[0] || !stored.words.length) words = dubbed.words;
    else translated = { from, to: job.params.dub[0]!, words: dubbed.words.map((w) => ({ word: w.text, start: w.start, end: w.end })) };
    await client.event({ type: "progress", pct: 50 });
  } else if (style.caption_language) {
    ctx.stage = TRANSLATE_STAGE;
    translated =
      storedTranslation(stored, style) ??
      (await translateCaptions({ words: stored.words, title: stored.title, to: style.caption_language, translator: o.translator ?? NO_TRANSLATOR, signal }));
    await client.event({ type: "progress", pct: 40 });
  }

  ctx.stage = "rendering";
  const name = `clip-${job.clip_index}`;
  const { output, srtPath, srtOriginalPath, layout, duration, edits, words: shown } = await renderStoredClip({
    source: src.path,
    probe: info,
    start: job.clip.start,
    end: job.clip.end,
    stored,
    words,
    translated,
    audioTracks,
    layoutMode: job.params.layout_mode,
    captionStyle: job.params.caption_style as CaptionStyleName | undefined,
    style: job.params.style,
    broll: job.broll,
    brandKit: job.brand_kit,
    dir,
    name,
    signal,
    jobId: job.job_id,
    encoder: o.encoder,
  });

  ctx.stage = "checking";
  const quality = await measureStoredRender({ output, layout, words: shown, stored, signal });
  ctx.stage = "uploading";
  await client.putFile(`${name}.mp4`, output, "video/mp4");
  await client.putFile(`${name}.srt`, srtPath, "application/x-subrip");
  if (srtOriginalPath) await client.putFile(originalSrtName(name), srtOriginalPath, "application/x-subrip");
  await client.event({
    type: "completed",
    file: `${name}.mp4`,
    captions_file: `${name}.srt`,
    ...(srtOriginalPath ? { captions_original_file: originalSrtName(name) } : {}),
    duration: Math.round(duration * 1000) / 1000,
    style,
    edits,
    quality,
  });
  log("info", "rerender completed", { rerender_id: job.rerender_id, layout });
  return { status: "completed" };
}
