// How X counts a post's text (its weighted length; docs cited in x.ts).

/**
 * X's weighted length: code points in the Latin, general punctuation and similar ranges count 1, every
 * other grapheme (CJK, emoji sequences) counts 2, and each URL counts 23 whatever its length.
 */
export function weightedLength(text: string): number {
  const urls = text.match(/https?:\/\/\S+/g) ?? [];
  const rest = text.replace(/https?:\/\/\S+/g, "");
  const light = (cp: number) => cp <= 4351 || (cp >= 8192 && cp <= 8205) || (cp >= 8208 && cp <= 8223) || (cp >= 8242 && cp <= 8247);
  let n = urls.length * 23;
  for (const { segment } of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(rest)) {
    const cps = [...segment];
    n += cps.length === 1 && light(cps[0]!.codePointAt(0)!) ? 1 : 2;
  }
  return n;
}
