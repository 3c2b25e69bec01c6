// SRT sidecar with the same words and times as the burned-in captions, relative to the clip
// start: cues of a few words, at most two lines of at most ~42 characters (the common broadcast
// and platform limit), never negative, never past the clip end, never overlapping.
import { joinWords, layoutPages } from "@katto/protocol";
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

/** Cues for a clip: words grouped, times clamped into [0, durationS]. */
export function buildSrtCues(words: readonly CaptionWord[], opts: SrtOptions): SrtCue[] {
  const pages = layoutPages(words, {
    maxChars: opts.maxChars ?? 42,
    maxLines: opts.maxLines ?? 2,
    maxGapS: 1.0,
    maxPageS: opts.maxCueS ?? 3,
  });
  return pageCues(pages, opts.durationS);
}

/** One cue per page (a style's grouping, the burned-in captions' own pages), times clamped into [0, durationS]. */
export function pageCues(pages: readonly CaptionPage[], durationS: number): SrtCue[] {
  const cues: SrtCue[] = [];
  pages.forEach((p, i) => {
    const next = pages[i + 1]?.start ?? Infinity;
    const start = Math.max(0, Math.min(p.start, durationS));
    const end = Math.min(p.end + 0.3, next, durationS);
    // the ms grid can collapse a very short cue; skip it rather than write end <= start
    if (Math.round(end * 1000) <= Math.round(start * 1000)) return;
    cues.push({ start, end, lines: p.lines.map((l) => joinWords(l.map((w) => w.text))) });
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
