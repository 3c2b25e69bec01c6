// A finished clip as its stored editing metadata describes it (ClipMetadata, written by clipReport
// in clip-plan.ts): read field by field, and moved onto another range of the source for a trim.
// HD renders and re-renders draw the clip again from it (stored-render.ts) without a new analysis.
import { aspectOfMetadata, framedContent, isCamLayout, isPanelLayout, QUALITY_FLAGS, readClipMetadata, uncutCropPath, uncutPanels, type Aspect, type BrollAsset, type ClipTimeline, type ReadableClipMetadata, type QualityFix, type Style, type TranslatedCaptions } from "@katto/protocol";
import type { PlannedCutaway } from "../broll/plan.js";
import type { CaptionWord } from "../captions/clip-words.js";
import type { CaptionStyleName } from "../captions/styles.js";
import { storedCuts } from "../editing/clip-edit.js";
import type { PlannedCut } from "../editing/cut-plan.js";
import type { TimedRect } from "../editing/zoom-plan.js";
import { StageError } from "../runtime/errors.js";
import { hasSubject } from "../quality/flags.js";
import type { Edges } from "../quality/measures.js";
import { shiftPath, type CropKeyframe } from "../framing/crop-path.js";
import type { PanelFocus, Rect } from "../framing/panels.js";

/** What the stored metadata says about the clip. */
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
  /** its edges against the transcript, measured on the render of this range; null when unknown (older metadata, or a moved range: measured again) */
  qualityEdges: Edges | null;
  /** what was fixed before its first delivery */
  qualityFixes: QualityFix[];
  /** the B-roll cutaways it was rendered with (style `broll`), [] for none; null when they must be placed anew (a moved range) */
  broll: PlannedCutaway[] | null;
  /** its captions as translated on the first render (style caption_language), null when they were not or no longer hold (a moved range) */
  captionsTranslated: TranslatedCaptions | null;
  /** the largest face per second (clip-relative times), null when unknown */
  faceBoxes: TimedRect[] | null;
  /** the cuts it was rendered with, seconds from the clip start; null when they must be planned anew (a moved range) */
  cuts: PlannedCut[] | null;
  /** where its range starts in the original source (a mezzanine's range starts at 0; cuts are recorded in source seconds), null when unknown */
  sourceStart: number | null;
  /** its shape (issue 37); 9:16 for metadata written before shapes */
  aspect: Aspect;
  /** the key words a chat model named (issue 42), emphasised first; [] for none */
  keyWords: string[];
  /** the version's timeline as stored, which an HD file of the version draws as it is; null before timelines, and for a moved range */
  timeline: ClipTimeline | null;
}

/**
 * The stored metadata of a clip, read field by field (@katto/protocol readClipMetadata): a field an
 * older version did not write, or one malformed item, is left out; a newer format is refused.
 */
export function readStoredClip(metadata: unknown): StoredClip {
  const read = readClipMetadata(metadata);
  if (!read.ok) throw new StageError("rendering", read.error);
  const m = read.value;
  const timeline = m.timeline ? withFraming(m.timeline, m) : null;
  return {
    ...(timeline ? timelineFacts(timeline, m.broll_assets ?? []) : legacyFacts(m)),
    captionStyle: m.caption_style,
    words: (m.words ?? []).map((w) => ({ text: w.word, start: w.start, end: w.end })),
    style: m.style ?? {},
    title: m.title,
    openingFaces: m.opening_faces,
    qualityEdges: m.quality_edges,
    qualityFixes: (m.quality_fixes ?? []).flatMap((f) => ((QUALITY_FLAGS as readonly string[]).includes(f.flag) ? [{ flag: f.flag as QualityFix["flag"], action: f.action }] : [])),
    captionsTranslated: m.captions_translated,
    faceBoxes: m.face_boxes,
    cuts: clipTimelineCuts(m),
    keyWords: m.key_words ?? [],
    timeline,
  };
}

/**
 * A stored timeline with its panels and face cam: a timeline written before it held them (issue 41)
 * takes them from the metadata's own `panels` and `face_cam` fields, so its HD file and re-renders
 * frame as its preview did. (Those stored panels were read without paths: they stay where they look.)
 */
function withFraming(tl: ClipTimeline, m: ReadableClipMetadata): ClipTimeline {
  const panels = tl.panels !== undefined ? tl.panels : isPanelLayout(tl.layout) && m.panels?.length ? m.panels.map((p) => ({ x: p.x, y: p.y, w: null, path: [] })) : null;
  const faceCam = tl.face_cam !== undefined ? tl.face_cam : isCamLayout(tl.layout) ? m.face_cam : null;
  return { ...tl, panels, face_cam: faceCam };
}

