// A clip's cover image (issue 37): one frame of the rendered clip where the speaker's face is
// largest and sharpest, with the clip's title drawn on it in the kit's title style (the hook title
// card's look, ./captions/title-card.ts), placed off the face. One function of (frame, title,
// style): the frame size is the rendered file's own, so a cover follows the clip's shape.
//
// The face comes from the detector the quality measures use (BlazeFace); sharpness is the variance
// of the Laplacian over the face box (Pech-Pacheco et al. 2000), the usual cheap focus measure.
// Frames under the hook title card or a B-roll cutaway are never chosen (the one shows a title of
// its own, the other no speaker), frames where the speaker's eyes are closed (a blink, a look down:
// ./cover-eyes.ts) are passed over while another face frame has them open, and frames with a
// caption page on screen count less. The HD file's cover is drawn at the preview's chosen moment
// (`at`), so both covers show the same frame; only the title is drawn again at the HD size.
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { createReadStream } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ClipTimeline } from "@katto/protocol";
import type { CaptionStyle } from "../captions/styles.js";
import { stillTitleDocument, titleHeight, titleLook, titleWidth, type TitleLook } from "../captions/title-card.js";
import { placeTitleCard, type TitleSpot } from "../captions/title-place.js";
import type { Face, FaceDetector } from "../engines/face/types.js";
import { escapeFilterValue } from "../ffmpeg/args.js";
import { runProcess } from "../ffmpeg/spawn.js";
import { qualityFaceDetector } from "../quality/measure-clip.js";
import { eyeDetail, eyesOpen } from "./cover-eyes.js";
import { RawFrameParser } from "../framing/faces.js";
import { defaultFontsDir } from "../rendering/render.js";
import { probe } from "../analysis/probe.js";
import { log } from "../runtime/log.js";

/** Frames sampled per second of the clip, and at most this many (a long clip is sampled more thinly). */
const SAMPLE_FPS = 2;
const MAX_SAMPLES = 16;
/** The sampled frames' shorter side (the other keeps the clip's shape): enough pixels for a focus measure on a face, and its eyes. */
const SAMPLE_SIDE = 288;
/** A frame with a caption page on screen counts this much of its score (the cover adds its own title). */
const CAPTIONED = 0.6;
/** The cover's title canvas width: the title card's sizes are made for a 1080-wide canvas. */
const TITLE_CANVAS_WIDTH = 1080;

export interface Interval {
  start: number;
  end: number;
}

/** One sampled frame as the choice sees it. */
export interface CoverSample {
  /** clip seconds */
  t: number;
  /** the largest face, sample pixels; null when none was found */
  face: Pick<Face, "x" | "y" | "w" | "h" | "score"> | null;
  /** Laplacian variance over the face box (over the whole frame without a face) */
  sharpness: number;
  /** a caption page is on screen */
  captioned: boolean;
  /** the speaker's eyes are open (./cover-eyes.ts); null when that could not be told */
  eyesOpen?: boolean | null;
}

const inside = (t: number, spans: readonly Interval[]) => spans.some((s) => t >= s.start && t < s.end);

/** Pure: the stretches a cover is never taken from and the ones it avoids, from the clip's timeline. */
export function coverSpans(timeline: ClipTimeline | null | undefined): { never: Interval[]; busy: Interval[] } {
  if (!timeline) return { never: [], busy: [] };
  const title = timeline.overlays.title_card;
  return {
    never: [...(title ? [{ start: title.start, end: title.end }] : []), ...timeline.overlays.broll.map((b) => ({ start: b.start, end: b.end }))],
    busy: timeline.captions.map((c) => ({ start: c.start, end: c.end })),
  };
}

/**
 * Pure: the best frame. With a face anywhere, the frame whose face is sharpest, weighed by the
 * face's size (a bigger face reads on a small cover) and its confidence, among the face frames with
 * the eyes open (all face frames when none has); without a face, the sharpest frame.
 */
export function pickCover(samples: readonly CoverSample[], frameArea: number): CoverSample | null {
  const withFace = samples.filter((s) => s.face);
  const eyesOpen = withFace.filter((s) => s.eyesOpen !== false);
  const pool = eyesOpen.length ? eyesOpen : withFace.length ? withFace : samples;
  let best: { s: CoverSample; score: number } | null = null;
  for (const s of pool) {
    const size = s.face ? Math.sqrt((s.face.w * s.face.h) / frameArea) * s.face.score : 1;
    const score = s.sharpness * size * (s.captioned ? CAPTIONED : 1);
    if (!best || score > best.score) best = { s, score };
  }
  return best?.s ?? null;
}

