import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTranslator } from "../../src/engines/translate/index.js";
import { createSynthesizer } from "../../src/engines/tts/index.js";
import { loadConfig } from "../../src/runtime/config.js";
import { toKana, toPinyin } from "../../src/engines/tts/phonetic.js";
import { startLoopback } from "../engines/loopback.js";
import { tmpDir } from "../helpers/media.js";

const signal = () => AbortSignal.timeout(30_000);
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe("offline translation (apertium)", () => {
  const t = createTranslator(loadConfig({}).dub.translator);

  it("translates English to Spanish directly and to French, Italian, Portuguese through Catalan", async () => {
    const texts = ["We have created millions of new jobs.", "Thank you very much."];
    const es = await t.translate(texts, "en", "es", signal());
    expect(es).toHaveLength(2);
    expect(es[0]).toMatch(/millones/);
    expect(es[1]).toMatch(/gracias/i);
    expect((await t.translate(texts, "en", "fr", signal()))[0]).toMatch(/millions/);
    expect((await t.translate(texts, "en", "it", signal()))[0]).toMatch(/milioni/);
    expect((await t.translate(texts, "en", "pt", signal()))[0]).toMatch(/milhões/);
    expect(await t.translate(texts, "en", "en", signal())).toEqual(texts);
  });

  it("names the language and the engine to configure for pairs it lacks", async () => {
    expect(t.supports("en", "hi")).toBe(false);
    await expect(t.translate(["hello"], "en", "hi", signal())).rejects.toThrow(/English to Hindi \(hi\).*KATTO_TRANSLATOR=workers-ai/);
    expect(() => createTranslator(loadConfig({ KATTO_TRANSLATOR: "workers-ai" }).dub.translator)).toThrow(/CF_ACCOUNT_ID/);
    expect(() => createTranslator(loadConfig({ KATTO_TRANSLATOR: "babel" }).dub.translator)).toThrow(/unknown/);
  });
});

// Shape of POST /accounts/{id}/ai/run/@cf/meta/m2m100-1.2b (Ai_Cf_Meta_M2M100_1_2B_Output in the REST envelope).
const M2M100 = (text: string) => ({ result: { translated_text: text }, success: true, errors: [], messages: [] });

describe("Workers AI translation (loopback)", () => {
  it("posts text, source_lang and target_lang per phrase and covers Hindi, Japanese, Chinese", async () => {
    const srv = await startLoopback((req) => ({ status: 200, body: M2M100(`[${JSON.parse(req.body).target_lang}] ${JSON.parse(req.body).text}`) }));
    close = srv.close;
    const t = createTranslator(loadConfig({ KATTO_TRANSLATOR: "workers-ai", CF_ACCOUNT_ID: "acc1", CF_API_TOKEN: "tok", KATTO_CF_API_BASE: srv.baseUrl }).dub.translator);
    expect(["hi", "ja", "zh", "es"].every((l) => t.supports("en", l))).toBe(true);
    expect(await t.translate(["Hello.", "Good night."], "en", "ja", signal())).toEqual(["[ja] Hello.", "[ja] Good night."]);
    expect(srv.requests).toHaveLength(2);
    expect(srv.requests[0]!.url).toBe("/client/v4/accounts/acc1/ai/run/@cf/meta/m2m100-1.2b");
    expect(srv.requests[0]!.headers.authorization).toBe("Bearer tok");
    expect(JSON.parse(srv.requests[0]!.body)).toMatchObject({ source_lang: "en", target_lang: "ja" });
  });

  it("offline default uses apertium where it can and Workers AI for the rest when configured", async () => {
    const srv = await startLoopback(() => ({ status: 200, body: M2M100("नमस्ते") }));
    close = srv.close;
    const t = createTranslator(loadConfig({ CF_ACCOUNT_ID: "a", CF_API_TOKEN: "t", KATTO_CF_API_BASE: srv.baseUrl }).dub.translator);
    expect(await t.translate(["Hello."], "en", "hi", signal())).toEqual(["नमस्ते"]);
    expect((await t.translate(["Thank you very much."], "en", "es", signal()))[0]).toMatch(/gracias/i);
    expect(srv.requests).toHaveLength(1);
  });

  it("fails on an error answer", async () => {
    const srv = await startLoopback(() => ({ status: 400, body: { success: false, errors: [{ message: "bad lang" }], result: null } }));
    close = srv.close;
    const t = createTranslator(loadConfig({ KATTO_TRANSLATOR: "workers-ai", CF_ACCOUNT_ID: "a", CF_API_TOKEN: "t", KATTO_CF_API_BASE: srv.baseUrl }).dub.translator);
    await expect(t.translate(["x"], "en", "zh", signal())).rejects.toThrow(/bad lang/);
  });
});

describe("speech synthesis", () => {
  const dir = tmpDir("katto-tts-");

  it("speaks every dub language offline (flite for English, espeak-ng with kana / pinyin for ja / zh)", async () => {
    const s = createSynthesizer(loadConfig({}).dub.synthesizer);
    const lines: Record<string, string> = {
      en: "We have created new jobs.", es: "Hemos creado trabajos nuevos.", fr: "Nous avons créé des emplois.", it: "Abbiamo creato nuovi lavori.",
      pt: "Criámos trabalhos novos.", hi: "हमने नई नौकरियाँ बनाई हैं।", ja: "新しい仕事を作りました。", zh: "我们创造了新工作。",
    };
    for (const [lang, text] of Object.entries(lines)) {
      const out = path.join(dir, `${lang}.wav`);
      const { durationS } = await s.synthesize(text, lang, out, signal());
      expect(existsSync(out)).toBe(true);
      expect(durationS, lang).toBeGreaterThan(0.8);
      expect(durationS, lang).toBeLessThan(5);
    }
  });

  it("converts Japanese to kana and Chinese to numbered pinyin", async () => {
    expect(await toKana("新しい仕事。")).toMatch(/^[\u30a0-\u30ff .]+$/);
    expect(await toPinyin("我们创造了工作。")).toBe("wo3 men5 chuang4 zao4 le5 gong1 zuo4.");
  });

  it("MeloTTS on Workers AI: posts prompt and lang, decodes the base64 MP3", async () => {
    // a real (tiny) MP3 as the recorded audio field
    const mp3 = path.join(dir, "tone.mp3");
    const { execFileSync } = await import("node:child_process");
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=f=300:d=1.2", "-c:a", "libmp3lame", mp3]);
    const { readFileSync } = await import("node:fs");
    const audio = readFileSync(mp3).toString("base64");
    const srv = await startLoopback(() => ({ status: 200, body: { result: { audio }, success: true, errors: [], messages: [] } }));
    close = srv.close;
    const s = createSynthesizer(loadConfig({ KATTO_TTS: "workers-ai", CF_ACCOUNT_ID: "a", CF_API_TOKEN: "t", KATTO_CF_API_BASE: srv.baseUrl }).dub.synthesizer);
    const { durationS } = await s.synthesize("Hola.", "es", path.join(dir, "melo.wav"), signal());
    expect(durationS).toBeGreaterThan(1.1);
    expect(durationS).toBeLessThan(1.4);
    expect(JSON.parse(srv.requests[0]!.body)).toEqual({ prompt: "Hola.", lang: "es" });
    expect(srv.requests[0]!.url).toMatch(/@cf\/myshell-ai\/melotts$/);
    // Italian is not a MeloTTS language: the offline voice speaks it, with no request
    await s.synthesize("Ciao a tutti.", "it", path.join(dir, "it2.wav"), signal());
    expect(srv.requests).toHaveLength(1);
  });
});
