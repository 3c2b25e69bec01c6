// Stage: the source's own black bars (a 4:3 picture pillarboxed in 16:9, a film letterboxed in
// 16:9). ffmpeg's cropdetect runs on a few frames at several points of the source; the picture is
// the union of what it finds (so one dark scene does not eat into the picture), and bars thinner
// than a few percent are ignored (encoders leave a dark line or two at the edges). Every layout
// frames this picture, never the bars (rendering/reframe-filter.ts `contentFilter`).
import { runProcess } from "../ffmpeg/spawn.js";
import type { Rect } from "./panels.js";

/** Sample points over the source and frames cropdetect sees at each. */
const POINTS = 6;
const FRAMES_PER_POINT = 4;
/** A bar narrower than this share of the frame is not a bar. */
const MIN_BAR_SHARE = 0.03;
/** cropdetect: luma at or below this (of 255) is black; round the crop to even pixels. */
const BLACK_LIMIT = 24;

const s3 = (n: number) => String(Number(Math.max(0, n).toFixed(3)));

/** Pure: one ffmpeg pass running cropdetect on a few frames at each of `times`: one seeked input and one labelled cropdetect per time. */
export function cropdetectArgs(source: string, times: readonly number[]): string[] {
  return [
    "-hide_banner", "-nostdin", "-loglevel", "info",
    ...times.flatMap((t) => ["-ss", s3(t), "-i", source]),
    "-filter_complex", times.map((_, k) => `[${k}:v:0]cropdetect@p${k}=limit=${BLACK_LIMIT}:round=2:reset=0[o${k}]`).join(";"),
    ...times.flatMap((_, k) => ["-map", `[o${k}]`, "-frames:v", String(FRAMES_PER_POINT), "-f", "null", "-"]),
  ];
}

/** Pure: for each of `count` points, the last `crop=w:h:x:y` its cropdetect (cropdetect@p<k>) printed, or null. */
export function parseCropdetect(stderr: string, count: number): (Rect | null)[] {
  const last: (Rect | null)[] = Array.from({ length: count }, () => null);
  for (const m of stderr.matchAll(/\[cropdetect@p(\d+) @ [^\]]*\][^\n]*crop=(\d+):(\d+):(\d+):(\d+)/g)) {
    const k = Number(m[1]);
    const [w, h, x, y] = m.slice(2, 6).map(Number) as [number, number, number, number];
    if (k < count) last[k] = w > 0 && h > 0 ? { x, y, w, h } : null;
  }
  return last;
}

/**
 * Pure: the picture inside the bars from per-sample detections (frame pixels): their union, or
 * null when the bars are negligible or nothing was detected (an all-black sample detects nothing).
 */
export function contentRect(found: readonly (Rect | null)[], frame: { width: number; height: number }): Rect | null {
  const rs = found.filter((r): r is Rect => r !== null && r.w >= frame.width * 0.2 && r.h >= frame.height * 0.2);
  if (rs.length === 0) return null;
  let x0 = Math.min(...rs.map((r) => r.x));
  let y0 = Math.min(...rs.map((r) => r.y));
  let x1 = Math.max(...rs.map((r) => r.x + r.w));
  let y1 = Math.max(...rs.map((r) => r.y + r.h));
  // bars thinner than MIN_BAR_SHARE on a side are kept as picture
  if (x0 < frame.width * MIN_BAR_SHARE) x0 = 0;
  if (y0 < frame.height * MIN_BAR_SHARE) y0 = 0;
  if (frame.width - x1 < frame.width * MIN_BAR_SHARE) x1 = frame.width;
  if (frame.height - y1 < frame.height * MIN_BAR_SHARE) y1 = frame.height;
  const even = (n: number) => 2 * Math.floor(n / 2);
  const r = { x: even(x0), y: even(y0), w: even(x1 - even(x0)), h: even(y1 - even(y0)) };
  return r.w >= frame.width && r.h >= frame.height ? null : r;
}

/**
 * The source's picture without its black bars (displayed pixels, after rotation), or null when it
 * has none. Failures (an odd stream ffmpeg cannot seek) mean "no bars": framing then uses the
 * whole frame, as before.
 */
export async function detectBars(source: string, o: { signal: AbortSignal; durationS: number; video: { width: number; height: number } }): Promise<Rect | null> {
  const times = Array.from({ length: POINTS }, (_, k) => (o.durationS * (k + 0.5)) / POINTS);
  try {
    const r = await runProcess("ffmpeg", cropdetectArgs(source, times), { stage: "probing", signal: o.signal, stderrTailBytes: 1 << 16 });
    return contentRect(parseCropdetect(r.stderrTail, POINTS), o.video);
  } catch (e) {
    if (o.signal.aborted) throw e;
    return null;
  }
}
