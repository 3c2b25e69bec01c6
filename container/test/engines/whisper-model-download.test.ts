// whisper.cpp models by name (KATTO_WHISPER_MODEL=base.en or auto): downloaded once from a local
// file server on 127.0.0.1, checked against the SHA-256, kept in the cache, and pocketsphinx used
// with one log line when the model cannot be had.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/runtime/config.js";
import { createSpeechEngine } from "../../src/engines/speech/index.js";
import { ensureModelFile, ModelDownloadError } from "../../src/engines/speech/model-download.js";
import { createDownloadedWhisperEngine, modelCacheDir, whisperModelSpec } from "../../src/engines/speech/whisper-cpp-download.js";
import { WHISPER_MODELS } from "../../src/runtime/whisper-models.js";
import { media, tmpDir } from "../helpers/media.js";

/** A static file server: path -> bytes; it records every GET. Redirects /moved/* like Hugging Face's resolve URLs do. */
async function fileServer(files: Record<string, Buffer>) {
  const gets: string[] = [];
  const server = createServer((req, res) => {
    gets.push(req.url ?? "");
    if (req.url?.startsWith("/moved/")) {
      res.writeHead(302, { location: req.url.slice("/moved".length) });
      return res.end();
    }
    const body = files[req.url ?? ""];
    if (!body) {
      res.writeHead(404, { "content-type": "text/plain" });
      return res.end("Entry not found");
    }
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": body.length });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, gets, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
  vi.restoreAllMocks();
});

// Not a real model (none can be downloaded here): the test checks the transfer, not whisper.cpp.
const payload = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
const spec = (url: string, bytes = payload) => ({ url, fileName: "ggml-test.bin", sha256: createHash("sha256").update(bytes).digest("hex"), bytes: bytes.length });

describe("model download", () => {
  it("downloads once, following redirects, checks the SHA-256 and keeps the file for the next start", async () => {
    const srv = await fileServer({ "/ggml-test.bin": payload });
    close = srv.close;
    const cache = tmpDir("katto-models-");
    const first = await ensureModelFile(spec(`${srv.base}/moved/ggml-test.bin`), cache);
    expect(first).toEqual({ path: path.join(cache, "ggml-test.bin"), downloaded: true });
    expect(readFileSync(first.path).equals(payload)).toBe(true);
    expect(srv.gets).toEqual(["/moved/ggml-test.bin", "/ggml-test.bin"]);

    const second = await ensureModelFile(spec(`${srv.base}/moved/ggml-test.bin`), cache);
    expect(second).toEqual({ path: first.path, downloaded: false });
    expect(srv.gets).toHaveLength(2); // no second download
    expect(readdirSync(cache)).toEqual(["ggml-test.bin"]);
  });

  it("refuses a file whose SHA-256 differs and leaves nothing in the cache", async () => {
    const tampered = Buffer.from(payload);
    tampered[1000] ^= 1;
    const srv = await fileServer({ "/ggml-test.bin": tampered });
    close = srv.close;
    const cache = tmpDir("katto-models-");
    const err = await ensureModelFile(spec(`${srv.base}/ggml-test.bin`), cache).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelDownloadError);
    expect((err as Error).message).toMatch(/gave 300000 bytes with SHA-256 [0-9a-f]{64}, not the published 300000 bytes with SHA-256 /);
    expect(readdirSync(cache)).toEqual([]);
  });

  it("replaces a cached file of the wrong size (a copy cut short by hand)", async () => {
    const srv = await fileServer({ "/ggml-test.bin": payload });
    close = srv.close;
    const cache = tmpDir("katto-models-");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(path.join(cache, "ggml-test.bin"), payload.subarray(0, 1000));
    expect((await ensureModelFile(spec(`${srv.base}/ggml-test.bin`), cache)).downloaded).toBe(true);
    expect(readFileSync(path.join(cache, "ggml-test.bin")).equals(payload)).toBe(true);
  });

  it("says why when the server answers with an error or cannot be reached", async () => {
    const srv = await fileServer({});
    close = srv.close;
    await expect(ensureModelFile(spec(`${srv.base}/ggml-test.bin`), tmpDir())).rejects.toThrow(/ggml-test\.bin answered HTTP 404/);
    await expect(ensureModelFile(spec("http://127.0.0.1:9/ggml-test.bin"), tmpDir())).rejects.toThrow(/could not reach http:\/\/127\.0\.0\.1:9\/ggml-test\.bin/);
  });
});

