// Pure: a range of transcript words chosen on the job page (issue 22, "make a clip from this
// selection" and the handles moving a clip's cuts). The page renders it from the query string
// (?sel=12-40, so it works without the script) and the script keeps it in the browser; each
// function below is served to the browser as its own source (assets.ts), so the two never
// disagree. Keep them self-contained: no imports, no helpers outside their own body.

/** A run of words by index in the transcript's `words`, both ends included. */
export interface WordRange {
  from: number;
  to: number;
}

/**
 * The selection after a word is clicked: a first click selects that word; a click on another word
 * while one word is selected (or any click with `extend`, shift-click) stretches the selection to
 * it; a click on the only selected word clears it; otherwise the click starts a new selection.
 */
export function pickWord(sel: WordRange | null, i: number, extend: boolean): WordRange | null {
  if (sel === null) return { from: i, to: i };
  if (sel.from === sel.to && i === sel.from && !extend) return null;
  if (extend || sel.from === sel.to) return i < sel.from ? { from: i, to: sel.to } : { from: sel.from, to: i };
  return { from: i, to: i };
}

/** One end of the selection moved by `delta` words, kept inside the transcript and never past the other end. */
export function moveEdge(sel: WordRange, edge: "start" | "end", delta: number, count: number): WordRange {
  if (edge === "start") return { from: Math.min(Math.max(0, sel.from + delta), sel.to), to: sel.to };
  return { from: sel.from, to: Math.max(Math.min(count - 1, sel.to + delta), sel.from) };
}

/**
 * What the selection bar says: "words 12–40, 0:05.2–0:21.8, 16.6 s" (the first word's start to the
 * last word's end), and why it cannot be a clip when it is outside `min`–`max` seconds (null when it can).
 */
export function describeRange(r: WordRange, start: number, end: number, min: number, max: number): { label: string; problem: string | null } {
  // m:ss.s; written inline, not as a named helper, so the source served to the browser stands alone
  const [from, to] = [start, end].map((t) => {
    const tenths = Math.round(t * 10);
    const s = (tenths % 600) / 10;
    return `${Math.floor(tenths / 600)}:${s < 10 ? "0" : ""}${s.toFixed(1)}`;
  });
  const secs = Math.round((end - start) * 10) / 10;
  const words = r.from === r.to ? `word ${r.from}` : `words ${r.from}–${r.to}`;
  const label = `${words}, ${from}–${to}, ${secs.toFixed(1)} s`;
  if (secs < min) return { label, problem: `This selection lasts ${secs.toFixed(1)} s; a clip lasts at least ${min} s. Select more words.` };
  if (secs > max) return { label, problem: `This selection lasts ${secs.toFixed(1)} s; a clip lasts at most ${max} s. Select fewer words.` };
  return { label, problem: null };
}

/** `"12-40"` (a query value) as a range inside `count` words, or null. */
export function parseRange(v: string | undefined | null, count: number): WordRange | null {
  const m = /^(\d+)-(\d+)$/.exec(v ?? "");
  if (!m) return null;
  const from = Number(m[1]);
  const to = Number(m[2]);
  return from <= to && to < count ? { from, to } : null;
}

/** The words a clip holds: those whose middle lies inside its [start, end] (its cuts sit in the pauses around them). */
export function wordsInside(words: readonly { start: number; end: number }[], start: number, end: number): WordRange | null {
  let from = -1;
  let to = -1;
  words.forEach((w, i) => {
    const mid = (w.start + w.end) / 2;
    if (mid >= start && mid <= end) {
      if (from < 0) from = i;
      to = i;
    }
  });
  return from < 0 ? null : { from, to };
}
