// Mixed languages (issue 24): real German and English speech joined in one source, recognised by
// the openai engine against the stand-in of an OpenAI-compatible server (one language per request,
// as Whisper answers). Each segment keeps its own language, the job's is the main one, and the
// captions' key words and the clip's title follow the language of the clip's own words.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { wordsForClip } from "../../src/captions/clip-words.js";
import { keyRanks } from "../../src/captions/keywords.js";
import { createOpenAiSpeechEngine } from "../../src/engines/speech/openai.js";
import { passageOf } from "../../src/engines/scorer/score.js";
import { transcribe } from "../../src/analysis/transcribe.js";
import { MIN_WORDS_TO_DETECT, segmentLanguages } from "../../src/text/segment-lang.js";
import type { Transcript } from "../../src/runtime/types.js";
import { tmpDir } from "../helpers/media.js";
import { type GoldSource, germanThenEnglish, startOpenAiStandIn } from "../engines/openai-stand-in.js";

let gold: GoldSource;
beforeAll(async () => {
  gold = await germanThenEnglish(tmpDir("katto-mixed-"));
});

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const durationS = () => gold.samples.length / 16000;
const signal = () => AbortSignal.timeout(60_000);

async function heard(maxUploadBytes?: number) {
  const srv = await startOpenAiStandIn(gold, { mode: "segments" });
  close = srv.close;
  const engine = createOpenAiSpeechEngine({ baseUrl: srv.baseUrl, apiKey: "k", model: "whisper-1" }, maxUploadBytes ? { maxUploadBytes } : {});
  const t = await transcribe(gold.wavPath, { engine, durationS: durationS(), signal: signal(), concurrency: 2 });
  return { t, requests: srv.requests };
}

/** The language the transcript gives the words inside each gold sentence (the majority, with its share). */
function languagesOfSentences(t: Transcript) {
  return gold.utterances.map((u) => {
    const ws = t.words.filter((w) => w.start >= u.start - 0.05 && w.end <= u.end + 0.05);
    const de = ws.filter((w) => w.lang === "de").length;
    const en = ws.filter((w) => w.lang === "en").length;
    return { want: u.lang, got: de >= en ? "de" : "en", share: Math.max(de, en) / Math.max(1, ws.length) };
  });
}

describe("mixed languages: each segment keeps its own", () => {
  it("tells German from English segments in one request the server answered as German, and names German the main language", async () => {
    const { t, requests } = await heard();
    expect(requests).toHaveLength(1);
    const langs = languagesOfSentences(t);
    for (const l of langs) {
      expect(l.got).toBe(l.want);
      expect(l.share).toBe(1);
    }
    expect(t.lang).toBe("de"); // the 3 German sentences last 41 s, the 3 English ones 31 s (though they hold more words)
    expect(new Set(t.segments.map((s) => s.lang))).toEqual(new Set(["de", "en"]));
    for (const s of t.segments) expect(s.lang, s.text).toBeDefined();
  });

  it("keeps each chunk's reported language when long audio goes in several requests", async () => {
    const { t, requests } = await heard(120_000); // 25 s of audio per upload: the 78 s source needs several
    expect(requests.length).toBeGreaterThanOrEqual(3);
    const said = new Set(requests.map((r) => r.heardAt));
    expect(said.size).toBe(requests.length);
    for (const l of languagesOfSentences(t)) expect(l.got).toBe(l.want);
    expect(t.lang).toBe("de");
  });

  it("gives a clip's title and key words the language of the clip's own words", async () => {
    const { t } = await heard();
    const [de, en] = [gold.utterances[1]!, gold.utterances[5]!];
    const passage = (u: typeof de) => passageOf({ start: u.start, end: u.end, words: [], text: u.text } as never, t);
    expect(passage(de).lang).toBe("de");
    expect(passage(en).lang).toBe("en");
    // English tags rank English words; in German only numbers would be key words (this one has none)
    const ranks = (u: typeof de) => keyRanks(wordsForClip(t.words, u.start, u.end));
    expect(ranks(de).every((r) => r === 0)).toBe(true);
    expect(ranks(en).some((r) => r >= 2)).toBe(true);
  });
});

describe("segmentLanguages", () => {
  const w = (word: string, start: number, lang?: string) => ({ word, start, end: start + 0.3, ...(lang ? { lang } : {}) });
  it("trusts a single-language engine and a short segment's reported language over a guess from its text", () => {
    const words = "das ist ein kurzer satz".split(" ").map((x, i) => w(x, i * 0.4, "en"));
    const seg = [{ start: 0, end: 2, text: words.map((x) => x.word).join(" ") }];
    expect(words.length).toBeLessThan(MIN_WORDS_TO_DETECT);
    expect(segmentLanguages(seg, words, { readText: true, fallback: "en" }).segments[0]!.lang).toBe("en");
    const long = "für die besten aussichten auf hongkong sollten sie die insel verlassen".split(" ").map((x, i) => w(x, i * 0.4));
    const seg2 = [{ start: 0, end: 5, text: long.map((x) => x.word).join(" ") }];
    expect(segmentLanguages(seg2, long, { readText: false, fallback: "en" }).segments[0]!.lang).toBe("en");
    expect(segmentLanguages(seg2, long, { readText: true, fallback: "en" }).segments[0]!.lang).toBe("de");
  });
  it("leaves the language out where nothing tells it", () => {
    const r = segmentLanguages([{ start: 0, end: 1, text: "hm" }], [w("hm", 0)], { readText: true, fallback: null });
    expect(r.segments[0]!.lang).toBeUndefined();
    expect(r.main).toBeUndefined();
  });
});