describe("whisper-cpp with a model name", () => {
  it("reads auto and model names from KATTO_WHISPER_MODEL, a path as before, and refuses anything else", () => {
    const env = { KATTO_SPEECH_ENGINE: "whisper-cpp", KATTO_CACHE_DIR: "/var/cache/katto" };
    const auto = loadConfig({ ...env, KATTO_WHISPER_MODEL: "auto" }).speech;
    expect(auto).toEqual({
      engine: "whisper-cpp",
      bin: undefined,
      download: { model: "base", baseUrl: "https://huggingface.co/ggerganov/whisper.cpp/resolve/main", cacheDir: "/var/cache/katto", fallback: { search: "fast", bin: undefined, modelDir: undefined } },
    });
    const named = loadConfig({ ...env, KATTO_WHISPER_MODEL: "base.en", KATTO_WHISPER_MODEL_URL: "http://mirror.local/whisper" }).speech;
    expect(named).toMatchObject({ download: { model: "base.en", baseUrl: "http://mirror.local/whisper" } });
    expect(whisperModelSpec({ model: "base.en", baseUrl: "http://mirror.local/whisper/" })).toEqual({
      url: "http://mirror.local/whisper/ggml-base.en.bin",
      fileName: "ggml-base.en.bin",
      sha256: "a03779c86df3323075f5e796cb2ce5029f00ec8869eee3fdfb897afe36c6d002",
      bytes: 147_964_211,
    });
    expect(loadConfig({ ...env, KATTO_WHISPER_MODEL: "models/ggml-tiny.bin" }).speech).toEqual({ engine: "whisper-cpp", modelPath: "models/ggml-tiny.bin", bin: undefined });
    expect(() => loadConfig({ ...env, KATTO_WHISPER_MODEL: "huge" })).toThrow(/KATTO_WHISPER_MODEL=huge is neither auto, a model name \(tiny, tiny\.en, base, base\.en/);
    expect(loadConfig({}).speech.engine).toBe("pocketsphinx");
    expect(loadConfig({}).speech).not.toHaveProperty("download");
  });

  it("ships a SHA-256 and size for every standard model", () => {
    for (const [name, m] of Object.entries(WHISPER_MODELS)) {
      expect(m.sha256, name).toMatch(/^[0-9a-f]{64}$/);
      expect(m.bytes, name).toBeGreaterThan(70_000_000);
    }
  });

  it("needs the whisper.cpp program at start, as with a model file", () => {
    expect(() => createSpeechEngine(loadConfig({ KATTO_SPEECH_ENGINE: "whisper-cpp", KATTO_WHISPER_MODEL: "base.en", KATTO_WHISPER_BIN: "no-such-whisper-cli" }).speech)).toThrow(
      /whisper\.cpp program "no-such-whisper-cli" not found on PATH; install whisper\.cpp or set KATTO_WHISPER_BIN/,
    );
  });

  for (const [why, files, pattern] of [
    ["the model cannot be downloaded", {}, /answered HTTP 404/],
    ["the download's checksum does not match", { "/ggml-tiny.en.bin": payload }, /not the published 77704715 bytes/],
  ] as const) {
    it(`falls back to pocketsphinx with one log line when ${why}`, async () => {
      const srv = await fileServer(files);
      close = srv.close;
      const lines: string[] = [];
      vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
      const cfg = loadConfig({ KATTO_SPEECH_ENGINE: "whisper-cpp", KATTO_WHISPER_MODEL: "tiny.en", KATTO_WHISPER_MODEL_URL: srv.base, KATTO_CACHE_DIR: tmpDir() }).speech;
      if (!("download" in cfg)) throw new Error("expected a model by name");
      // the program is not installed here: its check at start is covered above
      const engine = createDownloadedWhisperEngine({ ...cfg.download, bin: "whisper-cli" });
      expect(engine.name).toBe("whisper-cpp:tiny.en");
      expect(engine.languages).toBe("any");
      // two chunks of a job at once: one download attempt, one line, both recognised
      const wav = media("speech/en/librivox_sense_and_sensibility/sense_and_sensibility_01_austen_64kb-0880.wav");
      const results = await Promise.all([1, 2].map(() => engine.transcribe(wav, { signal: AbortSignal.timeout(120_000) })));
      vi.restoreAllMocks();
      for (const r of results) {
        expect(r.engine).toBe("pocketsphinx");
        expect(r.words.map((w) => w.word)).toContain("young");
      }
      const notes = lines.filter((l) => l.includes("whisper.cpp model"));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatch(/whisper\.cpp model tiny\.en unavailable, using pocketsphinx: /);
      expect(notes[0]).toMatch(pattern);
      expect(srv.gets).toEqual(["/ggml-tiny.en.bin"]); // tried once, not per job
      // what recognises now hears English only, and says so (the transcript's language follows)
      expect(engine.languages).toEqual(["en"]);
      expect(readdirSync(modelCacheDir(cfg.download.cacheDir))).toEqual([]);
    });
  }
});
