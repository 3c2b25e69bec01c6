import { describe, expect, it } from "vitest";
import { mapWords, toUncutTime } from "@katto/protocol";
import { AUDIO_ON_SOURCE_CLOCK } from "../../src/ffmpeg/args.js";
import { cutAudioFilter } from "../../src/ffmpeg/cut-audio.js";
import { uncutEnd } from "../../src/work/dub.js";
import { dubMixArgs, fitPhrase, groupPhrases, placePhrases, splitWords, spreadWords } from "../../src/captions/dub-plan.js";
import { loadConfig } from "../../src/runtime/config.js";
import { captionsFor } from "../../src/work/dub.js";
import { APERTIUM_ROUTES, fromLines, toLines } from "../../src/engines/translate/apertium.js";
import { wavDurationFromHeader } from "../../src/engines/tts/wav.js";

const w = (text: string, start: number, end: number) => ({ text, start, end });

describe("dub planning", () => {
  it("groups words into phrases at pauses and terminal punctuation", () => {
    const words = [w("Hello", 0.2, 0.5), w("there.", 0.5, 0.9), w("We", 1.0, 1.1), w("did", 1.1, 1.3), w("it", 1.3, 1.5), w("again", 2.4, 2.8)];
    expect(groupPhrases(words)).toEqual([
      { start: 0.2, end: 0.9, text: "Hello there." },
      { start: 1.0, end: 1.5, text: "We did it" },
      { start: 2.4, end: 2.8, text: "again" },
    ]);
    expect(groupPhrases([])).toEqual([]);
  });

  it("splits long unpunctuated speech into phrases of at most 8 s", () => {
    const words = Array.from({ length: 40 }, (_, i) => w(`w${i}`, i * 0.5, i * 0.5 + 0.4));
    const ps = groupPhrases(words);
    expect(ps.length).toBeGreaterThan(2);
    for (const p of ps) expect(p.end - p.start).toBeLessThanOrEqual(8);
  });

  it("fits speech into its slot: as is, sped up to 1.5x, or cut", () => {
    expect(fitPhrase(1.0, 2, 4)).toEqual({ offset: 2, tempo: 1, duration: 1, truncated: false });
    expect(fitPhrase(2.4, 2, 4)).toEqual({ offset: 2, tempo: 1.2, duration: 2, truncated: false });
    expect(fitPhrase(4, 2, 4)).toEqual({ offset: 2, tempo: 1.5, duration: 2, truncated: true });
  });

  it("slots end at the next phrase, the last at the clip's end: phrases never overlap", () => {
    const phrases = [{ start: 0.5, end: 2, text: "a" }, { start: 3, end: 4, text: "b" }];
    const ps = placePhrases(phrases, [3, 5], 5);
    expect(ps[0]).toMatchObject({ offset: 0.5, tempo: 1.2, duration: 2.5 });
    expect(ps[0]!.offset + ps[0]!.duration).toBeLessThanOrEqual(3);
    expect(ps[1]).toMatchObject({ offset: 3, tempo: 1.5, duration: 2, truncated: true });
  });

  it("spreads translated words over the dubbed speech by length", () => {
    const ws = spreadWords("Hola a todos", "es", 1, 2);
    expect(ws.map((x) => x.text)).toEqual(["Hola", "a", "todos"]);
    expect(ws[0]!.start).toBe(1);
    expect(ws[2]!.end).toBe(2);
    expect(ws[1]!.end - ws[1]!.start).toBeLessThan(ws[2]!.end - ws[2]!.start);
    for (let i = 1; i < ws.length; i++) expect(ws[i]!.start).toBeCloseTo(ws[i - 1]!.end, 3);
    expect(splitWords("我们创造了新工作。", "zh").join("")).toBe("我们创造了新工作。");
    expect(splitWords("我们创造了新工作。", "zh").length).toBeGreaterThan(1);
    expect(captionsFor([{ start: 0, end: 1, text: "x" }, { start: 2, end: 3, text: "y" }], ["uno dos", "tres"], "es", [{ offset: 0, duration: 1 }, null]).map((x) => x.text)).toEqual(["uno", "dos"]);
  });

  it("mixes placed phrases and the lowered original into one WAV of the clip's length", () => {
    const a = dubMixArgs({
      phrases: [
        { wav: "/d/0.wav", placement: { offset: 0.5, tempo: 1, duration: 1.2, truncated: false } },
        { wav: "/d/1.wav", placement: { offset: 3, tempo: 1.5, duration: 2, truncated: true } },
      ],
      clipS: 5,
      output: "/d/out.wav",
      original: { path: "/src.mp4", start: 10, gainDb: -18 },
    });
    const g = a[a.indexOf("-filter_complex") + 1]!;
    expect(g).toContain("[0:a:0]aresample=48000");
    expect(g).toContain("atrim=end=1.2,adelay=500|500[p0]");
    expect(g).toContain("atempo=1.5,atrim=end=2,afade=t=out");
    expect(g).toContain("adelay=3000|3000[p1]");
    // the original on the source's clock: a timestamp gap filled with silence, not closed up
    expect(g).toContain(`[2:a:0]${AUDIO_ON_SOURCE_CLOCK},aresample=48000,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,volume=-18dB[orig]`);
    expect(g).toContain("[p0][p1][orig]amix=inputs=3:duration=longest:normalize=0,apad,atrim=end=5");
    expect(a.slice(a.indexOf("/d/1.wav") + 1, a.indexOf("/d/1.wav") + 7)).toEqual(["-ss", "10", "-t", "5", "-i", "/src.mp4"]);
    expect(a[a.indexOf("-t", a.indexOf("-map")) + 1]).toBe("5");
    expect(a.at(-1)).toBe("/d/out.wav");
  });

  it("cuts the original under the voice to the clip timeline's kept pieces, as the clip is cut", () => {
    const pieces = [{ start: 0, end: 2 }, { start: 3.5, end: 6 }];
    const a = dubMixArgs({ phrases: [{ wav: "/d/0.wav", placement: { offset: 0.5, tempo: 1, duration: 1.2, truncated: false } }], clipS: 4.5, output: "/d/out.wav", original: { path: "/src.mp4", start: 10, gainDb: -18, pieces } });
    const g = a[a.indexOf("-filter_complex") + 1]!;
    // the range read up to the last piece's end, cut by the renderer's own audio cut
    expect(a.slice(a.indexOf("/d/0.wav") + 1, a.indexOf("/d/0.wav") + 7)).toEqual(["-ss", "10", "-t", "6", "-i", "/src.mp4"]);
    expect(g).toContain(`volume=-18dB[origu];${cutAudioFilter("origu", pieces, "orig")}`);
    expect(g).toContain("[p0][orig]amix=inputs=2:duration=longest:normalize=0,apad,atrim=end=4.5");
  });

  it("puts a caption word's clip times back on the uncut clip, an end at a join on the piece before it", () => {
    const pieces = [{ start: 0, end: 2 }, { start: 3.5, end: 6 }];
    expect(uncutEnd(pieces, 2)).toBe(2);
    expect(toUncutTime(pieces, 2)).toBe(3.5);
    expect(uncutEnd(pieces, 2.5)).toBe(4);
    expect(uncutEnd(pieces, 9)).toBe(6);
    // there and back: the word keeps its clip times
    const w = { text: "x", start: toUncutTime(pieces, 1.5), end: uncutEnd(pieces, 2.4) };
    expect(mapWords([w], pieces, undefined, { keepClipped: true })).toEqual([{ text: "x", start: 1.5, end: expect.closeTo(2.4, 6) }]);
  });

  it("reads the original-audio gain from the environment", () => {
    expect(loadConfig({}).dub.originalGainDb).toBe(-18);
    expect(loadConfig({ KATTO_DUB_ORIGINAL_DB: "off" }).dub.originalGainDb).toBeNull();
    expect(loadConfig({ KATTO_DUB_ORIGINAL_DB: "-24" }).dub.originalGainDb).toBe(-24);
    expect(() => loadConfig({ KATTO_DUB_ORIGINAL_DB: "loud" }).dub.originalGainDb).toThrow(/KATTO_DUB_ORIGINAL_DB/);
  });

  it("apertium batches keep one line per text; routes pivot through Catalan", () => {
    expect(toLines(["a\nb", " c "])).toBe("a b\nc\n");
    expect(fromLines("x\ny\n", 3)).toEqual(["x", "y", ""]);
    expect(APERTIUM_ROUTES["en>fr"]).toEqual(["eng-cat", "cat-fra"]);
    expect(APERTIUM_ROUTES["en>es"]).toEqual(["eng-spa"]);
  });

  it("reads a WAV header's duration", () => {
    const h = Buffer.alloc(44);
    h.write("RIFF", 0, "ascii");
    h.write("WAVE", 8, "ascii");
    h.write("fmt ", 12, "ascii");
    h.writeUInt32LE(16, 16);
    h.writeUInt32LE(32000, 28); // 16 kHz mono s16
    h.write("data", 36, "ascii");
    h.writeUInt32LE(64000, 40);
    expect(wavDurationFromHeader(h, 44 + 64000)).toBe(2);
    expect(wavDurationFromHeader((h.writeUInt32LE(0xffffffff, 40), h), 44 + 16000)).toBe(0.5);
  });
});
