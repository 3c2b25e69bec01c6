// The caption pages an ASS document draws, read back from its text as a player would show them:
// its caption (Default style) events, override tags stripped, lines split at \N, and the events of
// one page (the pop and colour highlights draw a page as one event per spoken word) merged.

export interface DrawnPage {
  start: number;
  end: number;
  lines: string[];
}

const assSeconds = (t: string) => {
  const m = /^(\d+):(\d{2}):(\d{2})\.(\d{2})$/.exec(t.trim());
  if (!m) throw new Error(`bad ASS time ${t}`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 100;
};

/** An event's text as shown: override blocks out, the escapes undone, one string per line. */
const shownLines = (text: string) =>
  text
    .replace(/(?<!\\)\{[^}]*\}/g, "")
    .replace(/\\([{}])/g, "$1")
    .replace(/\\\u200b/g, "\\")
    .split("\\N");

/** The pages drawn by `ass`'s events in `style` (Default: the captions), in time order. */
export function drawnPages(ass: string, style = "Default"): DrawnPage[] {
  const events = ass
    .split("\n")
    .filter((l) => l.startsWith("Dialogue: "))
    .map((l) => {
      // Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text (the text may hold commas)
      const f = l.slice("Dialogue: ".length).split(",");
      return { start: assSeconds(f[1]!), end: assSeconds(f[2]!), style: f[3]!, lines: shownLines(f.slice(9).join(",")) };
    })
    .filter((e) => e.style === style)
    .sort((a, b) => a.start - b.start);
  const pages: DrawnPage[] = [];
  for (const e of events) {
    const last = pages.at(-1);
    // the next word's event of the same page starts where the last one ended
    if (last && last.lines.join("\n") === e.lines.join("\n") && Math.abs(e.start - last.end) < 0.015) last.end = e.end;
    else pages.push({ start: e.start, end: e.end, lines: e.lines });
  }
  return pages;
}

/** The page on screen at clip time t (none between pages). */
export const pageAt = <P extends { start: number; end: number }>(pages: readonly P[], t: number): P | null => pages.find((p) => p.start <= t && t < p.end) ?? null;
