// The language a Whisper engine reports, stored as a code: three-letter codes stay whole, tags and
// names become codes, anything else is no language.
import { describe, expect, it } from "vitest";
import { languageCode, WHISPER_LANGUAGES } from "../../src/engines/speech/language.js";
import { parseWhisperCppJson, whisperCppArgs } from "../../src/engines/speech/whisper-cpp.js";
import { parseWhisperOutput } from "../../src/engines/speech/workers-ai.js";

describe("languageCode", () => {
  it("keeps two- and three-letter codes whole: Hawaiian is haw, Cantonese yue, not Hausa's ha", () => {
    expect(["en", "haw", "yue", "ES"].map(languageCode)).toEqual(["en", "haw", "yue", "es"]);
  });
  it("takes the language of a tag", () => {
    expect(["es-ES", "pt_BR", "zh-Hant-TW", "haw-US"].map(languageCode)).toEqual(["es", "pt", "zh", "haw"]);
  });
  it("reads the English names some Whisper front ends report, for every Whisper language", () => {
    expect(["english", "Spanish", "hawaiian", "cantonese"].map(languageCode)).toEqual(["en", "es", "haw", "yue"]);
    const names = new Intl.DisplayNames(["en"], { type: "language" });
    for (const code of WHISPER_LANGUAGES) expect(languageCode(names.of(code)), code).toBe(code);
  });
  it("is null for nothing and for what is not a language", () => {
    expect([undefined, null, "", "  ", "klingon-ish", "1234"].map(languageCode)).toEqual([null, null, null, null, null, null]);
  });
  it("is what both Whisper engines store and send", () => {
    const words = [{ word: "aloha", start: 0, end: 0.5 }];
    expect(parseWhisperOutput({ segments: [{ words }], transcription_info: { language: "haw" } }).lang).toBe("haw");
    expect(parseWhisperCppJson({ result: { language: "haw" }, transcription: [{ offsets: { from: 0, to: 500 }, text: " aloha" }] }).lang).toBe("haw");
    const args = whisperCppArgs({ bin: "whisper-cli", modelPath: "m.bin" }, "a.wav", "out", "pt-BR");
    expect(args[args.indexOf("-l") + 1]).toBe("pt");
  });
});
