// Text an offline voice can read: espeak-ng's Japanese voice reads kana only, and its Chinese voice
// reads pinyin (cmn-latn-pinyin; the plain cmn voice misreads characters). Both conversions use
// dictionaries shipped inside npm packages (kuromoji, pinyin-pro): nothing is fetched.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

type KuromojiToken = { surface_form: string; reading?: string; pronunciation?: string; pos?: string };
type Tokenizer = { tokenize(text: string): KuromojiToken[] };

let tokenizer: Promise<Tokenizer> | undefined;

function kuromojiTokenizer(): Promise<Tokenizer> {
  return (tokenizer ??= (async () => {
    const require = createRequire(import.meta.url);
    const kuromoji = require("kuromoji") as { builder(o: { dicPath: string }): { build(cb: (err: Error | null, t: Tokenizer) => void): void } };
    const dicPath = join(dirname(require.resolve("kuromoji/package.json")), "dict") + "/";
    return new Promise<Tokenizer>((resolve, reject) => kuromoji.builder({ dicPath }).build((err, t) => (err ? reject(err) : resolve(t))));
  })().catch((e) => {
    tokenizer = undefined;
    throw e;
  }));
}

const JA_PUNCT: Record<string, string> = { "。": ". ", "、": ", ", "？": "? ", "！": "! ", "「": "", "」": "" };

/** Japanese text -> katakana by pronunciation, words separated by spaces, punctuation kept for pauses. */
export async function toKana(text: string): Promise<string> {
  const t = await kuromojiTokenizer();
  return t
    .tokenize(text)
    .map((k) => JA_PUNCT[k.surface_form] ?? (k.pronunciation && k.pronunciation !== "*" ? k.pronunciation : k.reading && k.reading !== "*" ? k.reading : k.surface_form))
    .join(" ")
    .replace(/\s+([.,?!])/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

const ZH_PUNCT: Record<string, string> = { "。": ".", "，": ",", "？": "?", "！": "!", "、": ",", "：": ",", "；": "," };

/** Chinese text -> numbered-tone pinyin (tone 5 for neutral, as espeak-ng's cmn-latn-pinyin reads it). */
export async function toPinyin(text: string): Promise<string> {
  const { pinyin } = await import("pinyin-pro");
  const syllables = pinyin(text, { toneType: "num", type: "array", nonZh: "consecutive" }) as string[];
  return syllables
    .map((s) => ZH_PUNCT[s] ?? s.replace(/0$/, "5").replace(/ü/g, "v"))
    .join(" ")
    .replace(/\s+([.,?!])/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}
