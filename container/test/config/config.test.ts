import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RENDER_SETTINGS } from "@katto/protocol";
import { loadConfig, parseConfig, PROCESS_SETTINGS } from "../../src/runtime/config.js";
import { containerRoot } from "../helpers/media.js";

const errorsOf = (env: Record<string, string>) => {
  const r = parseConfig(env);
  if (r.ok) throw new Error("expected the configuration to be refused");
  return r.errors;
};

describe("backend configuration", () => {
  it("an empty environment gives every default", () => {
    expect(loadConfig({})).toEqual({
      server: { host: "127.0.0.1", port: 8788, token: undefined },
      workDir: undefined,
      render: { slots: undefined, fontsDir: undefined, hdPreset: "lean" },
      faces: { modelPath: undefined },
      speech: { engine: "pocketsphinx", search: "fast", bin: undefined, modelDir: undefined },
      scorer: { engine: "offline" },
      dub: {
        translator: { engine: "offline", apertiumBin: undefined, cloudflare: null },
        synthesizer: { engine: "offline", espeakBin: undefined, fliteBin: undefined, cloudflare: null },
        originalGainDb: -18,
      },
    });
  });

  it("hands each engine its part: Workers AI credentials go to the engines that use them", () => {
    const c = loadConfig({ KATTO_SPEECH_ENGINE: "workers-ai", KATTO_SCORER: "workers-ai", CF_ACCOUNT_ID: "acc", CF_API_TOKEN: "tok", KATTO_CF_API_BASE: "http://127.0.0.1:9/v4" });
    const cloudflare = { accountId: "acc", apiToken: "tok", baseUrl: "http://127.0.0.1:9/v4" };
    expect(c.speech).toEqual({ engine: "workers-ai", cloudflare });
    expect(c.scorer).toEqual({ engine: "workers-ai", cloudflare });
    // offline translation still uses Workers AI for the pairs apertium lacks
    expect(c.dub.translator).toEqual({ engine: "offline", apertiumBin: undefined, cloudflare });
  });

  it("reads numbers, paths and the server address", () => {
    const c = loadConfig({ HOST: "0.0.0.0", PORT: "8080", KATTO_RENDER_SLOTS: "3", KATTO_WORK_DIR: "/work", KATTO_FONTS_DIR: "/fonts", KATTO_HD_PRESET: "ultrafast", KATTO_DUB_ORIGINAL_DB: "-24", KATTO_RENDER_TOKEN: "t" });
    expect(c.server).toEqual({ host: "0.0.0.0", port: 8080, token: "t" });
    expect(c.render).toEqual({ slots: 3, fontsDir: "/fonts", hdPreset: "ultrafast" });
    expect(c.workDir).toBe("/work");
    expect(c.dub.originalGainDb).toBe(-24);
    expect(loadConfig({ KATTO_DUB_ORIGINAL_DB: "off" }).dub.originalGainDb).toBeNull();
    expect(loadConfig({ KATTO_SPEECH_ENGINE: "whisper-cpp", KATTO_WHISPER_MODEL: "/m.bin" }).speech).toEqual({ engine: "whisper-cpp", modelPath: "/m.bin", bin: undefined });
  });

  it("an empty value counts as unset", () => {
    expect(loadConfig({ PORT: "", KATTO_SCORER: "", KATTO_RENDER_SLOTS: "" })).toEqual(loadConfig({}));
  });

  it("refuses bad values with one line per setting, naming it and what is allowed", () => {
    expect(errorsOf({ KATTO_SCORER: "fast", PORT: "http", KATTO_RENDER_SLOTS: "0", KATTO_DUB_ORIGINAL_DB: "+3", KATTO_POCKETSPHINX_SEARCH: "turbo", KATTO_CF_API_BASE: "ftp://x", KATTO_HD_PRESET: "placebo" })).toEqual([
      "PORT=http must be a port number 0-65535",
      "KATTO_RENDER_SLOTS=0 must be a whole number of renders at once, 1 or more",
      "KATTO_HD_PRESET=placebo is unknown; use one of lean, ultrafast, superfast, veryfast, faster, fast, medium",
      "KATTO_POCKETSPHINX_SEARCH=turbo must be fast or accurate",
      "KATTO_SCORER=fast is unknown; use one of offline, workers-ai, openai",
      'KATTO_DUB_ORIGINAL_DB=+3 must be a number of dB <= 0 (e.g. -18) or "off"',
      "KATTO_CF_API_BASE=ftp://x must be an http(s) URL",
    ]);
  });

  it("refuses an engine whose requirements are missing", () => {
    expect(errorsOf({ KATTO_TTS: "workers-ai", CF_ACCOUNT_ID: "acc" })).toEqual(["KATTO_TTS=workers-ai needs CF_ACCOUNT_ID and CF_API_TOKEN"]);
    expect(errorsOf({ KATTO_SPEECH_ENGINE: "whisper-cpp" })).toEqual([expect.stringMatching(/^KATTO_SPEECH_ENGINE=whisper-cpp needs KATTO_WHISPER_MODEL/)]);
  });

  it("the chat-model scorer needs its server and model, and a key for OpenAI itself; it takes the context size and timeout", () => {
    expect(errorsOf({ KATTO_SCORER: "openai" })).toEqual([
      "KATTO_SCORER=openai needs KATTO_CHAT_BASE_URL, the chat server's API root (e.g. http://127.0.0.1:11434/v1 for Ollama)",
      "KATTO_SCORER=openai needs KATTO_CHAT_MODEL, the model the chat server answers with (e.g. qwen2.5:7b-instruct)",
    ]);
    expect(errorsOf({ KATTO_SCORER: "openai", KATTO_CHAT_BASE_URL: "https://api.openai.com/v1", KATTO_CHAT_MODEL: "gpt-4o-mini" })).toEqual(["KATTO_SCORER=openai needs KATTO_CHAT_API_KEY for https://api.openai.com/v1"]);
    expect(errorsOf({ KATTO_CHAT_CONTEXT_TOKENS: "512", KATTO_CHAT_TIMEOUT_S: "0" })).toEqual(["KATTO_CHAT_CONTEXT_TOKENS=512 must be a whole number of tokens, 2048 or more", "KATTO_CHAT_TIMEOUT_S=0 must be a whole number of seconds, 1 to 3600"]);
    const c = loadConfig({ KATTO_SCORER: "openai", KATTO_CHAT_BASE_URL: "http://127.0.0.1:11434/v1", KATTO_CHAT_MODEL: "qwen2.5:7b-instruct", KATTO_CHAT_CONTEXT_TOKENS: "32768" });
    expect(c.scorer).toEqual({ engine: "openai", chat: { baseUrl: "http://127.0.0.1:11434/v1", apiKey: undefined, model: "qwen2.5:7b-instruct", contextTokens: 32768, timeoutS: 300 } });
    // without the setting nothing changes: the offline scorer, no chat settings read
    expect(loadConfig({ KATTO_CHAT_BASE_URL: "http://127.0.0.1:11434/v1", KATTO_CHAT_MODEL: "m" }).scorer).toEqual({ engine: "offline" });
  });

  it("loadConfig throws one error listing every bad setting", () => {
    expect(() => loadConfig({ KATTO_TTS: "loud", KATTO_TRANSLATOR: "babel" })).toThrow(/KATTO_TRANSLATOR=babel is unknown[^]*KATTO_TTS=loud is unknown/);
  });
});

describe("documented settings", () => {
  const readme = readFileSync(path.resolve(containerRoot, "../README.md"), "utf8");
  /** Names in the first column of the README configuration table's render backend rows. */
  const documented = readme
    .split("\n")
    .filter((l) => /^\|[^|]+\|\s*render backend env/.test(l))
    .flatMap((l) => [...l.split("|")[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!));

  it("the README's configuration table lists every setting an operator chooses, and only those", () => {
    expect([...documented].sort()).toEqual([...RENDER_SETTINGS].sort());
  });

  it("the settings that place the process are described in container/README.md", () => {
    const own = readFileSync(path.resolve(containerRoot, "README.md"), "utf8");
    for (const k of PROCESS_SETTINGS) expect(own).toContain(`\`${k}\``);
  });
});
