// Re-render one finished clip from its stored editing metadata (docs/render-protocol.md
// "Re-renders"): no new analysis, only the source range again, with another layout, caption style
// or dubbed audio. Result files are new versions; the Worker stores them under the re-render id.
import { readClipMetadata, type ClipEdits, type Style } from "@katto/protocol";
import { join } from "node:path";
import { clipCaptions, emojiOverlays, writeClipCaptions } from "./captions/clip-captions.js";
import { wordsForClip, type CaptionWord } from "./captions/clip-words.js";
import { resolveCaptionStyle, type CaptionStyleName } from "./captions/styles.js";
import { titleLookStyle } from "./clip-plan.js";
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
  };
}

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
  /** dubbed audio replacing the source's, one track per language (stages/dub.ts) */
  audioTracks?: readonly AudioTrack[];
  /** overrides of the stored layout / caption style (re-render params) */
  layoutMode?: string;
  captionStyle?: CaptionStyleName;
  /** the clip style of a re-render (resolved by the Worker); the stored one when absent */
  style?: Style;
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
export async function renderStoredClip(o: StoredClipRender): Promise<{ output: string; srtPath: string; layout: Layout; duration: number; edits: ClipEdits }> {
  if (!o.probe.video) throw new StageError("probing", "source has no video stream");
  const { stored, brandKit: kit, dir, name } = o;
  const words = o.words ?? stored.words;
  const frame = stored.content ? { width: stored.content.w, height: stored.content.h } : o.probe.video;
  const layout = chooseLayout(frame, rerenderLayout(o.layoutMode, stored.layout ?? kit?.default_layout ?? null), Boolean(stored.cropPath));
  const style = resolveCaptionStyle({ style: o.captionStyle ?? stored.captionStyle ?? undefined, ...brandCaptionOptions(kit) });
  const watermarkPath = await fetchWatermark(kit?.watermark_url, dir, { signal: o.signal, jobId: o.jobId });
  const duration = o.end - o.start;
  const faceCam = layout === "stacked" ? (stored.faceCam ?? undefined) : undefined;
  const captions = clipCaptions({
    words,
    durationS: duration,
    captionStyle: words.length ? style : null,
    look: titleLookStyle(kit),
    style: o.style ?? stored.style,
    title: stored.title,
    layout,
    picture: frame,
    openingFaces: stored.openingFaces,
    faceCam,
  });
  const { assPath, srtPath } = await writeClipCaptions(captions, dir, name);
  const output = join(dir, `${name}.mp4`);
  await renderClip(
    { source: o.source, probe: o.probe, start: o.start, end: o.end, layout, cropPath: layout === "face_tracking" ? (stored.cropPath ?? undefined) : undefined, panels: layout === stored.layout ? (stored.panels ?? undefined) : undefined, faceCam, content: stored.content, watermarkPath, assPath, overlays: emojiOverlays(captions.emoji, "hd"), output, quality: "hd", audioTracks: o.audioTracks },
    { signal: o.signal, encoder: o.encoder },
  );
  return { output, srtPath, layout, duration, edits: captions.edits };
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
  if (job.params.dub?.length) {
    ctx.stage = "dubbing";
    if (!o.dub) throw new StageError("dubbing", "dubbing is not configured on this render backend");
    const dubbed = await o.dub({ sourcePath: src.path, start: job.clip.start, end: job.clip.end, words, langs: job.params.dub, dir, signal });
    words = dubbed.words;
    audioTracks = dubbed.audioTracks;
    await client.event({ type: "progress", pct: 50 });
  }

  ctx.stage = "rendering";
  const name = `clip-${job.clip_index}`;
  const { output, srtPath, layout, duration, edits } = await renderStoredClip({
    source: src.path,
    probe: info,
    start: job.clip.start,
    end: job.clip.end,
    stored,
    words,
    audioTracks,
    layoutMode: job.params.layout_mode,
    captionStyle: job.params.caption_style as CaptionStyleName | undefined,
    style: job.params.style,
    brandKit: job.brand_kit,
    dir,
    name,
    signal,
    jobId: job.job_id,
    encoder: o.encoder,
  });

  ctx.stage = "uploading";
  await client.putFile(`${name}.mp4`, output, "video/mp4");
  await client.putFile(`${name}.srt`, srtPath, "application/x-subrip");
  await client.event({ type: "completed", file: `${name}.mp4`, captions_file: `${name}.srt`, duration: Math.round(duration * 1000) / 1000, style: job.params.style ?? stored.style, edits });
  log("info", "rerender completed", { rerender_id: job.rerender_id, layout });
  return { status: "completed" };
}
