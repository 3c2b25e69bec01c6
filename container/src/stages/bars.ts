// Stage: the source's own black bars (a 4:3 picture pillarboxed in 16:9, a film letterboxed in
// 16:9). ffmpeg's cropdetect runs on a few frames at several points of the source; the picture is
// the union of what it finds (so one dark scene does not eat into the picture), and bars thinner
// than a few percent are ignored (encoders leave a dark line or two at the edges). Every layout
// frames this picture, never the bars (ffmpeg/args.ts `content`).
import { runProcess } from "../ffmpeg/spawn.js";
import type { Rect } from "../reframe/panels.js";

/** Sample points over the source and frames cropdetect sees at each. */
const POINTS = 6;
const FRAMES_PER_POINT = 4;
/** A bar narrower than this share of the frame is not a bar. */
const MIN_BAR_SHARE = 0.03;
/** cropdetect: luma at or below this (of 255) is black; round the crop to even pixels. */
const BLACK_LIMIT = 24;

const s3 = (n: number) => String(Number(Math.max(0, n).toFixed(3)));

/** Pure: ffmpeg arguments running cropdetect on a few frames at t. */
export function cropdetectArgs(source: string, t: number): string[] {
  return [
    "-hide_banner", "-nostdin", "-loglevel", "info",
    "-ss", s3(t), "-i", source,
    "-map", "0:v:0", "-an", "-sn", "-dn",
    "-frames:v", String(FRAMES_PER_POINT),
    "-vf", `cropdetect=limit=${BLACK_LIMIT}:round=2:reset=0`,
    "-f", "null", "-",
  ];
}

/** Pure: the last `crop=w:h:x:y` cropdetect printed, or null. */
export function parseCropdetect(stderr: string): Rect | null {
  const all = [...stderr.matchAll(/crop=(\d+):(\d+):(\d+):(\d+)/g)];
  const m = all[all.length - 1];
  if (!m) return null;
  const [w, h, x, y] = m.slice(1, 5).map(Number) as [number, number, number, number];
  return w > 0 && h > 0 ? { x, y, w, h } : null;
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
  const found: (Rect | null)[] = [];
  for (let k = 0; k < POINTS; k++) {
    const t = (o.durationS * (k + 0.5)) / POINTS;
    try {
      const r = await runProcess("ffmpeg", cropdetectArgs(source, t), { stage: "probing", signal: o.signal, stderrTailBytes: 3000 });
      found.push(parseCropdetect(r.stderrTail));
    } catch (e) {
      if (o.signal.aborted) throw e;
      found.push(null);
    }
  }
  return contentRect(found, o.video);
}