/** Pure: the variance of the 4-neighbour Laplacian of an RGB24 frame's luma inside `box` (the whole frame when null). */
export function laplacianVariance(rgb: Uint8Array, width: number, height: number, box: { x: number; y: number; w: number; h: number } | null): number {
  const x0 = Math.max(1, Math.floor(box?.x ?? 0));
  const y0 = Math.max(1, Math.floor(box?.y ?? 0));
  const x1 = Math.min(width - 1, Math.ceil(box ? box.x + box.w : width));
  const y1 = Math.min(height - 1, Math.ceil(box ? box.y + box.h : height));
  const luma = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    return 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!;
  };
  let n = 0;
  let sum = 0;
  let sq = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const l = luma(x - 1, y) + luma(x + 1, y) + luma(x, y - 1) + luma(x, y + 1) - 4 * luma(x, y);
      n++;
      sum += l;
      sq += l * l;
    }
  }
  return n ? sq / n - (sum / n) ** 2 : 0;
}

/** Pure: the sampling pass's arguments: the clip at SAMPLE_FPS (fewer for a long clip), SAMPLE_SIDE on its shorter side, raw RGB. */
export function coverSampleArgs(input: string, durationS: number, size: { width: number; height: number }, out: string): string[] {
  const fps = Math.min(SAMPLE_FPS, MAX_SAMPLES / Math.max(durationS, 1));
  return [
    "-hide_banner", "-nostdin", "-nostats", "-loglevel", "error", "-y",
    "-i", input, "-map", "0:v:0",
    "-vf", `fps=${fps.toFixed(4)},scale=${size.width}:${size.height}:flags=area,setsar=1,format=rgb24`,
    "-f", "rawvideo", out,
  ];
}

/** Pure: the one frame at `t` (clip seconds), SAMPLE_SIDE on its shorter side, raw RGB: sought as coverDrawArgs seeks, so it is the frame drawn. */
export function coverFrameArgs(input: string, t: number, size: { width: number; height: number }, out: string): string[] {
  return ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "error", "-y", "-ss", t.toFixed(3), "-i", input, "-map", "0:v:0", "-frames:v", "1", "-vf", `scale=${size.width}:${size.height}:flags=area,setsar=1,format=rgb24`, "-f", "rawvideo", out];
}

/**
 * The sample size of a frame: SAMPLE_SIDE on its shorter side (never more than the frame), its shape
 * kept, even: a face gets as many pixels in every shape (a 16:9 frame sampled 288 wide would leave
 * its speaker's eyes too small to judge, cover-eyes.ts MIN_FACE_WIDTH).
 */
export function sampleSize(frame: { width: number; height: number }): { width: number; height: number } {
  const k = Math.min(1, SAMPLE_SIDE / Math.min(frame.width, frame.height));
  const even = (n: number) => Math.max(2, Math.round((n * k) / 2) * 2);
  return { width: even(frame.width), height: even(frame.height) };
}

export interface CoverInput {
  /** the rendered clip */
  video: string;
  durationS: number;
  /** its frame size (the file's own) */
  frame: { width: number; height: number };
  title: string;
  /** the kit's title look (ClipPlan.look) */
  look: CaptionStyle;
  timeline?: ClipTimeline | null;
  /** where the JPEG goes */
  output: string;
  signal: AbortSignal;
  detector?: FaceDetector;
  fontsDir?: string;
  /** the frame's time already chosen (the preview's cover, for the HD file), clip seconds; absent: chosen here */
  at?: number;
}

/**
 * The latest time a cover frame may be taken at: a little before the file's end, since the container's
 * duration can run past the last video frame (audio longer than the picture, a frame's own length),
 * and a seek beyond the last frame decodes nothing.
 */
export const lastFrameTime = (durationS: number) => Math.max(0, durationS - 0.25);

export interface CoverChoice {
  /** the box of the frame the title covers, frame pixels from the top and from the left */
  title: { top: number; bottom: number; left: number; right: number };
  /** the chosen frame, clip seconds */
  t: number;
  /** the face on it, frame pixels; null when the clip shows none */
  face: { x: number; y: number; w: number; h: number } | null;
  sharpness: number;
  /** the eyes on it are open (./cover-eyes.ts); null when that could not be told (no face, too small, one frame only) */
  eyesOpen: boolean | null;
}

