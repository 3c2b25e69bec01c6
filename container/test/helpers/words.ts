import type { CaptionWord } from "../../src/captions/clip-words.js";

/** Evenly timed caption words from a sentence. */
export function words(text: string, start = 0, step = 0.4, dur = 0.35): CaptionWord[] {
  return text.split(" ").map((w, i) => ({ text: w, start: start + i * step, end: start + i * step + dur }));
}
