// Both MCP servers against the running local stack, driven by the official SDK client as an agent
// would: the hosted one at /mcp (streamable HTTP, API key header) and katto-mcp over stdio. Every
// tool is called through both transports on one real job; service_wait_for_job's progress
// notifications, an API error as a tool error, local upload, the stdio key checks, and the MCP
// Inspector CLI listing both servers' tools with its strict schema portability check finding
// nothing (issue 25). (The OAuth flow is tested in workerd:
// test/workers/mcp/oauth.test.ts.)
import { spawn } from "node:child_process";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listToolsStrictly } from "../../mcp/test/inspector";
import { baseUrl, media, newClient, repoRoot, serveFiles } from "./helpers";

const TALK = "video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4";
const BIN = path.join(repoRoot, "mcp/bin/katto-mcp.mjs");
const NODE = process.execPath; // Node 22 (vitest runs on it); the bin itself needs >= 20
const SHARED_TOOLS = [
  "service_create_clip_job", "service_get_job", "service_list_jobs", "service_get_clips", "service_get_transcript",
  "service_get_usage", "service_get_account", "service_cancel_job", "service_list_sources", "service_list_clip_lengths",
  "service_rerender_clip", "service_dub_clip", "service_get_rerender", "service_get_brand_kit", "service_get_webhook_secret",
  "service_wait_for_job", "service_list_connections", "service_publish_clip", "service_get_publication", "service_export_clip",
  "service_list_broll", "service_delete_broll",
  "service_edit_transcript", "service_trim_clip",
  "service_create_clip", "service_list_candidates",
  "service_get_insights", "service_edit_post_copy",
];

let files: Awaited<ReturnType<typeof serveFiles>>;
let key: string;
let hosted: Client;
let local: Client;
const clients = () => [["hosted", hosted], ["stdio", local]] as const;