/** The clip's cover: the best frame chosen, its title drawn, written as a JPEG at the clip's frame size. */
export async function makeCover(i: CoverInput): Promise<CoverChoice> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "katto-cover-"));
  try {
    const frame = await chooseCoverFrame(i, dir);
    return { ...frame, title: await drawCover(i, frame, dir) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function chooseCoverFrame(i: CoverInput, dir: string): Promise<Omit<CoverChoice, "title">> {
  const size = sampleSize(i.frame);
  const raw = path.join(dir, "samples.rgb");
  // a time already chosen (the preview's, for the HD file): that one frame, measured for the title's place only
  const at = i.at === undefined ? null : Math.min(lastFrameTime(i.durationS), Math.max(0, i.at));
  await runProcess("ffmpeg", at === null ? coverSampleArgs(i.video, i.durationS, size, raw) : coverFrameArgs(i.video, at, size, raw), { stage: "rendering", signal: i.signal });
  const samples = await measureSamples(i, raw, size, at);
  const fallback: CoverSample = { t: at ?? Math.min(1, lastFrameTime(i.durationS) / 2), face: null, sharpness: 0, captioned: false };
  const best = (at === null ? pickCover(samples, size.width * size.height) : samples[0]) ?? fallback;
  const k = i.frame.width / size.width;
  const face = best.face ? { x: best.face.x * k, y: best.face.y * k, w: best.face.w * k, h: best.face.h * k } : null;
  return { t: best.t, face, sharpness: best.sharpness, eyesOpen: best.eyesOpen ?? null };
}

/** The sampled frames as the choice sees them: face, sharpness over it, eyes open, caption on screen. */
async function measureSamples(i: CoverInput, raw: string, size: { width: number; height: number }, at: number | null): Promise<CoverSample[]> {
  const fps = Math.min(SAMPLE_FPS, MAX_SAMPLES / Math.max(i.durationS, 1));
  const { never, busy } = coverSpans(i.timeline);
  const detector = i.detector ?? (await qualityFaceDetector());
  const parser = new RawFrameParser(size.width * size.height * 3);
  const samples: CoverSample[] = [];
  const details: (number | null)[] = [];
  let n = 0;
  for await (const bytes of createReadStream(raw, { highWaterMark: 1 << 20 })) {
    for (const rgb of parser.push(bytes as Buffer)) {
      i.signal.throwIfAborted();
      // the fps filter's frame k stands for the moment k / fps; taken a little after it so a cut's first frame is not it
      const t = at ?? Math.min(lastFrameTime(i.durationS), (n++ + 0.5) / fps);
      if (at === null && inside(t, never)) continue;
      const faces = await detector.detect({ width: size.width, height: size.height, rgb });
      const face = faces.sort((a, b) => b.w * b.h - a.w * a.h)[0] ?? null;
      samples.push({ t, face, sharpness: laplacianVariance(rgb, size.width, size.height, face), captioned: inside(t, busy) });
      details.push(face ? eyeDetail(rgb, size.width, size.height, face) : null);
    }
  }
  const open = eyesOpen(details);
  return samples.map((s, k) => ({ ...s, eyesOpen: open[k] ?? null }));
}

/** Pure: the cover's title canvas: 1080 wide, the frame's shape. */
export const coverTitleCanvas = (frame: { width: number; height: number }) => ({ width: TITLE_CANVAS_WIDTH, height: Math.round((TITLE_CANVAS_WIDTH * frame.height) / frame.width) });

/**
 * Pure: the title as the cover draws it: its lines wrapped for the canvas it is drawn on (issue 41:
 * a 16:9 clip's look is laid out on its 1920-wide frame, and wrapped for that, its lines ran off a
 * 1080-wide cover canvas), in every shape and on every path (preview, HD, re-render, clip by hand).
 */
export function coverTitleLook(title: string, look: CaptionStyle, frame: { width: number; height: number }): TitleLook {
  return titleLook(title.replace(/\s+/g, " ").trim() || " ", { ...look, canvas: coverTitleCanvas(frame) });
}

/**
 * Pure: the cover's title canvas (1080 wide, the frame's shape), the title's centre on it and its
 * lines as wrapped there: off the face as the hook title card is placed (captions/title-place.ts
 * placeTitleCard: above or below it, else beside it, a 16:9 frame's face filling its height).
 */
export function coverTitlePlace(frame: { width: number; height: number }, face: { x: number; y: number; w: number; h: number } | null, title: string, look: CaptionStyle): { canvas: { width: number; height: number } } & TitleSpot {
  const canvas = coverTitleCanvas(frame);
  const k = canvas.width / frame.width;
  const faces = face ? [{ x: face.x * k, y: face.y * k, w: face.w * k, h: face.h * k }] : [];
  return { canvas, ...placeTitleCard(title.replace(/\s+/g, " ").trim() || " ", { ...look, canvas }, faces, []) };
}

/** Pure: the drawing pass's arguments: the frame at `t`, the title document burned on, one JPEG at the clip's size. */
export function coverDrawArgs(o: { video: string; t: number; assPath: string; fontsDir?: string; output: string }): string[] {
  const ass = `ass=filename=${escapeFilterValue(o.assPath)}${o.fontsDir ? `:fontsdir=${escapeFilterValue(o.fontsDir)}` : ""}`;
  return ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "error", "-y", "-ss", o.t.toFixed(3), "-i", o.video, "-map", "0:v:0", "-frames:v", "1", "-vf", `setpts=PTS-STARTPTS,${ass}`, "-q:v", "2", "-an", o.output];
}

async function drawCover(i: CoverInput, choice: Omit<CoverChoice, "title">, dir: string): Promise<CoverChoice["title"]> {
  const { canvas, x, y, look } = coverTitlePlace(i.frame, choice.face, i.title, i.look);
  const height = titleHeight(look);
  const assPath = path.join(dir, "title.ass");
  await writeFile(assPath, stillTitleDocument(look, { x, y }, canvas));
  await runProcess("ffmpeg", coverDrawArgs({ video: i.video, t: choice.t, assPath, fontsDir: i.fontsDir ?? defaultFontsDir(), output: i.output }), { stage: "rendering", signal: i.signal });
  // ffmpeg exits 0 with nothing written when the seek lands past the last frame: no file is no cover
  if (!(await stat(i.output).catch(() => null))?.size) throw new Error(`ffmpeg wrote no cover frame at ${choice.t.toFixed(3)} s of a ${i.durationS.toFixed(3)} s clip`);
  const k = i.frame.width / canvas.width;
  const width = titleWidth(look);
  return { top: Math.round((y - height / 2) * k), bottom: Math.round((y + height / 2) * k), left: Math.round((x - width / 2) * k), right: Math.round((x + width / 2) * k) };
}

/**
 * Pure: the title a cover draws: the hook title card's text where the clip burns one (in the
 * captions' language, caption_language), so the cover and the clip say the same; else the clip's title.
 */
export const coverTitle = (title: string | null, timeline: ClipTimeline | null | undefined): string => timeline?.overlays.title_card?.text ?? title ?? "";

/**
 * A rendered clip file's cover, its frame size and length probed from the file (so a cover follows
 * the clip's shape), written to `output`; answers the frame's time on the clip (seconds). With `at`
 * (the preview's cover time, for the HD file) the frame is that moment's, not chosen again. A clip
 * never fails for its cover: a failure is logged and answers null (the clip then has no cover,
 * `cover_url` null), unless the work was aborted.
 */
export async function coverForClip(o: { video: string; title: string | null; look: CaptionStyle; timeline?: ClipTimeline | null; output: string; signal: AbortSignal; fontsDir?: string; ids: Record<string, unknown>; at?: number | null }): Promise<{ time: number } | null> {
  try {
    const info = await probe(o.video, { signal: o.signal });
    if (!info.video) return null;
    const c = await makeCover({ video: o.video, durationS: info.duration, frame: { width: info.video.width, height: info.video.height }, title: coverTitle(o.title, o.timeline), look: o.look, timeline: o.timeline, output: o.output, signal: o.signal, fontsDir: o.fontsDir, ...(o.at != null ? { at: o.at } : {}) });
    log("info", "cover made", { ...o.ids, at_s: Math.round(c.t * 100) / 100, face: c.face !== null, eyes_open: c.eyesOpen, chosen: o.at == null });
    return { time: Math.round(c.t * 1000) / 1000 };
  } catch (e) {
    if (o.signal.aborted) throw e;
    log("warn", "cover failed; the clip has none", { ...o.ids, error: e instanceof Error ? e.message : String(e) });
    return null;
  }
}
