// Issue 22, done-when, on the whole local stack as a user would: a misheard word corrected through
// the API appears in the next clip version's burned-in captions (read back from a frame with
// tesseract) and SRT, while the old version's URL and bytes stay; a trimmed clip plays with the
// asked boundaries, snapped to pauses between words (ffprobe duration).
import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureJob } from "./fixture-jobs";
import { baseUrl, ffprobe, parseSrt, repoRoot } from "./helpers";

const CORRECTION = "ZEBRAFISH";

let tmp: string;
let client: Awaited<ReturnType<typeof fixtureJob>>["client"];
let jobId: string;
let clip: { url: string; start: number; end: number; clip_index: number };
type Word = { text: string; start: number; end: number };

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "katto-edit-"));
  // the talk's lt30 job, shared with other files (./fixture-jobs.ts); this file adds transcript
  // revisions and clip versions to it. hd_ready: the clip URLs are final (a preview's URL is
  // replaced by the 1080p file's once)
  const fixture = await fixtureJob("talk-lt30");
  ({ client, jobId } = fixture);
  clip = (fixture.job.clips as (typeof clip)[]).find((c) => c.clip_index === 0)!;
}, 300_000);

afterAll(async () => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const bytesOf = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function waitRerender(rid: string) {
  for (const deadline = Date.now() + 240_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 2000))) {
    const r = (await (await client.call(`/jobs/${jobId}/rerenders/${rid}`)).json()) as { status: string; clip_url: string; captions_url: string; start: number; end: number; duration: number; error: string | null };
    if (r.status === "completed" || r.status === "failed") return r;
  }
  throw new Error(`re-render ${rid} did not finish`);
}

/** tesseract's reading of the frame `t` seconds into `file` (grey, inverted: dark text on light reads best). */
function ocr(file: string, t: number): string {
  const png = path.join(tmp, `frame-${t}.png`);
  execFileSync("ffmpeg", ["-v", "error", "-y", "-ss", String(t), "-i", file, "-frames:v", "1", "-vf", "format=gray,negate", png]);
  return execFileSync("tesseract", [png, "-", "--psm", "11"], { stdio: ["ignore", "pipe", "ignore"] }).toString().toUpperCase();
}

describe("a corrected transcript and moved cuts, end to end", () => {
  it("a word corrected through the API is in the next version's burned-in captions and SRT; the old version's URL and bytes stay", async () => {
    const t = (await (await client.call(`/jobs/${jobId}/transcript`)).json()) as { revision: number; words: Word[] };
    // the job is shared (./fixture-jobs.ts): the revision is whatever the files before left
    const base = t.revision;
    // a word well inside clip 0, at least 2 s from its edges, as the "misheard" one
    const index = t.words.findIndex((w) => w.start > clip.start + 2 && w.end < clip.end - 2 && w.text.length >= 3);
    expect(index).toBeGreaterThanOrEqual(0);
    const word = t.words[index]!;
    const oldBytes = await bytesOf(clip.url);

    const patched = await client.call(`/jobs/${jobId}/transcript`, { method: "PATCH", json: { revision: base, edits: [{ index, text: CORRECTION }] } });
    expect(patched.status).toBe(200);
    const after = (await patched.json()) as { revision: number; words: Word[] };
    expect(after.revision).toBe(base + 1);
    expect(after.words[index]).toEqual({ text: CORRECTION, start: word.start, end: word.end });
    // the same edit again names a stale revision
    const stale = await client.call(`/jobs/${jobId}/transcript`, { method: "PATCH", json: { revision: base, edits: [{ index, text: "again" }] } });
    expect(stale.status).toBe(409);

    const rr = await client.call(`/jobs/${jobId}/clips/0/rerender`, { method: "POST", json: { captions: "refresh", caption_style: "boxed" } });
    expect(rr.status).toBe(202);
    const done = await waitRerender(((await rr.json()) as { rerender_id: string }).rerender_id);
    expect(done.status, done.error ?? "").toBe("completed");
    const srt = await (await fetch(done.captions_url)).text();
    const cue = parseSrt(srt).find((c) => c.text.includes(CORRECTION));
    expect(cue, srt).toBeDefined();
    const mp4 = path.join(tmp, "refreshed.mp4");
    writeFileSync(mp4, await bytesOf(done.clip_url));
    expect(ocr(mp4, (word.start + word.end) / 2 - clip.start)).toContain(CORRECTION);

    // the version rendered before the correction is untouched
    const job = (await (await client.call(`/jobs/${jobId}`)).json()) as { clips: { clip_index: number; url: string }[] };
    expect(job.clips.find((c) => c.clip_index === 0)!.url).toBe(clip.url);
    expect(sha(await bytesOf(clip.url))).toBe(sha(oldBytes));
    expect(done.clip_url).not.toBe(clip.url);
  });

  it("a trimmed clip plays from the snapped start to the snapped end, both in pauses between words", async () => {
    const t = (await (await client.call(`/jobs/${jobId}/transcript`)).json()) as { words: Word[] };
    // start later than the clip and end past it (a cut that ended mid-sentence, extended)
    const last = t.words[t.words.length - 1]!;
    const ask = { start: +(clip.start + 1.3).toFixed(2), end: +Math.min(last.end, clip.start + 10.3).toFixed(2) };
    const r = await client.call(`/jobs/${jobId}/clips/0/trim`, { method: "POST", json: ask });
    const created = (await r.json()) as { rerender_id: string; start: number; end: number };
    expect(r.status, `${JSON.stringify(ask)} of clip ${clip.start}-${clip.end}: ${JSON.stringify(created)}`).toBe(202);
    for (const edge of [created.start, created.end]) expect(t.words.some((w) => w.start < edge && edge < w.end), `${edge} inside a word`).toBe(false);
    expect(Math.abs(created.start - ask.start)).toBeLessThan(1.5);
    expect(Math.abs(created.end - ask.end)).toBeLessThan(1.5);

    const done = await waitRerender(created.rerender_id);
    expect(done.status, done.error ?? "").toBe("completed");
    expect(done).toMatchObject({ start: created.start, end: created.end });
    const mp4 = path.join(tmp, "trimmed.mp4");
    writeFileSync(mp4, await bytesOf(done.clip_url));
    const probe = ffprobe(mp4);
    expect(Math.abs(Number(probe.format.duration) - (created.end - created.start))).toBeLessThan(0.15);
    expect(probe.streams.find((s) => s.codec_type === "video")).toMatchObject({ width: 1080, height: 1920 });
    // captions re-timed to the new start: none runs past the clip
    const cues = parseSrt(await (await fetch(done.captions_url)).text());
    expect(cues.length).toBeGreaterThan(0);
    expect(Math.max(...cues.map((c) => c.end))).toBeLessThanOrEqual(created.end - created.start + 0.05);
  });
});

