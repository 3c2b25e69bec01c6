// A clip as a CMX 3600 EDL (issue 22): the cuts only (the format has no crop, text or keyframes).
// One event per kept piece of the clip's range: source in/out (the source's own timecode, taken to
// start at 00:00:00:00) and record in/out (the clip's timeline), non-drop-frame timecode at the
// nearest whole frame rate (29.97 counts as 30, as NDF timecode does). The source's name rides in a
// "FROM CLIP NAME" comment, the reel is AX (no tape), the channels V and A together (B).
import { projectFps, toFrames, type ExportProject } from "./timeline.js";

/** Frames -> HH:MM:SS:FF at an integer timecode base. */
export function timecode(frames: number, base: number): string {
  const f = Math.max(0, Math.round(frames));
  const ff = f % base;
  const s = Math.floor(f / base);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(Math.floor(s / 3600))}:${p(Math.floor(s / 60) % 60)}:${p(s % 60)}:${p(ff)}`;
}

/** The timecode base of a rate: 30 for 30000/1001, 24 for 24000/1001, else the rounded rate. */
export const timecodeBase = (fps: { num: number; den: number }) => Math.max(1, Math.round(fps.num / fps.den));

/** EDL titles are one line of printable ASCII. */
const titleOf = (name: string) => name.replace(/[^\x20-\x7e]/g, "?").slice(0, 70) || "Katto clip";

export function writeEdl(p: ExportProject): string {
  const fps = projectFps(p);
  const base = timecodeBase(fps);
  const lines = [`TITLE: ${titleOf(p.name)}`, `FCM: NON-DROP FRAME`, ``];
  let rec = 0;
  p.timeline.pieces.forEach((piece, i) => {
    const srcIn = toFrames(piece.source_start, fps);
    const srcOut = toFrames(piece.source_end, fps);
    const len = srcOut - srcIn;
    const event = String(i + 1).padStart(3, "0");
    lines.push(`${event}  AX       B     C        ${timecode(srcIn, base)} ${timecode(srcOut, base)} ${timecode(rec, base)} ${timecode(rec + len, base)}`);
    lines.push(`* FROM CLIP NAME: ${titleOf(p.sourceName)}`);
    lines.push(``);
    rec += len;
  });
  return lines.join("\r\n");
}
