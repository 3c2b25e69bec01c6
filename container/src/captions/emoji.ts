// Which emoji fits a word (emojilib's keyword lists), and the colour image that draws it (Twemoji's
// SVG files from @twemoji/svg, rasterised by ffmpeg's librsvg decoder at the size needed). libass
// cannot draw colour emoji: with Noto Color Emoji installed it draws an empty box (a frame rendered
// on this project's ffmpeg 5.1 / libass showed it), so emoji are overlaid as images
// (../rendering/render-args.ts overlayChain). Both packages ship inside npm; nothing is fetched at run time.
// Twemoji graphics: CC-BY 4.0 (Twitter, Inc. and contributors); emojilib: MIT.
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { stem } from "../text/stem.js";

const require = createRequire(import.meta.url);

/** Keycaps, flags, letters and buttons match words by their spelling, not their meaning. */
const SPELLING_EMOJI = /^(keycap|flag|regional|input_)|_button$|^(a|b|o|ab|cl|id|ng|ok|sos|up|vs|cool|free|new)_/;
/** How far into an emoji's keyword list a word may be found and still fit its meaning. */
const MAX_KEYWORD_RANK = 3;

/**
 * Pure: keyword -> emoji from emojilib's table ({emoji: [name, ...keywords]}). A word fits the
 * emoji it names ("fire" 🔥), then one whose name holds it ("heart" 💓 beating_heart), then one
 * that lists it among its first keywords; ties go to the simpler name, then to the table's order.
 */
export function emojiIndex(table: Readonly<Record<string, readonly string[]>>, drawable: (emoji: string) => boolean = () => true): Map<string, string> {
  const best = new Map<string, { emoji: string; score: number }>();
  for (const [emoji, keywords] of Object.entries(table)) {
    const name = keywords[0];
    if (!name || SPELLING_EMOJI.test(name) || !drawable(emoji)) continue;
    const parts = name.split("_");
    keywords.forEach((k, i) => {
      if (i > MAX_KEYWORD_RANK && !parts.includes(k)) return;
      const score = k === name ? 0 : parts.includes(k) ? 1 + parts.length / 10 : 3 + i;
      const cur = best.get(k);
      if (!cur || score < cur.score) best.set(k, { emoji, score });
    });
  }
  return new Map([...best].map(([k, v]) => [k, v.emoji]));
}

/**
 * Twemoji's file name of an emoji: its code points in hex joined by "-", without the FE0F
 * variation selector unless the emoji is a ZWJ sequence (Twemoji's own rule).
 */
export function twemojiName(emoji: string): string {
  const text = emoji.includes("\u200d") ? emoji : emoji.replace(/\ufe0f/g, "");
  return [...text].map((c) => c.codePointAt(0)!.toString(16)).join("-");
}

let svgDir: string | undefined;
let svgFiles: Set<string> | undefined;
let index: Map<string, string> | undefined;

/** Folder of @twemoji/svg's files. */
export function twemojiDir(): string {
  return (svgDir ??= dirname(require.resolve("@twemoji/svg/package.json")));
}

/** The SVG drawing `emoji`, or null when Twemoji has none. */
export function emojiImage(emoji: string): string | null {
  svgFiles ??= new Set(readdirSync(twemojiDir()));
  const file = `${twemojiName(emoji)}.svg`;
  return svgFiles.has(file) ? join(twemojiDir(), file) : null;
}

/** The emoji that fits a word's meaning (its lower case, then its stem), or null. Only drawable emoji. */
export function emojiFor(word: string): string | null {
  index ??= emojiIndex(require("emojilib") as Record<string, string[]>, (e) => emojiImage(e) !== null);
  const w = word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  // numbers match clock faces and keycaps by spelling, not by meaning
  if (w.length < 3 || /^\d/.test(w)) return null;
  return index.get(w) ?? index.get(stem(w)) ?? null;
}
