// SRT sidecar relative to the clip start, never negative, never past the clip end, never
// overlapping: where captions are burned in, the burned-in pages cue for cue (drawnCues: the same
// words on the same lines, shown and gone when the ASS shows them); where none are, cues of a few
// words, at most two lines of at most ~42 characters (the common broadcast and platform limit).
import { joinWords, layoutPages } from "@katto/protocol";
import { MIN_PAGE_S, pageUntil } from "./ass.js";
import type { CaptionPage, CaptionWord } from "./clip-words.js";

/** SRT timestamp HH:MM:SS,mmm */
export function srtTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3600000);
  const m = Math.floor((ms % 3600000) / 60000);
  const s = Math.floor((ms % 60000) / 1000);
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")},${String(ms % 1000).padStart(3, "0")}`;
}

export interface SrtCue {
  start: number;
  end: number;
  lines: string[];
}

export interface SrtOptions {
  durationS: number;
  maxChars?: number;
  maxLines?: number;
  maxCueS?: number;
}

/** Broadcast-width cues for a clip that burns no captions in: words grouped, times clamped into [0, durationS]. */
export function buildSrtCues(words: readonly CaptionWord[], opts: SrtOptions): SrtCue[] {
  const pages = layoutPages(words, {
    maxChars: opts.maxChars ?? 42,
    maxLines: opts.maxLines ?? 2,
    maxGapS: 1.0,
    maxPageS: opts.maxCueS ?? 3,
  });
  return pageCues(pages, opts.durationS);
}

/** A page's lines as cue lines: its words joined as the ASS joins them (a space, none between CJK characters). */
const cueLines = (p: CaptionPage) => p.lines.map((l) => joinWords(l.map((w) => w.text)));

/**
 * One cue per page drawn, as the ASS document draws them (ass.ts assDocument): from the page's start
 * until it leaves the screen (pageUntil: its end plus the hold, the next page's start, the clip's
 * end), the pages too short to be drawn left out. What a player shows from the SRT is then what the
 * picture shows, cue for cue.
 */
export function drawnCues(pages: readonly CaptionPage[], durationS: number): SrtCue[] {
  const until = pageUntil(pages, durationS);
  return pages.flatMap((p, i) => (until[i]! - p.start < MIN_PAGE_S ? [] : [{ start: Math.max(0, p.start), end: until[i]!, lines: cueLines(p) }]));
}

/** One cue per broadcast page (buildSrtCues), held 0.3 s, times clamped into [0, durationS]. */
function pageCues(pages: readonly CaptionPage[], durationS: number): SrtCue[] {
  const cues: SrtCue[] = [];
  pages.forEach((p, i) => {
    const next = pages[i + 1]?.start ?? Infinity;
    const start = Math.max(0, Math.min(p.start, durationS));
    const end = Math.min(p.end + 0.3, next, durationS);
    // the ms grid can collapse a very short cue; skip it rather than write end <= start
    if (Math.round(end * 1000) <= Math.round(start * 1000)) return;
    cues.push({ start, end, lines: cueLines(p) });
  });
  return cues;
}

/** SRT cue text cannot contain a blank line (it ends the cue); collapse any line breaks. */
const srtLine = (s: string) => s.replace(/\s*\r?\n\s*/g, " ").trim();

export function formatSrt(cues: readonly SrtCue[]): string {
  return cues
    .map((c, i) => `${i + 1}\n${srtTime(c.start)} --> ${srtTime(c.end)}\n${c.lines.map(srtLine).join("\n")}\n`)
    .join("\n");
}

export function buildSrt(words: readonly CaptionWord[], opts: SrtOptions): string {
  return formatSrt(buildSrtCues(words, opts));
}
