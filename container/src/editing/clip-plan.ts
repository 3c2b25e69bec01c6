// Pure: what to render for one ranked moment (range, words, layout, crop path, caption style,
// file names) and how to report it to the Worker.
import { brandCaptionOptions, type BrandKit } from "./brand-kit.js";
import { clipEdit, type ClipEdit } from "./clip-edit.js";
import type { PlannedCut } from "./cut-plan.js";
import type { TimedRect } from "./zoom-plan.js";
import { wordsForClip, type CaptionWord } from "../captions/clip-words.js";
import { resolveCaptionStyle, type CaptionStyle } from "../captions/styles.js";
import type { Layout } from "../ffmpeg/args.js";
import { outputFps } from "../ffmpeg/filter-values.js";
import { aspectRatio, buildClipTimeline, clipFrame, FALLBACK_LAYOUT, type Aspect, isCropLayout, clipFiles, CLIP_METADATA_VERSION, parseSrt, round3, type CaptionStyleName, type ClipTimeline, type ClipFiles, type ClipMetadata, type ClipReport, type PostCopy, type RenderJobConfig, type Style, type TranslatedCaptions } from "@katto/protocol";
import { offlinePostCopy } from "../text/post-copy.js";
import { log } from "../runtime/log.js";
import { segmentsFromWords } from "../text/sentences.js";
import { centerPath, cropWindow, type CropKeyframe, type CropWindow } from "../framing/crop-path.js";
import type { PanelFocus, Rect } from "../framing/panels.js";
import { chooseLayout } from "../framing/choose-layout.js";
import type { PlannedCutaway } from "../broll/plan.js";
import type { ProbeResult, ScoredMoment, Transcript } from "../runtime/types.js";

export { clipFiles, mezzanineFile, type ClipFiles } from "@katto/protocol";

/**
 * What a first render is planned from: the job's config, plus a layout or caption style fixed by
 * the caller of planClip (tests and benches; the Worker's jobs leave both to the pipeline).
 */
export type PlanConfig = RenderJobConfig & { layout?: Layout; captionStyle?: CaptionStyleName };

export interface ClipPlan {
  index: number;
  moment: ScoredMoment;
  start: number;
  end: number;
  words: CaptionWord[];
  layout: Layout;
  cropWindow: CropWindow | null;
  cropPath: CropKeyframe[] | null;
  /** people's positions for split_screen / grid layouts (source pixels), left to right */
  panels: PanelFocus[] | null;
  /** stacked: the face-cam rectangle of the source (source pixels); the renderer's default when null */
  faceCam: Rect | null;
  /** the picture inside the source's black bars (framing/bars.ts); crop windows, paths, panels and face cam are in its pixels */
  content: Rect | null;
  /** why the layout was chosen, for the clip's metadata */
  layoutReason: string | null;
  style: CaptionStyle | null;
  /** the kit's caption look, which a hook title uses even when the clip shows no captions */
  look: CaptionStyle;
  /** the clip style (issue 26) as the Worker resolved it; `{}` for none */
  clipStyle: Style;
  /** the clip's headline (its title in the report, the hook title's text) */
  title: string;
  /** the cover image stored with the preview (../cover.ts) and its frame's time on the clip; absent when none could be made */
  cover?: { file: string; time: number };
  /** the union of the faces seen over the clip's first seconds (source pixels inside the bars), null when not measured */
  openingFaces: Rect | null;
  /** the B-roll cutaways drawn (style `broll`), set when the preview is rendered (job-previews.ts) */
  broll: PlannedCutaway[];
  /** style caption_language: the captions translated (captions/translate.ts), null when they are in the spoken language */
  translated: TranslatedCaptions | null;
  /** the largest face per second (seconds from the clip start, source pixels inside the bars), where zooms centre; null when not measured */
  faceBoxes: TimedRect[] | null;
  /**
   * two people side by side in the clip's source (from the analysis), where each sits, left to
   * right: the split screen a quality fix re-frames to rather than a crop between them; absent or
   * null when the analysis did not see two
   */
  pair?: PanelFocus[] | null;
  /**
   * the clip timeline its last render drew (cuts, captions, overlays, B-roll in clip time), set by
   * the renderer (rendering/job-previews.ts, work/manual-clip.ts): what the cover and the
   * measures read of that render, never recomputed from the plan
   */
  timeline?: ClipTimeline;
  /** jump cuts (style remove_silences / remove_fillers), seconds from the clip start; set before rendering (editing/clip-edit.ts clipCuts) */
  cuts: PlannedCut[];
  files: ClipFiles;
  /**
   * the clip's shape (issue 37): the one parameter every part of its render frames for (the crop
   * window's shape, the layouts' cells, the captions' canvas, the output size)
   */
  aspect: Aspect;
}