/** What a stored clip's timeline records of it (issue 41: the record every render is drawn from). */
type RecordedFacts = Pick<StoredClip, "layout" | "cropPath" | "panels" | "faceCam" | "content" | "broll" | "sourceStart" | "aspect">;

/** The facts of a clip version from its timeline: its crop path back on the uncut range, its cutaways with the assets they show. */
function timelineFacts(tl: ClipTimeline, assets: readonly BrollAsset[]): RecordedFacts {
  const path = uncutCropPath(tl);
  const byId = new Map(assets.map((a) => [a.id, a]));
  return {
    layout: tl.layout,
    cropPath: path.length ? path : null,
    panels: uncutPanels(tl),
    faceCam: tl.face_cam ?? null,
    content: framedContent(tl),
    broll: tl.overlays.broll.flatMap((b) => (byId.has(b.asset) ? [{ asset: byId.get(b.asset)!, start: b.start, end: b.end }] : [])),
    sourceStart: tl.source.start,
    aspect: tl.aspect,
  };
}

/** The same facts from the fields of metadata written before the timeline (its clips still render, HD and re-rendered). */
function legacyFacts(m: ReadableClipMetadata): RecordedFacts {
  return {
    layout: m.layout,
    cropPath: m.crop_path?.length ? m.crop_path : null,
    panels: m.panels,
    faceCam: m.face_cam,
    content: m.content_rect,
    broll: m.broll_cutaways ?? [],
    sourceStart: m.source_range?.start ?? null,
    aspect: aspectOfMetadata(m),
  };
}

/**
 * The cuts a clip version was rendered with, on its uncut timeline: its stored clip timeline's
 * (what its render and measures read), each with the filler word its edits name; its edits' for
 * metadata written before the timeline.
 */
function clipTimelineCuts(m: ReadableClipMetadata): PlannedCut[] {
  const edits = m.edits?.cuts ?? [];
  if (m.timeline) {
    const word = (c: { source_start: number; reason: string }) => edits.find((e) => e.reason === c.reason && Math.abs(e.source_start - c.source_start) < 0.002)?.word;
    return storedCuts(m.timeline.cuts.map((c) => ({ ...c, reason: c.reason as PlannedCut["reason"], word: word(c) })), m.timeline.source.start);
  }
  return m.source_range && m.edits?.cuts ? storedCuts(m.edits.cuts, m.source_range.start) : [];
}

/** Fixes of the first render's edges: a trim's edges are the caller's, so these no longer describe the clip. */
const EDGE_FIXES: readonly string[] = ["cuts_mid_sentence", "cuts_word"];

/**
 * The stored clip moved onto another range of the source (a trim): the range now starts at source
 * second `start` (`from`: where the stored one started). What follows the picture is moved with the
 * start: crop and panel paths, face boxes and caption words are clip-relative, so each moves by the
 * shift (words falling before the new start are dropped). What depends on the range's content is
 * left to be made anew for it, as the first render made it: the cuts (planned on the new range's
 * audio and words), the B-roll cutaways (placed on its words), the translated captions (from its
 * words) and the edges (measured against the transcript). The opening faces and the face cam stay:
 * the same people are on screen.
 */
export function moveStoredClip(stored: StoredClip, from: number, start: number, end: number): StoredClip {
  const shift = from - start;
  const duration = end - start;
  return {
    ...stored,
    cropPath: stored.cropPath ? shiftPath(stored.cropPath, -shift) : null,
    panels: stored.panels?.map((p) => (p.path ? { ...p, path: shiftPath(p.path, -shift) } : p)) ?? null,
    faceBoxes: stored.faceBoxes?.map((b) => ({ ...b, t: b.t + shift })).filter((b) => b.t >= 0 && b.t <= duration) ?? null,
    words: stored.words.map((w) => ({ ...w, start: w.start + shift, end: w.end + shift })).filter((w) => w.start >= 0 && w.end <= duration + 0.05),
    cuts: null,
    broll: null,
    captionsTranslated: null,
    qualityEdges: null,
    qualityFixes: stored.qualityFixes.filter((f) => !EDGE_FIXES.includes(f.flag)),
    sourceStart: start,
    timeline: null,
  };
}

/** A layout the clip was re-framed to so that its speaker stays in (quality/fixes.ts; `fixes` as true of this layout): still checked for the speaker, as the preview was. */
export const reframedFrom = (layout: string, fixes: readonly QualityFix[]) => hasSubject(layout) || fixes.some((f) => f.flag === "subject_out_of_frame");

/** The stored translation when it is into the style's caption language (HD renders, re-renders keeping it). */
export function storedTranslation(stored: StoredClip, style: Style): TranslatedCaptions | null {
  const to = style.caption_language;
  return to && stored.captionsTranslated?.to === to ? stored.captionsTranslated : null;
}
