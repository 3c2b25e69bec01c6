import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { KattoApiError, KattoNetworkError, KattoTimeoutError } from "@katto/sdk";
import { describe, expect, it } from "vitest";
import { parseHeaderFile } from "../src/commands/webhook";
import { configPath, readConfig, resolveCredentials, writeConfig } from "../src/config";
import { CliError, describeError, EXIT } from "../src/exit-codes";
import { bar, chosenBy, qualityCell, qualityLine, table } from "../src/output";
import { srtTime, toSrt, toText } from "../src/transcript-format";

describe("exit codes", () => {
  it("maps each kind of failure to its own code with one line", () => {
    const cases: [unknown, number][] = [
      [new CliError(EXIT.usage, "x"), 2],
      [new KattoApiError(401, "Invalid API key."), 3],
      [new KattoApiError(403, "Missing scope.", "forbidden"), 3],
      [new KattoApiError(403, "Quota used up.", "quota_exceeded"), 1],
      [new KattoApiError(404, "Job not found.", "not_found"), 4],
      [new KattoApiError(429, "Too many requests.", "rate_limited", 30), 5],
      [new KattoApiError(500, "Internal error.", "internal"), 1],
      [new KattoNetworkError("http://127.0.0.1:9", { cause: { cause: { code: "ECONNREFUSED" } } }), 7],
      [new KattoTimeoutError("Job x has not finished"), 9],
      [new Error("secret internals"), 1],
    ];
    for (const [e, code] of cases) {
      const d = describeError(e);
      expect(d.code, String(e)).toBe(code);
      expect(d.message).not.toContain("\n");
    }
    expect(new Set(Object.values(EXIT)).size).toBe(Object.keys(EXIT).length);
    expect(describeError(new Error("secret internals")).message).not.toContain("secret internals");
    expect(describeError(new KattoApiError(401, "Invalid API key.")).message).toBe("Invalid API key. Run `katto login` or set KATTO_API_KEY to a valid key.");
    expect(describeError(new KattoApiError(429, "Too many requests.", "rate_limited", 30)).message).toContain("in 30 s");
  });
});

describe("config", () => {
  it("writes an owner-only file under XDG_CONFIG_HOME, and the environment overrides it", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "katto-cli-cfg-"));
    const env = { XDG_CONFIG_HOME: dir, HOME: "/nonexistent" };
    const file = configPath(env);
    expect(file).toBe(path.join(dir, "katto", "config.json"));
    writeConfig({ api_key: "katto_a", base_url: "http://127.0.0.1:1/" }, file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readConfig(file)).toEqual({ api_key: "katto_a", base_url: "http://127.0.0.1:1/" });
    expect(resolveCredentials(env)).toEqual({ apiKey: "katto_a", baseUrl: "http://127.0.0.1:1", source: "file" });
    expect(resolveCredentials({ ...env, KATTO_API_KEY: "katto_b", KATTO_BASE_URL: "http://x" })).toEqual({ apiKey: "katto_b", baseUrl: "http://x", source: "env" });
    expect(configPath({ HOME: "/home/u" })).toBe("/home/u/.config/katto/config.json");
    expect(JSON.parse(readFileSync(file, "utf8")).api_key).toBe("katto_a");
  });
});

describe("transcript formats", () => {
  const segs = [
    { start: 0, end: 1.5, text: " Hello there. " },
    { start: 3723.5, end: 3725, text: "Bye." },
    { start: 3726, end: 3727, text: "  " },
  ];
  it("writes SRT cues with hh:mm:ss,mmm times and skips empty ones", () => {
    expect(srtTime(3723.5)).toBe("01:02:03,500");
    expect(toSrt(segs)).toBe("1\n00:00:00,000 --> 00:00:01,500\nHello there.\n\n2\n01:02:03,500 --> 01:02:05,000\nBye.\n");
    expect(toText(segs)).toBe("Hello there.\nBye.\n");
  });
});

describe("webhook header files", () => {
  it("reads JSON objects and raw header dumps", () => {
    expect(parseHeaderFile('{"X-Service-Timestamp":"1","x-service-signature":["sha256=ab"]}')).toEqual({ "x-service-timestamp": "1", "x-service-signature": "sha256=ab" });
    expect(parseHeaderFile("POST /hook HTTP/1.1\r\nX-Service-Timestamp: 12\r\nX-Service-Signature: sha256=cd\r\n")).toMatchObject({ "x-service-timestamp": "12", "x-service-signature": "sha256=cd" });
  });
});

describe("output", () => {
  it("draws a bounded bar and aligned tables", () => {
    expect(bar(50, 4)).toBe("[██░░]  50%");
    expect(bar(150, 2)).toBe("[██] 100%");
    expect(table(["a", "bb"], [["xxx", null]])).toBe("a    bb\nxxx  -");
  });
});

describe("clip quality output", () => {
  it("a clip's quality cell and a job's quality line", () => {
    expect(qualityCell(null)).toBe("-");
    expect(qualityCell({ ok: true, flags: [], fixes: [] })).toBe("ok");
    expect(qualityCell({ ok: true, flags: [], fixes: [{ flag: "cuts_word" }, { flag: "cuts_word" }] })).toBe("ok (fixed: cuts_word)");
    expect(qualityCell({ ok: false, flags: [{ name: "long_silence" }, { name: "too_loud" }], fixes: [] })).toBe("long_silence,too_loud");
    expect(qualityLine(null)).toBeNull();
    expect(qualityLine({ clips_delivered: 3, clips_fixed: 1, clips_flagged: 1, clips_dropped: 2, flags: { long_silence: 1 } })).toBe("3 delivered, 1 fixed, 1 flagged, 2 dropped (long_silence x1)");
  });

  it("who chose a clip, in one cell", () => {
    expect(chosenBy(null)).toBe("-");
    expect(chosenBy({ engine: "openai", model: "qwen2.5:7b-instruct", fallback_reason: null })).toBe("openai:qwen2.5:7b-instruct");
    expect(chosenBy({ engine: "offline", model: null, fallback_reason: "openai:m: refused the key" })).toBe("offline (fallback)");
  });
});

describe("watching a job", () => {
  it("says each clip the moment it is delivered while the job runs, once each", async () => {
    const { watchJob } = await import("../src/watch");
    const clip = (i: number) => ({ clip_index: i, score: 70 - i, title: `Clip ${i}`, url: `https://x.test/files/${i}.mp4` });
    const base = { id: "6f1c0c53-8f0e-4d6b-9a57-0d1f1f0a1b2c", hd_ready: false, progress: { step: "rendering", pct: 60 } };
    const states = [
      { ...base, status: "processing", clips: [] },
      { ...base, status: "processing", clips: [clip(0)] },
      { ...base, status: "processing", clips: [clip(0)] },
      { ...base, status: "processing", clips: [clip(0), clip(1)] },
      { ...base, status: "completed", clips: [clip(0), clip(1), clip(2)] },
    ];
    const katto = { waitForJob: async (_id: string, o: { onProgress: (j: unknown) => void }) => (states.forEach((s) => o.onProgress(s)), states[4]) };
    const notes: string[] = [];
    const ui = { json: false, interactive: true, note: (t: string) => notes.push(t), progress: () => undefined, done: () => undefined, result: () => undefined };
    await watchJob(katto as never, ui as never, base.id);
    expect(notes).toEqual(["Clip 0 ready (preview, score 70): Clip 0 https://x.test/files/0.mp4", "Clip 1 ready (preview, score 69): Clip 1 https://x.test/files/1.mp4"]);
  });
});