/** The kit's caption look for a hook title: the default caption style in the kit's font and colours. */
export const titleLookStyle = (kit: BrandKit | null | undefined, aspect: Aspect): CaptionStyle => resolveCaptionStyle({ style: "bold_pop", ...brandCaptionOptions(kit), canvas: clipFrame(aspect, "hd") })!;

/** A clip's title: its moment's headline, else its text, else its number. */
export const clipTitle = (m: ScoredMoment, index: number) => (m.title || m.text || `Clip ${index + 1}`).replace(/\s+/g, " ").trim().slice(0, 100);

const MIN_CLIP_S = 1;

export function planClip(m: ScoredMoment, index: number, probe: ProbeResult, t: Transcript, config: PlanConfig, content: Rect | null = null): ClipPlan {
  // framing happens inside the source's black bars, when it has any
  const video = content ? { width: content.w, height: content.h } : probe.video!;
  const start = Math.min(Math.max(0, m.start), Math.max(0, probe.duration - MIN_CLIP_S));
  const end = Math.min(probe.duration, Math.max(m.end, start + MIN_CLIP_S));
  // the job's shape, decided by the Worker when the job was created
  const aspect = config.aspect;
  // a requested layout wins over the brand kit's default
  const layout = chooseLayout(video, config.layout ?? config.brandKit?.default_layout ?? null, false, aspect, content !== null);
  const cropped = isCropLayout(layout);
  const win = cropped ? cropWindow(video.width, video.height, aspectRatio(aspect)) : null;
  return {
    index,
    moment: m,
    start,
    end,
    words: wordsForClip(t.words, start, end),
    layout,
    cropWindow: win,
    // face tracking will hand over a path here; until then the window stays centred
    cropPath: win ? centerPath(win) : null,
    panels: null,
    faceCam: null,
    content,
    layoutReason: config.layout ?? config.brandKit?.default_layout ? "Requested by the job or its brand kit." : null,
    style: resolveCaptionStyle({ style: config.captionStyle, ...brandCaptionOptions(config.brandKit), canvas: clipFrame(aspect, "hd") }),
    look: titleLookStyle(config.brandKit, aspect),
    clipStyle: config.style ?? {},
    title: clipTitle(m, index),
    openingFaces: null,
    broll: [],
    translated: null,
    faceBoxes: null,
    cuts: [],
    files: clipFiles(index),
    aspect,
  };
}

export const clipDuration = (p: ClipPlan) => p.end - p.start;

/**
 * The plan with the simplest framing the picture allows, for a second try after its render failed:
 * a still centre crop of a landscape picture (the picture inside the bars when there are bars), and
 * the whole frame of a portrait one. Everything else (range, words, captions, files) stays.
 */
export function simplerFraming(p: ClipPlan, video: { width: number; height: number }): ClipPlan {
  const picture = p.content ? { width: p.content.w, height: p.content.h } : video;
  const layout = chooseLayout(picture, FALLBACK_LAYOUT, false, p.aspect, p.content !== null);
  const win = layout === FALLBACK_LAYOUT ? cropWindow(picture.width, picture.height, aspectRatio(p.aspect)) : null;
  return {
    ...p,
    layout,
    cropWindow: win,
    cropPath: win ? centerPath(win) : null,
    panels: null,
    faceCam: null,
    layoutReason: `The planned ${p.layout} framing failed to render, so the clip was rendered with ${layout === FALLBACK_LAYOUT ? "a still centre crop" : "the whole frame"}.`,
  };
}

/** The plan as clip `index`: its position among the delivered clips, and the file names that go with it. */
export const renumberedPlan = (p: ClipPlan, index: number): ClipPlan => ({ ...p, index, files: clipFiles(index) });

/** What the plan's render draws from its words and style (ASS, SRT, emoji), its cuts and zooms, and the edits recorded. */
export function planEdit(p: ClipPlan, probe: ProbeResult): ClipEdit {
  return clipEdit({
    words: p.words,
    rangeS: clipDuration(p),
    sourceStart: p.start,
    cuts: p.cuts,
    captionStyle: p.style,
    look: p.look,
    style: p.clipStyle,
    title: p.title,
    layout: p.layout,
    picture: p.content ? { width: p.content.w, height: p.content.h } : (probe.video ?? clipFrame(p.aspect, "hd")),
    aspect: p.aspect,
    openingFaces: p.openingFaces,
    faceCam: p.faceCam,
    translated: p.translated,
    cropPath: p.cropPath,
    faceBoxes: p.faceBoxes,
    keyWords: p.moment.emphasis ?? [],
  });
}