// All system tests share 127.0.0.1, so the per-IP limit (60/min) covers them together. Like a
// well-behaved agent, wait the time a 429 tool error names and call again (at most 3 times).
async function call(c: Client, name: string, args: Record<string, unknown> = {}, onprogress?: (p: Progress) => void) {
  for (let attempt = 0; ; attempt++) {
    const r = (await c.callTool({ name, arguments: args }, undefined, { onprogress, timeout: 90_000 })) as CallToolResult & { structuredContent: Record<string, any> };
    const text = r.isError ? (r.content[0] as { text: string }).text : "";
    const wait = /^Katto API error 429 .*?(\d+) second/.exec(text);
    if (!wait || attempt >= 3) return r;
    await new Promise((res) => setTimeout(res, Number(wait[1]) * 1000));
  }
}
const ok = async (c: Client, name: string, args: Record<string, unknown> = {}, onprogress?: (p: Progress) => void) => {
  const r = await call(c, name, args, onprogress);
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content)}`);
  expect(r.structuredContent).toBeTypeOf("object");
  expect((r.content[0] as { text: string }).text.length).toBeGreaterThan(0);
  return r.structuredContent;
};

/** Waits (repeating the bounded wait) until done, collecting progress notifications. */
async function waitDone(c: Client, args: Record<string, unknown>) {
  const progress: Progress[] = [];
  for (let i = 0; i < 12; i++) {
    const r = await ok(c, "service_wait_for_job", { ...args, timeout_seconds: 30 }, (p) => progress.push(p));
    if (r.done) return { result: r, progress };
  }
  throw new Error(`not done after 12 waits: ${JSON.stringify(args)}`);
}

beforeAll(async () => {
  files = await serveFiles({ "talk.mp4": media(TALK) });
  key = (await newClient("creator")).key.key;
  hosted = new Client({ name: "katto-system-test", version: "1" });
  await hosted.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl()}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  local = new Client({ name: "katto-system-test", version: "1" });
  await local.connect(new StdioClientTransport({ command: NODE, args: [BIN], cwd: repoRoot, env: { PATH: process.env.PATH ?? "", KATTO_API_KEY: key, KATTO_BASE_URL: baseUrl() }, stderr: "ignore" }));
});
afterAll(async () => {
  await Promise.allSettled([hosted?.close(), local?.close(), files?.close()]);
});

describe("katto MCP servers (hosted /mcp and stdio katto-mcp)", () => {
  it("list the shared tools (stdio adds service_upload_file) with annotations and output schemas", async () => {
    const h = (await hosted.listTools()).tools;
    const l = (await local.listTools()).tools;
    expect(h.map((t) => t.name).sort()).toEqual([...SHARED_TOOLS].sort());
    expect(l.map((t) => t.name).sort()).toEqual([...SHARED_TOOLS, "service_upload_file", "service_add_broll"].sort());
    for (const t of [...h, ...l]) {
      expect(t.outputSchema?.type).toBe("object");
      expect(typeof t.annotations?.readOnlyHint).toBe("boolean");
      expect(t.description!.length).toBeGreaterThan(40);
    }
    expect(h.find((t) => t.name === "service_create_clip_job")!.description).toMatch(/SPENDS QUOTA/);
    expect(h.find((t) => t.name === "service_cancel_job")!.description).toMatch(/CANNOT BE UNDONE/);
    expect(l.find((t) => t.name === "service_upload_file")!.description).toMatch(/SPENDS QUOTA/);
  });

  it("run one real job through every tool on both transports, with progress while waiting", async () => {
    // Vocabularies and account reads, both doors.
    for (const [, c] of clients()) {
      expect((await ok(c, "service_list_sources")).sources.map((s: { source: string }) => s.source)).toContain("youtube");
      expect((await ok(c, "service_list_clip_lengths")).clip_lengths.map((x: { value: string }) => x.value)).toEqual(["lt30", "30_60", "60_90", "90_180"]);
      expect((await ok(c, "service_get_usage")).plan).toBe("creator");
      expect((await ok(c, "service_get_account")).key.scopes).toEqual(["read", "write"]);
      expect(Array.isArray((await ok(c, "service_get_brand_kit")).brand_kits)).toBe(true);
      expect((await ok(c, "service_get_webhook_secret")).signing_secret.length).toBeGreaterThan(10);
    }

    const created = await ok(local, "service_create_clip_job", { url: files.url("talk.mp4"), config: { clipLength: "lt30" }, idempotency_key: crypto.randomUUID() });
    const jobId = created.id as string;

    const hostedWait = await waitDone(hosted, { job_id: jobId });
    expect(hostedWait.result.job.status).toBe("completed");
    expect(hostedWait.result.job.hd_ready).toBe(true);
    expect(hostedWait.progress.length).toBeGreaterThan(0);
    for (const p of hostedWait.progress) {
      expect(p.total).toBe(100);
      expect(typeof p.message).toBe("string");
    }
    const localWait = await waitDone(local, { job_id: jobId });
    expect(localWait.result.job.id).toBe(jobId);
    expect(localWait.progress.at(-1)).toMatchObject({ progress: 100, total: 100 });

    for (const [, c] of clients()) {
      expect((await ok(c, "service_get_job", { job_id: jobId })).status).toBe("completed");
      expect((await ok(c, "service_list_jobs", { limit: 5 })).jobs.map((j: { id: string }) => j.id)).toContain(jobId);
      expect((await ok(c, "service_get_clips", { job_id: jobId })).clips.length).toBeGreaterThan(0);
      expect((await ok(c, "service_get_transcript", { job_id: jobId })).segments.length).toBeGreaterThan(0);
    }

    // Re-render through the hosted server, dub through stdio; each waited for and read on both.
    const rr = await ok(hosted, "service_rerender_clip", { job_id: jobId, clip_index: 0, layout_mode: "wide", caption_style: "boxed" });
    const dub = await ok(local, "service_dub_clip", { job_id: jobId, clip_index: 0, languages: ["es"] });
    const rrDone = await waitDone(local, { job_id: jobId, rerender_id: rr.rerender_id });
    expect(rrDone.result.rerender.status).toBe("completed");
    const dubDone = await waitDone(hosted, { job_id: jobId, rerender_id: dub.rerender_id });
    expect(dubDone.result.rerender.status).toBe("completed");
    for (const [, c] of clients()) {
      expect((await ok(c, "service_get_rerender", { job_id: jobId, rerender_id: rr.rerender_id })).clip_url).toMatch(/^http/);
      expect((await ok(c, "service_get_rerender", { job_id: jobId, rerender_id: dub.rerender_id })).status).toBe("completed");
    }

    // Left-out moments on both doors; a clip by hand through stdio, waited for on the hosted server.
    for (const [, c] of clients()) expect(Array.isArray((await ok(c, "service_list_candidates", { job_id: jobId })).candidates)).toBe(true);
    const before = (await ok(hosted, "service_get_job", { job_id: jobId })).clips.length as number;
    const made = await ok(local, "service_create_clip", { job_id: jobId, start: 0.5, end: 4.5, layout_mode: "wide", title: "By hand", style: { hook_title: true } });
    expect(made).toMatchObject({ clip_index: before, status: "queued" });
    const madeDone = await waitDone(hosted, { job_id: jobId });
    const manual = (madeDone.result.job.clips as { clip_index: number; origin: string; title: string }[]).find((x) => x.clip_index === before);
    expect(manual).toMatchObject({ origin: "manual", title: "By hand" });
    // Its post copy edited through the hosted server, read back through stdio (issue 41).
    const copy = await ok(hosted, "service_edit_post_copy", { job_id: jobId, clip_index: 0, description: "The moment it clicked", hashtags: ["#mcp", "#clips"] });
    expect(copy).toMatchObject({ clip_index: 0, description: "The moment it clicked", hashtags: ["#mcp", "#clips"] });
    const reread = (await ok(local, "service_get_job", { job_id: jobId })).clips.find((x: { clip_index: number }) => x.clip_index === 0);
    expect(reread).toMatchObject({ description: "The moment it clicked", hashtags: ["#mcp", "#clips"] });
    const neither = await call(hosted, "service_create_clip", { job_id: jobId });
    expect(neither.isError).toBe(true);
    expect((neither.content[0] as { text: string }).text).toMatch(/Give start and end/);

    // The clip as an editor project on both doors: MLT through stdio naming the source's file,
    // an EDL through the hosted server with its one cut.
    // No version named: the newest completed one, here one of clip 0's two re-renders (issue 41).
    const mlt = await ok(local, "service_export_clip", { job_id: jobId, clip_index: 0, format: "mlt", source: "file" });
    expect([rr.rerender_id, dub.rerender_id]).toContain(mlt.version);
    expect(mlt).toMatchObject({ format: "mlt", file_name: expect.stringMatching(new RegExp(`-clip-0-${mlt.version}\\.mlt$`)), source: { file_name: expect.any(String) } });
    expect(mlt.project).toMatch(/^<\?xml[^>]*\?>\s*<mlt /);
    expect(mlt.project).toContain(`<property name="resource">${mlt.source.file_name}</property>`);
    const edl = await ok(hosted, "service_export_clip", { job_id: jobId, clip_index: 0, format: "edl", version: "original" });
    expect(edl).toMatchObject({ version: "original", file_name: expect.stringMatching(/-clip-0\.edl$/) });
    expect(edl.project).toMatch(/^TITLE: /);
    expect(edl.project).toMatch(/\n001 {2}/);

    // An API error is a tool error carrying the API's message and status, on both doors.
    for (const [, c] of clients()) {
      const refused = await call(c, "service_cancel_job", { job_id: jobId });
      expect(refused.isError).toBe(true);
      expect((refused.content[0] as { text: string }).text).toMatch(/^Katto API error 409 \(conflict\): .+/);
      const missing = await call(c, "service_get_job", { job_id: crypto.randomUUID() });
      expect(missing.isError).toBe(true);
      expect((missing.content[0] as { text: string }).text).toMatch(/^Katto API error 404 \(not_found\): /);
    }
  });

  it("create and cancel on each door, and upload a local file through stdio", async () => {
    // Every config field reaches the API (issue 41): score_with "account" without 10 published clips is the API's 409.
    const account = await call(local, "service_create_clip_job", { url: files.url("talk.mp4"), config: { score_with: "account", min_clips: 1, max_clips: 2 } });
    expect(account.isError).toBe(true);
    expect((account.content[0] as { text: string }).text).toMatch(/^Katto API error 409 \(conflict\): config\.score_with "account" needs 10 published clips/);
    const viaHosted = await ok(hosted, "service_create_clip_job", { url: files.url("talk.mp4") });
    expect((await ok(local, "service_cancel_job", { job_id: viaHosted.id })).status).toBe("cancelled");

    const uploadProgress: Progress[] = [];
    const uploaded = await ok(local, "service_upload_file", { path: media(TALK) }, (p) => uploadProgress.push(p));
    expect(uploadProgress.at(-1)).toMatchObject({ progress: 100, total: 100, message: "done" });
    expect(uploaded.id).toMatch(/^[0-9a-f-]{36}$/);
    const job = await ok(hosted, "service_get_job", { job_id: uploaded.id });
    expect(job.source).toBe("upload");
    // stopped, unless it already finished (a 4.8 s source renders in seconds, and a 429 above may
    // have been waited out meanwhile): then the API's 409 says so
    const stopped = await call(hosted, "service_cancel_job", { job_id: uploaded.id });
    if (stopped.isError) expect((stopped.content[0] as { text: string }).text).toMatch(/^Katto API error 409 \(conflict\): Job is completed/);
    else expect((stopped.structuredContent as { status: string }).status).toBe("cancelled");

    const notThere = await call(local, "service_upload_file", { path: "/nonexistent/video.mp4" });
    expect(notThere.isError).toBe(true);
    expect((notThere.content[0] as { text: string }).text).toMatch(/No readable file/);
  });

  it("katto-mcp refuses to start without a key, or with a rejected one, in one stderr line", async () => {
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
        const p = spawn(NODE, [BIN], { cwd: repoRoot, env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["pipe", "pipe", "pipe"] });
        let stderr = "";
        let stdout = "";
        p.stderr.on("data", (d) => (stderr += d));
        p.stdout.on("data", (d) => (stdout += d));
        p.on("close", (code) => resolve({ code, stderr, stdout }));
      });
    const missing = await run({ KATTO_BASE_URL: baseUrl() });
    expect(missing.code).not.toBe(0);
    expect(missing.stdout).toBe("");
    expect(missing.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^katto-mcp: KATTO_API_KEY is not set/)]);

    const rejected = await run({ KATTO_BASE_URL: baseUrl(), KATTO_API_KEY: `katto_${"x".repeat(43)}` });
    expect(rejected.code).not.toBe(0);
    expect(rejected.stdout).toBe("");
    expect(rejected.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^katto-mcp: Katto API error 401 .*Invalid or revoked API key/)]);
  });

  it("the MCP Inspector CLI (2.12, Node 22) lists the tools of both servers, and its strict portability check finds nothing in their schemas", async () => {
    const inspector = path.join(repoRoot, "node_modules/@modelcontextprotocol/inspector/package.json");
    const pkg = (await import(inspector, { with: { type: "json" } })).default as { version: string };
    expect(pkg.version).toBe("2.12.0");
    const hostedOut = await listToolsStrictly({ url: `${baseUrl()}/mcp`, headers: { Authorization: `Bearer ${key}` } });
    expect(hostedOut.tools.map((t) => t.name).sort()).toEqual([...SHARED_TOOLS].sort());
    const localOut = await listToolsStrictly({ command: [NODE, BIN], env: { KATTO_API_KEY: key, KATTO_BASE_URL: baseUrl() }, cwd: repoRoot });
    expect(localOut.tools.map((t) => t.name)).toContain("service_upload_file");
    expect(localOut.tools).toHaveLength(SHARED_TOOLS.length + 2);
    // Every finding fails, warnings included (--strict alone exits non-zero only on errors).
    expect(hostedOut.findings).toEqual([]);
    expect(localOut.findings).toEqual([]);
    expect([hostedOut.exitCode, localOut.exitCode]).toEqual([0, 0]);
  });
});
