// Small value formatters every filter builder shares: seconds and numbers as ffmpeg reads them,
// even pixel sizes, and the output frame rate.
import { parseRate } from "@katto/protocol";

/** Seconds, never negative, to the millisecond. */
export const sec = (n: number) => Number(Math.max(0, n).toFixed(3)).toString();

/** A number to four decimals, as a filter expression reads it. */
export const num = (n: number) => String(Number(n.toFixed(4)));

/** The nearest even size of at least 2 (yuv420p needs even sizes). */
export const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/**
 * Output frame rate: min(source, 60) as a rational, keeping NTSC rates exact
 * (29.97 -> 30000/1001) so frames are not dropped or duplicated.
 */
export function outputFps(fps: number): string {
  if (!(fps > 0) || !Number.isFinite(fps)) return "30";
  const f = Math.min(fps, 60);
  const ntsc = f * 1.001;
  if (Math.abs(ntsc - Math.round(ntsc)) < 0.005 && Math.abs(f - Math.round(f)) > 0.01) return `${Math.round(ntsc) * 1000}/1001`;
  if (Math.abs(f - Math.round(f)) < 0.005) return String(Math.round(f));
  return String(Number(f.toFixed(3)));
}

/** A rational frame rate ("30000/1001") as a number. */
export function fpsValue(rate: string): number {
  const r = parseRate(rate);
  return r.num / r.den;
}

