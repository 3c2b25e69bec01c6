// One typed description of a clip as an editor sees it (issue 22 "Hand off to an editor"): where it
// sits in the source, what is kept of that range, how the 9:16 frame shows the source over time
// (the crop path), the caption cues, zooms and B-roll. The four project writers (./mlt.ts,
// ./fcpxml.ts, ./otio.ts, ./edl.ts) each turn this one value into a file; ./from-clip.ts builds it
// from a stored clip. Pure: no I/O, no Worker types, so the render tests read it back with melt.
//
// Relative imports carry `.js` (resolved to .ts by the Worker's bundler and by Node's type check of
// the render tests, which import these writers).

export interface Rational {
  num: number;
  den: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The crop window's left edge over time: t seconds from the clip start, x in content pixels (crop-path.ts). */
export interface CropKey {
  t: number;
  x: number;
}

/**
 * How the output frame shows the source:
 *  - crop: a window of `window.w` x `window.h` inside the content rectangle (the picture inside the
 *    source's black bars, or the whole frame), its top at `window.y` and its left edge following
 *    `path`, scaled to fill the frame (layouts center_crop and face_tracking);
 *  - fit: the whole content rectangle fitted into the frame, centred (wide, passthrough, and the
 *    multi-panel layouts, which an editor's single track cannot hold: `note` says so).
 */
export type Framing =
  | { kind: "crop"; content: Rect; window: { w: number; h: number; y: number }; path: CropKey[] }
  | { kind: "fit"; content: Rect; note: string | null };

export interface Cue {
  /** seconds on the clip's own timeline */
  start: number;
  end: number;
  text: string;
}

export interface ClipTimeline {
  /** project and sequence name */
  name: string;
  /** how the project refers to the source: a URL, or a file name relative to the project */
  sourceRef: string;
  /** the source's file name (also when sourceRef is a URL) */
  sourceName: string;
  /** displayed source size (after rotation), the pixels the crop window is in */
  sourceSize: { width: number; height: number };
  /** output frame */
  frame: { width: number; height: number };
  fps: Rational;
  /** the clip's range in the source, seconds */
  start: number;
  end: number;
  /** what is kept of [start, end], source seconds, in order (the range minus the clip's cuts) */
  pieces: { start: number; end: number }[];
  framing: Framing;
  captions: Cue[];
  /** punch-ins, clip seconds, scale > 1 about the frame centre */
  zooms: { start: number; end: number; scale: number }[];
  /** cutaways over the clip, clip seconds; `asset` a file name or URL */
  broll: { asset: string; start: number; end: number }[];
  /** the hook title card, clip seconds */
  titleCard: Cue | null;
}

/** "30000/1001" or "30" -> a rational; anything else -> 30/1. */
export function parseRate(rate: string | undefined): Rational {
  const m = /^(\d+)(?:\/(\d+))?$/.exec(rate ?? "");
  if (!m) return { num: 30, den: 1 };
  const num = Number(m[1]);
  const den = m[2] ? Number(m[2]) : 1;
  return num > 0 && den > 0 ? { num, den } : { num: 30, den: 1 };
}

/** Frames at `fps` nearest to `seconds`. */
export const toFrames = (seconds: number, fps: Rational) => Math.round((seconds * fps.num) / fps.den);
/** Seconds of `frames` frames. */
export const toSeconds = (frames: number, fps: Rational) => (frames * fps.den) / fps.num;

/** The clip's length on its own timeline: the kept pieces end to end, seconds. */
export const clipDuration = (tl: Pick<ClipTimeline, "pieces">) => tl.pieces.reduce((s, p) => s + (p.end - p.start), 0);

/** The kept pieces of [start, end] once `cuts` (source seconds) are taken out; cuts outside the range are ignored. */
export function keptPieces(start: number, end: number, cuts: readonly { source_start: number; source_end: number }[]): { start: number; end: number }[] {
  const sorted = cuts
    .map((c) => ({ a: Math.max(start, c.source_start), b: Math.min(end, c.source_end) }))
    .filter((c) => c.b > c.a)
    .sort((x, y) => x.a - y.a);
  const out: { start: number; end: number }[] = [];
  let at = start;
  for (const c of sorted) {
    if (c.a > at) out.push({ start: at, end: c.a });
    at = Math.max(at, c.b);
  }
  if (end > at) out.push({ start: at, end });
  return out;
}

/** The crop window's left edge at clip time t: linear between keyframes, held outside (crop-path.ts cropXAt). */
export function cropXAt(path: readonly CropKey[], t: number): number {
  if (path.length === 0) return 0;
  let x = path[0]!.x;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i]!;
    const b = path[i + 1]!;
    const f = b.t > a.t ? Math.min(1, Math.max(0, (t - a.t) / (b.t - a.t))) : t >= b.t ? 1 : 0;
    x += (b.x - a.x) * f;
  }
  return x;
}

