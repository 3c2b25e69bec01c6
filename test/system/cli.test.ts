// The real `katto` binary (cli/bin/katto.mjs on the machine's Node 20) against the running stack:
// one uploaded job reused by several commands, a URL job that sends a real signed callback, a job
// cancelled at once, and local fake servers for 429 and an unreachable service.
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, ffprobe, media, newClient, parseSrt, repoRoot, serveFiles, webhookReceiver } from "./helpers";

const bin = path.join(repoRoot, "cli/bin/katto.mjs");
// The CLI promises Node 20: run it on the machine's node when there is one, not vitest's Node 22.
const node = ["/usr/bin/node", "/usr/local/bin/node"].find((p) => { try { return statSync(p).isFile(); } catch { return false; } }) ?? process.execPath;
const TALK = "video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4";

let tmp: string;
let env: NodeJS.ProcessEnv;
let files: Awaited<ReturnType<typeof serveFiles>>;
let hook: Awaited<ReturnType<typeof webhookReceiver>>;
let hookJobId: string;

interface Run { code: number; stdout: string; stderr: string }

function katto(args: string[], extraEnv: NodeJS.ProcessEnv = {}, stdin?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(node, [bin, ...args], { env: { ...env, ...extraEnv }, cwd: tmp, timeout: 280_000, maxBuffer: 16 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr }),
    );
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}

