// A clip as an editor sees it (issue 22 "Hand off to an editor"): the clip's timeline (the one
// model of a clip, @katto/protocol clip-timeline.ts, which the render backend stores with every
// clip version) plus how the project names and refers to its source. The four project writers
// (./mlt.ts, ./fcpxml.ts, ./otio.ts, ./edl.ts) each turn this one value into a file; ./from-clip.ts
// builds it from a stored clip. The crop, zoom and time maths are the timeline's own (issue 33 case
// 8: no copy of the renderer's maths here). Pure: no I/O, no Worker types, so the render tests read
// it back with melt.
//
// Relative imports carry `.js` (resolved to .ts by the Worker's bundler and by Node's type check of
// the render tests, which import these writers).
import { parseRate, parseSrt, toFrames, toSeconds, type ClipTimeline, type Rational } from "@katto/protocol";

export { parseSrt, toFrames, toSeconds, type Rational };

export interface Cue {
  /** seconds on the clip's own timeline */
  start: number;
  end: number;
  text: string;
}

export interface ExportProject {
  /** project and sequence name */
  name: string;
  /** how the project refers to the source: a URL, or a file name relative to the project */
  sourceRef: string;
  /** the source's file name (also when sourceRef is a URL) */
  sourceName: string;
  /** displayed source size (after rotation), the pixels the crop window is in */
  sourceSize: { width: number; height: number };
  /** why the project shows the whole picture where the clip shows panels; null otherwise */
  note: string | null;
  timeline: ClipTimeline;
}

/** The project's frame rate as a rational. */
export const projectFps = (p: ExportProject): Rational => parseRate(p.timeline.fps);

/** Escape text for XML attribute values and element content. */
export const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");

/** A number for a file: at most `digits` decimals, no trailing zeros, no "-0". */
export function num(n: number, digits = 3): string {
  const v = Number(n.toFixed(digits));
  return String(Object.is(v, -0) ? 0 : v);
}