/** The zoom at clip time t: the scale of the punch-in covering t, else 1. */
export function zoomAt(zooms: ClipTimeline["zooms"], t: number): number {
  return zooms.find((z) => t >= z.start && t < z.end)?.scale ?? 1;
}

/**
 * Where the whole source frame sits in the output frame at clip time `t` (output pixels): the
 * rectangle a transform draws the source into, so that the crop window fills the frame. A zoom
 * scales it about the frame's centre.
 */
export function sourcePlacement(tl: Pick<ClipTimeline, "framing" | "frame" | "sourceSize" | "zooms">, t: number): Rect {
  const { width: W, height: H } = tl.frame;
  const f = tl.framing;
  let r: Rect;
  if (f.kind === "crop") {
    const s = H / f.window.h;
    const left = f.content.x + cropXAt(f.path, t);
    const top = f.content.y + f.window.y;
    r = { x: 0 - left * s, y: 0 - top * s, w: tl.sourceSize.width * s, h: tl.sourceSize.height * s };
  } else {
    const s = Math.min(W / f.content.w, H / f.content.h);
    r = { x: (W - f.content.w * s) / 2 - f.content.x * s, y: (H - f.content.h * s) / 2 - f.content.y * s, w: tl.sourceSize.width * s, h: tl.sourceSize.height * s };
  }
  const z = zoomAt(tl.zooms, t);
  if (z === 1) return r;
  return { x: W / 2 + (r.x - W / 2) * z, y: H / 2 + (r.y - H / 2) * z, w: r.w * z, h: r.h * z };
}

/**
 * The instants (clip seconds, within [from, to]) where the placement must be keyed so that linear
 * interpolation between them reproduces it: both ends, every crop keyframe, and each zoom's edges
 * (a zoom switches within one frame: keyed on the frame before and the frame it starts).
 */
export function placementTimes(tl: Pick<ClipTimeline, "framing" | "zooms" | "fps">, from: number, to: number): number[] {
  const frame = toSeconds(1, tl.fps);
  const ts = [from, to];
  if (tl.framing.kind === "crop") for (const k of tl.framing.path) ts.push(k.t);
  for (const z of tl.zooms) ts.push(z.start - frame, z.start, z.end - frame, z.end);
  const inside = ts.filter((t) => t >= from - 1e-9 && t <= to + 1e-9).map((t) => Math.min(to, Math.max(from, t)));
  return [...new Set(inside.map((t) => Number(t.toFixed(6))))].sort((a, b) => a - b);
}

/** SRT text -> cues (times in seconds); malformed blocks are skipped. */
export function parseSrt(text: string): Cue[] {
  const time = (s: string) => {
    const m = /(\d+):(\d{2}):(\d{2})[,.](\d{1,3})/.exec(s);
    return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]!.padEnd(3, "0")) / 1000 : NaN;
  };
  const cues: Cue[] = [];
  for (const block of text.replace(/\r/g, "").split(/\n\s*\n/)) {
    const lines = block.split("\n").filter((l) => l.trim() !== "");
    const at = lines.findIndex((l) => l.includes("-->"));
    if (at < 0) continue;
    const [a, b] = lines[at]!.split("-->");
    const start = time(a!);
    const end = time(b!);
    const body = lines.slice(at + 1).join("\n").replace(/<[^>]+>/g, "").trim();
    if (Number.isFinite(start) && Number.isFinite(end) && end > start && body) cues.push({ start, end, text: body });
  }
  return cues;
}

/** Words (clip seconds) grouped into cues of at most `perCue` words, broken at pauses over 0.6 s. */
export function cuesFromWords(words: readonly { word: string; start: number; end: number }[], perCue = 4): Cue[] {
  const cues: Cue[] = [];
  let cur: { word: string; start: number; end: number }[] = [];
  const flush = () => {
    if (cur.length) cues.push({ start: cur[0]!.start, end: cur[cur.length - 1]!.end, text: cur.map((w) => w.word).join(" ") });
    cur = [];
  };
  for (const w of words) {
    const last = cur[cur.length - 1];
    if (cur.length >= perCue || (last && w.start - last.end > 0.6)) flush();
    cur.push(w);
  }
  flush();
  return cues;
}

/** Escape text for XML attribute values and element content. */
export const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");

/** A number for a file: at most `digits` decimals, no trailing zeros, no "-0". */
export function num(n: number, digits = 3): string {
  const v = Number(n.toFixed(digits));
  return String(Object.is(v, -0) ? 0 : v);
}