describe("the other doors: the katto CLI and the hosted MCP tools", () => {
  function katto(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env = { ...process.env, HOME: tmp, XDG_CONFIG_HOME: path.join(tmp, "config"), KATTO_API_KEY: client.key.key, KATTO_BASE_URL: baseUrl(), CI: "1" };
    return new Promise((resolve) =>
      execFile(process.execPath, [path.join(repoRoot, "cli/bin/katto.mjs"), ...args], { env, cwd: tmp, timeout: 120_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr }),
      ),
    );
  }

  it("katto transcript edit corrects at the revision named (a stale one exits 1 with the 409 message); katto clips trim prints the snapped range", async () => {
    const t = (await (await client.call(`/jobs/${jobId}/transcript`)).json()) as { revision: number; words: Word[] };
    const stale = await katto(["transcript", "edit", jobId, "--revision", String(t.revision - 1), "--replace", "0=Hello"]);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/another edit landed first/);
    const ok = await katto(["transcript", "edit", jobId, "--revision", String(t.revision), "--replace", "0=Hello", "--json"]);
    expect(ok.code, ok.stderr).toBe(0);
    const edited = JSON.parse(ok.stdout) as { revision: number; words: Word[] };
    expect(edited.revision).toBe(t.revision + 1);
    expect(edited.words[0]!.text).toBe("Hello");

    const trim = await katto(["clips", "trim", jobId, "0", "--start-word", "2", "--end-word", String(Math.min(t.words.length - 1, 20)), "--json"]);
    expect(trim.code, trim.stderr).toBe(0);
    const created = JSON.parse(trim.stdout) as { rerender_id: string; status: string; start: number; end: number };
    expect(created.status).toBe("queued");
    expect(created.start).toBeLessThanOrEqual(t.words[2]!.start);
    expect(created.end).toBeGreaterThanOrEqual(t.words[Math.min(t.words.length - 1, 20)]!.end);
  });

  it("service_edit_transcript and service_trim_clip through /mcp, with a stale revision as a tool error", async () => {
    const mcp = new Client({ name: "katto-edit-test", version: "1" });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl()}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${client.key.key}` } } }));
    try {
      const t = (await (await client.call(`/jobs/${jobId}/transcript`)).json()) as { revision: number; words: Word[] };
      const call = (name: string, args: Record<string, unknown>) => mcp.callTool({ name, arguments: args }) as Promise<CallToolResult & { structuredContent: Record<string, any> }>;
      const edited = await call("service_edit_transcript", { job_id: jobId, revision: t.revision, edits: [{ index: 1, text: "there" }] });
      expect(edited.isError, JSON.stringify(edited.content)).toBeFalsy();
      expect(edited.structuredContent).toMatchObject({ revision: t.revision + 1 });
      const stale = await call("service_edit_transcript", { job_id: jobId, revision: t.revision, edits: [{ index: 1, text: "again" }] });
      expect(stale.isError).toBe(true);
      expect((stale.content[0] as { text: string }).text).toMatch(/^Katto API error 409 .*another edit landed first/);
      // the source is short (under 5 s): from its first word to its last
      const trim = await call("service_trim_clip", { job_id: jobId, clip_index: 0, start_word: 0, end_word: t.words.length - 1 });
      expect(trim.isError, JSON.stringify(trim.content)).toBeFalsy();
      expect(trim.structuredContent).toMatchObject({ status: "queued" });
      expect(trim.structuredContent.end - trim.structuredContent.start).toBeGreaterThanOrEqual(3);
    } finally {
      await mcp.close();
    }
  });
});