/** Runs the command on a pseudo-terminal (util-linux `script`), so stderr is a TTY; returns what the terminal showed. */
function kattoOnTty(args: string[]): Promise<Run> {
  const cmd = [node, bin, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
  return new Promise((resolve) => {
    execFile("script", ["-qfec", cmd, "/dev/null"], { env, cwd: tmp, timeout: 280_000, maxBuffer: 16 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

const json = <T = Record<string, unknown>>(r: Run): T => {
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
};

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "katto-cli-test-"));
  const client = await newClient("creator");
  const { CI: _ci, KATTO_API_KEY: _k, KATTO_BASE_URL: _b, ...rest } = process.env;
  env = { ...rest, HOME: tmp, XDG_CONFIG_HOME: path.join(tmp, "config"), KATTO_API_KEY: client.key.key, KATTO_BASE_URL: baseUrl() };
  files = await serveFiles({ "talk.mp4": media(TALK) });
  hook = await webhookReceiver();
  // Started first so its callback arrives while the other tests run.
  const created = json<{ id: string }>(await katto(["clip", files.url("talk.mp4"), "--webhook-url", hook.url, "--no-wait", "--json"]));
  hookJobId = created.id;
});

afterAll(async () => {
  await files?.close();
  await hook?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe("katto broll add|list|rm", () => {
  it("adds a local image with keywords, lists it, removes it; a missing keyword exits 2 and an unknown id exits 4", async () => {
    const png = path.join(tmp, "coffee.png");
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=0xFF00FF:s=320x240", "-frames:v", "1", png]);
    const added = json<{ id: string; kind: string; status: string; keywords: string[] }>(await katto(["broll", "add", png, "--keyword", "coffee", "-k", "morning routine", "--json"]));
    expect(added).toMatchObject({ kind: "image", status: "ready", keywords: ["coffee", "morning routine"] });
    const listed = json<{ assets: { id: string }[] }>(await katto(["broll", "list", "--json"]));
    expect(listed.assets.map((a) => a.id)).toContain(added.id);
    const text = await katto(["broll", "list"]);
    expect(text.stdout).toMatch(new RegExp(`${added.id}\\s+image\\s+coffee\\.png`));
    expect(json(await katto(["broll", "rm", added.id, "--json"]))).toEqual({ id: added.id, deleted: true });
    expect(json<{ assets: { id: string }[] }>(await katto(["broll", "list", "--json"])).assets.map((a) => a.id)).not.toContain(added.id);
    const noKeyword = await katto(["broll", "add", png]);
    expect(noKeyword.code).toBe(2);
    expect(noKeyword.stderr).toMatch(/at least one --keyword/);
    const unknown = await katto(["broll", "rm", added.id]);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toMatch(/B-roll asset not found/);
  });
});

describe("katto clip on a local file, then the other commands on that job", () => {
  let jobId: string;

  it("uploads with a progress bar on a terminal, shows step and percent, and downloads 1080x1920 MP4s with SRTs", async () => {
    const out = path.join(tmp, "clips");
    const r = await kattoOnTty(["clip", media(TALK), "--out", out, "--clip-length", "lt30", "--max-clips", "1", "--score-with", "default"]);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/Uploading obama_weekly_address_clip_very_real_challenges\.mp4 \[[█░]+\] +\d+%/);
    expect(r.stdout).toContain("100%");
    expect(r.stdout).toMatch(/Job [0-9a-f]{8} +(queued|processing|scoring|completed) +\w+/);
    expect(r.stdout).toMatch(/clips? saved in /);

    const names = readdirSync(out).sort();
    const mp4s = names.filter((n) => n.endsWith(".mp4"));
    // --max-clips 1 reached the API (issue 41: every config field is a flag)
    expect(mp4s.length).toBe(1);
    for (const name of mp4s) {
      const video = ffprobe(path.join(out, name)).streams.find((s) => s.codec_type === "video");
      expect(video).toMatchObject({ codec_name: "h264", width: 1080, height: 1920 });
      const srt = readFileSync(path.join(out, name.replace(/\.mp4$/, ".srt")), "utf8");
      expect(parseSrt(srt).length).toBeGreaterThan(0);
    }

    const list = json<{ jobs: { id: string; source: string; status: string }[] }>(await katto(["jobs", "list", "--json"]));
    const uploaded = list.jobs.find((j) => j.source === "upload");
    expect(uploaded?.status).toBe("completed");
    jobId = uploaded!.id;
  });

  it("jobs list/get --json print only JSON, and nothing on stderr in a pipe", async () => {
    const r = await katto(["jobs", "list", "--json", "--limit", "5"]);
    expect(json<{ jobs: unknown[] }>(r).jobs.length).toBeGreaterThanOrEqual(2);
    expect(r.stderr).toBe("");
    const w = await katto(["jobs", "watch", jobId, "--json"]);
    expect(json<{ id: string; status: string }>(w)).toMatchObject({ id: jobId, status: "completed" });
    expect(w.stderr).toBe("");
    // The same command on a terminal draws the progress line.
    const tty = await kattoOnTty(["jobs", "watch", jobId]);
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/Job [0-9a-f]{8} +completed +done +\[█+\] 100%/);
  });

  it("transcript --format srt prints parseable SRT", async () => {
    const r = await katto(["transcript", jobId, "--format", "srt"]);
    expect(r.code, r.stderr).toBe(0);
    expect(parseSrt(r.stdout).length).toBeGreaterThan(0);
  });

  it("rerender --wait renders the clip again and returns its URL", async () => {
    const r = json<{ status: string; clip_url: string; file: string }>(await katto(["rerender", jobId, "0", "--layout", "wide", "--caption-style", "boxed", "--wait", "--out", "wide.mp4", "--json"]));
    expect(r.status).toBe("completed");
    expect(r.clip_url).toMatch(/^http/);
    expect(ffprobe(r.file).streams.some((s) => s.codec_type === "video")).toBe(true);
  });

  it("candidates lists the left-out moments; clips add --wait makes a clip by hand, snapped to pauses; a bad range exits 1 with the API's message", async () => {
    const listed = json<{ candidates: { id: string; reason: string }[] }>(await katto(["candidates", jobId, "--json"]));
    expect(Array.isArray(listed.candidates)).toBe(true);
    for (const c of listed.candidates) expect(["overlap", "below_cutoff", "too_short", "max_clips"]).toContain(c.reason);
    const table = await katto(["candidates", jobId]);
    expect(table.code, table.stderr).toBe(0);
    const clip = json<{ clip_index: number; origin: string; title: string; start: number; end: number; url: string }>(
      await katto(["clips", "add", jobId, "--start", "0.5", "--end", "0:04.5", "--layout", "wide", "--title", "By hand", "--hook-title", "--wait", "--json"]),
    );
    expect(clip).toMatchObject({ origin: "manual", title: "By hand" });
    expect(clip.end - clip.start).toBeGreaterThanOrEqual(3);
    expect(clip.url).toMatch(/^http/);
    const short = await katto(["clips", "add", jobId, "--start", "1", "--end", "2"]);
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/at least 3 seconds/);
    const bad = await katto(["clips", "add", jobId, "--start", "soon", "--end", "2"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--start must be seconds/);
  });

  it("clips export writes an editor project and, with --with-source, the source beside it under the name the project uses; --out - prints an EDL", async () => {
    const r = json<{ format: string; file: string; source: string }>(await katto(["clips", "export", jobId, "0", "--format", "mlt", "--out", "talk.mlt", "--with-source", "--json"]));
    expect(r.format).toBe("mlt");
    const project = readFileSync(r.file, "utf8");
    expect(project).toMatch(/<mlt /);
    expect(path.dirname(r.source)).toBe(path.dirname(r.file));
    expect(project).toContain(`<property name="resource">${path.basename(r.source)}</property>`);
    expect(statSync(r.source).size).toBe(statSync(media(TALK)).size);
    const edl = await katto(["clips", "export", jobId, "0", "--format", "edl", "--out", "-"]);
    expect(edl.code, edl.stderr).toBe(0);
    expect(edl.stdout).toMatch(/^TITLE: /);
    const missing = await katto(["clips", "export", jobId, "0"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--format is required/);
  });

  it("clips edit replaces a clip's post copy; publish and connections list say which shapes each platform takes", async () => {
    const edited = json<{ clip_index: number; description: string; hashtags: string[] }>(await katto(["clips", "edit", jobId, "0", "--description", "It clicked", "--hashtag", "#cli", "--hashtag", "#clips", "--json"]));
    expect(edited).toMatchObject({ clip_index: 0, description: "It clicked", hashtags: ["#cli", "#clips"] });
    const job = json<{ clips: { clip_index: number; description: string; hashtags: string[] }[] }>(await katto(["jobs", "get", jobId, "--json"]));
    expect(job.clips.find((c) => c.clip_index === 0)).toMatchObject({ description: "It clicked", hashtags: ["#cli", "#clips"] });
    const cleared = json<{ hashtags: string[] }>(await katto(["clips", "edit", jobId, "0", "--no-hashtags", "--json"]));
    expect(cleared.hashtags).toEqual([]);
    const bad = await katto(["clips", "edit", jobId, "0", "--hashtag", "no-hash"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^katto: hashtags\.0: /);
    const list = await katto(["connections", "list"]);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/facebook +\S.*only 9:16 \(a Reel\)/);
    expect((await katto(["publish", "--help"])).stdout).toContain("youtube: 9:16, 1:1 and 4:5 as a Short, 16:9 as a regular video");
    // score_with reaches the API: "account" without 10 published clips is its 409, exit 1
    const account = await katto(["clip", files.url("talk.mp4"), "--score-with", "account", "--no-wait"]);
    expect(account.code).toBe(1);
    expect(account.stderr).toMatch(/config\.score_with "account" needs 10 published clips/);
  });

  it("a job that does not exist exits 4 with the API's message", async () => {
    const r = await katto(["jobs", "get", "00000000-0000-4000-8000-000000000000"]);
    expect(r.code).toBe(4);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/^katto: .*not found/i);
  });
});

describe("katto jobs cancel", () => {
  it("cancels a job submitted with --no-wait", async () => {
    const created = json<{ id: string }>(await katto(["clip", files.url("talk.mp4"), "--no-wait", "--json"]));
    const cancelled = json<{ id: string; status: string }>(await katto(["jobs", "cancel", created.id, "--json"]));
    expect(cancelled).toMatchObject({ id: created.id, status: "cancelled" });
    const watch = await katto(["jobs", "watch", created.id]);
    expect(watch.code).toBe(6);
    expect(watch.stderr).toContain("was cancelled");
  });
});

describe("katto webhook verify", () => {
  it("accepts the real signed callback and rejects a tampered body or another secret", async () => {
    const deadline = Date.now() + 240_000;
    // the job's one job.completed (its clips' clip.ready deliveries, issue 43, come besides it)
    const completions = () => hook.received.filter((d) => JSON.parse(d.body).event === "job.completed");
    while (!completions().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    expect(completions().length).toBe(1);
    const delivery = completions()[0]!;
    expect(JSON.parse(delivery.body).job_id).toBe(hookJobId);
    const dir = path.join(tmp, "hook");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "body.json"), delivery.body);
    writeFileSync(path.join(dir, "headers.json"), JSON.stringify(delivery.headers));
    writeFileSync(path.join(dir, "tampered.json"), delivery.body.replace('"completed"', '"failed"'));

    // No --secret: the CLI asks the API for the account's signing secret.
    const ok = await katto(["webhook", "verify", "--body", "hook/body.json", "--headers", "hook/headers.json"]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout.trim()).toBe("valid");

    const secret = json<{ signing_secret: string }>(await katto(["webhook", "secret", "--json"])).signing_secret;
    const explicit = await katto(["webhook", "verify", "--body", "hook/body.json", "--timestamp", String(delivery.headers["x-service-timestamp"]), "--signature", String(delivery.headers["x-service-signature"]), "--secret", secret], { KATTO_API_KEY: "" });
    expect(explicit.code, explicit.stderr).toBe(0);

    const tampered = await katto(["webhook", "verify", "--body", "hook/tampered.json", "--headers", "hook/headers.json", "--secret", secret]);
    expect(tampered.code).toBe(8);
    expect(tampered.stderr).toBe("katto: Invalid webhook: signature does not match.\n");
    const wrong = await katto(["webhook", "verify", "--body", "hook/body.json", "--headers", "hook/headers.json", "--secret", "whsec_wrong", "--json"]);
    expect(wrong.code).toBe(8);
    expect(JSON.parse(wrong.stdout)).toEqual({ valid: false, reason: "signature does not match" });
  });
});

describe("keys, config and failures", () => {
  it("without a key: exit 3 and one line saying what to do, no stack", async () => {
    const r = await katto(["jobs", "list"], { KATTO_API_KEY: "" });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe("katto: No API key. Run `katto login`, or set KATTO_API_KEY.\n");
    expect(r.stdout).toBe("");
    const bad = await katto(["me"], { KATTO_API_KEY: "katto_not_a_real_key" });
    expect(bad.code).toBe(3);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });

  it("login stores the key and base URL in a 0600 file that later commands use; logout removes it", async () => {
    const key = env.KATTO_API_KEY!;
    const login = await katto(["login", "--base-url", baseUrl(), "--json"], { KATTO_API_KEY: "", KATTO_BASE_URL: "" }, `${key}\n`);
    const saved = json<{ config: string }>(login).config;
    expect(saved).toBe(path.join(tmp, "config", "katto", "config.json"));
    expect(statSync(saved).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(saved, "utf8"))).toEqual({ api_key: key, base_url: baseUrl() });
    const me = json<{ plan: string }>(await katto(["me", "--json"], { KATTO_API_KEY: "", KATTO_BASE_URL: "" }));
    expect(me.plan).toBe("creator");
    expect(json<{ removed: boolean }>(await katto(["logout", "--json"])).removed).toBe(true);
    expect((await katto(["me"], { KATTO_API_KEY: "", KATTO_BASE_URL: "" })).code).toBe(3);
  });

  it("a 429 is retried after Retry-After; still 429 after the retries exits 5", async () => {
    const hits: { path: string; at: number }[] = [];
    let mode: "once" | "always" = "once";
    const server = createServer((req, res) => {
      hits.push({ path: req.url ?? "", at: Date.now() });
      if (mode === "always" || hits.length === 1) {
        res.writeHead(429, { "content-type": "application/json", "retry-after": mode === "once" ? "1" : "0" }).end(JSON.stringify({ error: "Too many requests.", code: "rate_limited" }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ plan: "creator", videos_used: 1, videos_limit: 25, videos_remaining: 24 }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const fake = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const r = json<{ videos_remaining: number }>(await katto(["usage", "--json"], { KATTO_BASE_URL: fake }));
      expect(r.videos_remaining).toBe(24);
      expect(hits.map((h) => h.path)).toEqual(["/api/v1/usage", "/api/v1/usage"]);
      expect(hits[1].at - hits[0].at).toBeGreaterThanOrEqual(950); // waited Retry-After: 1

      mode = "always";
      hits.length = 0;
      const limited = await katto(["usage"], { KATTO_BASE_URL: fake });
      expect(limited.code).toBe(5);
      expect(hits.length).toBe(4);
      expect(limited.stderr).toMatch(/^katto: Too many requests\. Still rate limited after retrying/);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("an unreachable service exits 7; a bad option exits 2", async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const port = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));
    const r = await katto(["usage"], { KATTO_BASE_URL: `http://127.0.0.1:${port}` });
    expect(r.code).toBe(7);
    expect(r.stderr).toBe(`katto: Could not reach http://127.0.0.1:${port} (ECONNREFUSED). Check your connection and the base URL (KATTO_BASE_URL or \`katto login --base-url\`).\n`);
    const u = await katto(["jobs", "list", "--bogus"]);
    expect(u.code).toBe(2);
    expect(u.stderr).toBe("katto: Unknown option '--bogus'. See `katto jobs list --help`.\n");
    const help = await katto(["clip", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Examples:");
  });
});