/** The clip's `edits.broll`: each cutaway's asset id and clip times. */
export const brollEdits = (cuts: readonly PlannedCutaway[]) => cuts.map((c) => ({ asset: c.asset.id, start: round3(c.start), end: round3(c.end), ...(c.asset.credit ? { credit: c.asset.credit } : {}) }));

const pct = (n: number) => Math.round(Math.min(100, Math.max(0, Number.isFinite(n) ? n : 0)));

/**
 * The clip timeline of a plan's render (@katto/protocol clip-timeline.ts, issue 33): the range, the
 * cuts, the framing and zooms, the words and the caption pages its SRT holds, the overlays drawn.
 */
export function planTimeline(p: ClipPlan, probe: ProbeResult, edit: ClipEdit = planEdit(p, probe)): ClipTimeline {
  return buildClipTimeline({
    range: { start: p.start, end: p.end },
    cuts: edit.edits.cuts,
    sourceSize: probe.video ? { width: probe.video.width, height: probe.video.height } : null,
    content: p.content,
    layout: p.layout,
    cropWindow: p.cropWindow,
    cropPath: p.cropPath,
    panels: p.panels,
    faceCam: p.faceCam,
    zooms: edit.zooms,
    words: p.words.map((w) => ({ word: w.text, start: w.start, end: w.end })),
    captions: parseSrt(edit.captions.srt),
    titleCard: edit.edits.title_card,
    emphasis: edit.edits.emphasis,
    emoji: edit.edits.emoji,
    broll: brollEdits(p.broll),
    fps: outputFps(probe.video?.fps ?? 30),
    aspect: p.aspect,
  });
}

/**
 * The moment's post copy: the text engine's where it wrote one (the Workers AI scorer), else the
 * offline one from its sentences (its text when it has no timed words). A clip never fails for its
 * copy: an error leaves it empty, logged.
 */
export function postCopyOf(m: ScoredMoment): PostCopy {
  if (m.postCopy) return m.postCopy;
  try {
    return offlinePostCopy(m.words?.length ? segmentsFromWords(m.words).map((s) => s.text) : [m.text ?? ""]);
  } catch (e) {
    log("warn", "post copy failed; the clip's is empty", { start: m.start, error: e instanceof Error ? e.message : String(e) });
    return { description: "", hashtags: [] };
  }
}

export function clipReport(p: ClipPlan, probe: ProbeResult, engine: string): ClipReport & { metadata: ClipMetadata } {
  const m = p.moment;
  const edit = planEdit(p, probe);
  return {
    clip_index: p.index,
    title: p.title,
    score: pct(m.score),
    subscores: { hook: pct(m.subscores?.hook), flow: pct(m.subscores?.flow), value: pct(m.subscores?.value), trend: pct(m.subscores?.trend) },
    justification: (m.justification ?? "").slice(0, 2000),
    start: round3(p.start),
    end: round3(p.end),
    file: p.files.preview,
    captions_file: p.files.srt,
    ...(p.translated ? { captions_original_file: p.files.srtOriginal } : {}),
    ...(p.cover ? { cover_file: p.cover.file, cover_time: p.cover.time } : {}),
    ...postCopyOf(m),
    hd: false,
    metadata: {
      version: CLIP_METADATA_VERSION,
      caption_style: p.style?.name ?? "none",
      words: p.words.map((w) => ({ word: w.text, start: round3(w.start), end: round3(w.end) })),
      preview_file: p.files.preview,
      hd_file: p.files.hd,
      thumbnail_file: p.files.thumb,
      preview_size: clipFrame(p.aspect, "preview"),
      transcript_engine: engine,
      scorer: m.scoredBy ?? { engine: "offline" },
      style: p.clipStyle,
      edits: { ...edit.edits, broll: brollEdits(p.broll) },
      title: p.title,
      opening_faces: p.openingFaces,
      face_boxes: p.faceBoxes,
      ...(p.translated ? { captions_translated: { ...p.translated, words: p.translated.words.map((w) => ({ word: w.word, start: round3(w.start), end: round3(w.end) })) } } : {}),
      // the record of its range, cuts, framing, zooms, overlays and B-roll times (issue 41): the timeline its render was drawn from
      timeline: p.timeline ?? planTimeline(p, probe, edit),
      broll_assets: [...new Map(p.broll.map((c) => [c.asset.id, c.asset])).values()],
      ...(p.layoutReason ? { layout_reason: p.layoutReason } : {}),
      ...(m.emphasis?.length ? { key_words: m.emphasis } : {}),
      ...(m.selection ? { selection: { speech_s: round3(m.selection.speechS), clips_aimed: m.selection.target, clips_found: m.selection.found, fewer_reason: m.selection.fewerReason } } : {}),
    } satisfies ClipMetadata,
  };
}
