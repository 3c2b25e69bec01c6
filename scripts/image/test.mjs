#!/usr/bin/env node
// npm run image:test: the image that `npm run image:build` built, run as Cloudflare runs it and
// proven with a whole job. The container starts with the image's own CMD, port and environment
// (nothing added: the Worker forwards only the operator's KATTO_* settings, and none are set), held
// to the memory and vCPUs of the instance type wrangler.toml names. The local Worker (wrangler's
// local runtime, scripts/lib/stack.mjs) is pointed at it instead of the local backend process, with
// HD fan-out on as in production. Then:
//   1. its health check answers and reports every engine (speech, translator, tts, render, downloader);
//   2. a real job on real media (shared/media) completes, and hd_ready turns true with 1080x1920 files;
//   3. a re-render of its first clip completes;
//   4. the container's peak memory is printed against the instance type's;
//   5. SIGTERM (what the platform sends to stop an instance) during a second job ends that job
//      failed, its video refunded, and the server exits 0.
// The container shares the machine's network (loopback: the Worker and the media server are on
// 127.0.0.1 for it too), so the image's port must be free on the machine.
import { execFileSync } from "node:child_process";
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureNpmDeps, ensureSystemTools, root } from "../lib/bootstrap.mjs";
import { renderInstanceType } from "../lib/instance-type.mjs";
import { containerMemory } from "../lib/container-memory.mjs";
import { recordHash } from "../lib/image-inputs.mjs";
import { ensurePodmanTools, imageExists, podman } from "../lib/podman.mjs";
import { startIsolatedStack } from "../lib/stack.mjs";
import { IMAGE } from "./build.mjs";

const log = (m) => console.log(`[katto image:test] ${m}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mediaDir = process.env.KATTO_MEDIA_DIR ?? path.resolve(root, "../shared/media");
const SOURCE = "video_misc/auto-editor_example.mp4";
const ENGINES = ["speech", "translator", "tts", "render", "downloader"];

function check(ok, message) {
  if (!ok) throw new Error(message);
  log(`ok: ${message}`);
}

/** The port the image listens on: PORT in its own environment. */
function imagePort() {
  const env = JSON.parse(podman(["image", "inspect", IMAGE, "--format", "{{json .Config.Env}}"], { capture: true }).stdout);
  const port = Number(env.find((e) => e.startsWith("PORT="))?.slice(5));
  if (!port) throw new Error(`${IMAGE} sets no PORT in its environment (container/Dockerfile ENV)`);
  return port;
}

/** Start the image detached, limited like the instance type; returns its name. */
function startContainer(instance) {
  const name = `katto-image-test-${process.pid}`;
  podman(["run", "-d", "--name", name, "--network", "host", "--memory", `${instance.memoryMiB}m`, "--memory-swap", `${instance.memoryMiB}m`, "--cpus", String(instance.vcpu), IMAGE], { capture: true });
  return name;
}

async function waitHealthy(url, name, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const state = podman(["inspect", name, "--format", "{{.State.Status}}"], { capture: true }).stdout.trim();
    if (state !== "running") throw new Error(`the container stopped (${state}) before it answered:\n${containerLogs(name)}`);
    const r = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (r?.ok) return r.json();
    await sleep(500);
  }
  throw new Error(`the container did not answer ${url} within ${timeoutMs / 1000} s:\n${containerLogs(name)}`);
}

const containerLogs = (name) => {
  const r = podman(["logs", "--tail", "60", name], { capture: true, allowFail: true });
  return `${r.stdout}${r.stderr}`;
};

/** Serve the sample video on loopback, as a user serves one for the README's curl example. */
async function serveMedia(file) {
  const server = createServer((req, res) => {
    if (req.url !== "/source.mp4") return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "video/mp4", "content-length": statSync(file).size });
    createReadStream(file).pipe(res);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${server.address().port}/source.mp4`, close: () => new Promise((r) => server.close(r)) };
}

/** An account on a plan with a monthly quota (so a refund shows in /usage) and its API client. */
async function newClient(baseUrl, adminToken) {
  const admin = { authorization: `Bearer ${adminToken}`, "content-type": "application/json" };
  const account = await (await fetch(`${baseUrl}/admin/v1/accounts`, { method: "POST", headers: admin, body: JSON.stringify({ email: `image-test-${process.pid}@example.test`, plan: "creator" }) })).json();
  const key = await (await fetch(`${baseUrl}/admin/v1/accounts/${account.id}/keys`, { method: "POST", headers: admin, body: JSON.stringify({ scopes: ["read", "write"] }) })).json();
  return async (p, init = {}) => {
    const res = await fetch(`${baseUrl}/api/v1${p}`, { method: init.method ?? "GET", headers: { authorization: `Bearer ${key.key}`, "content-type": "application/json" }, body: init.json ? JSON.stringify(init.json) : undefined });
    const body = await res.json();
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${p}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
}

async function poll(read, until, what, timeoutMs = 20 * 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    last = await read();
    if (until(last)) return last;
    await sleep(2000);
  }
  throw new Error(`${what} not reached within ${timeoutMs / 60_000} min; last: ${JSON.stringify(last).slice(0, 600)}`);
}

function probeVideo(url) {
  const dir = mkdtempSync(path.join(tmpdir(), "katto-image-test-"));
  try {
    const file = path.join(dir, "clip.mp4");
    // straight to the file: an HD clip is megabytes, past a captured stdout's limit
    execFileSync("curl", ["-sf", "-o", file, url]);
    const out = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name,width,height", "-of", "json", file], { encoding: "utf8" }));
    return out.streams[0];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function jobToHdReady(call, sourceUrl) {
  const started = Date.now();
  const { id } = await call("/jobs", { method: "POST", json: { url: sourceUrl } });
  const job = await poll(() => call(`/jobs/${id}`), (j) => j.status === "failed" || (j.status === "completed" && j.hd_ready), `job ${id} completed with hd_ready`);
  check(job.status === "completed" && job.hd_ready === true, `job ${id} completed with hd_ready in ${Math.round((Date.now() - started) / 1000)} s (${job.clips?.length} clips)${job.error ? `: ${job.error}` : ""}`);
  const video = probeVideo(job.clips[0].url);
  check(video.codec_name === "h264" && video.width === 1080 && video.height === 1920, `clip 0 is a 1080x1920 H.264 file (${video.width}x${video.height} ${video.codec_name})`);
  return job;
}

async function rerender(call, jobId) {
  const started = Date.now();
  const { rerender_id: id } = await call(`/jobs/${jobId}/clips/0/rerender`, { method: "POST", json: { aspect: "1:1", caption_style: "karaoke" } });
  const r = await poll(() => call(`/jobs/${jobId}/rerenders/${id}`), (x) => x.status === "completed" || x.status === "failed", `re-render ${id}`);
  check(r.status === "completed", `re-render ${id} of clip 0 into 1:1 completed in ${Math.round((Date.now() - started) / 1000)} s${r.error ? `: ${r.error}` : ""}`);
  const video = probeVideo(r.clip_url);
  check(video.width === 1080 && video.height === 1080, `the re-rendered file is 1080x1080 (${video.width}x${video.height})`);
}

/** A second job, stopped by SIGTERM to the container while it runs: failed, refunded, exit 0. */
async function sigtermDuringJob(call, sourceUrl, name, healthUrl, beforeStop) {
  const before = (await call("/usage")).videos_used;
  const { id } = await call("/jobs", { method: "POST", json: { url: sourceUrl } });
  await poll(async () => (await (await fetch(healthUrl)).json()).jobs, (n) => n > 0, "the backend running the job", 120_000);
  check((await call("/usage")).videos_used === before + 1, "the running job holds one video of the quota");
  beforeStop();
  // what the platform does to stop an instance: the image's STOPSIGNAL (SIGTERM), then SIGKILL after a grace period
  podman(["stop", "--time", "60", name], { capture: true });
  const exit = podman(["inspect", name, "--format", "{{.State.ExitCode}}"], { capture: true }).stdout.trim();
  check(exit === "0", `the server exited 0 on SIGTERM (exit ${exit})`);
  const job = await poll(() => call(`/jobs/${id}`), (j) => !["queued", "processing", "scoring"].includes(j.status), `job ${id} ended`, 120_000);
  check(job.status === "failed", `the job running at SIGTERM ended failed: "${job.error}"`);
  check((await call("/usage")).videos_used === before, "its video was refunded (videos_used back where it was)");
}

async function main() {
  // the local Worker (wrangler) and ffprobe, as npm start installs them
  ensureNpmDeps();
  ensureSystemTools();
  ensurePodmanTools();
  if (!imageExists(IMAGE)) throw new Error(`${IMAGE} is not built; run npm run image:build first`);
  const source = path.join(mediaDir, SOURCE);
  if (!existsSync(source)) throw new Error(`${source} is missing; set KATTO_MEDIA_DIR to the shared media folder`);
  const instance = renderInstanceType();
  const port = imagePort();
  const renderUrl = `http://127.0.0.1:${port}`;
  if (await fetch(`${renderUrl}/healthz`, { signal: AbortSignal.timeout(1000) }).then(() => true, () => false)) {
    throw new Error(`something already answers on port ${port}, the image's port; stop it and rerun`);
  }
  const started = Date.now();
  const name = startContainer(instance);
  log(`started ${IMAGE} as ${name} (its CMD and environment, port ${port}, ${instance.name}: ${instance.vcpu} vCPU, ${instance.memoryMiB} MiB)`);
  let stack;
  let media;
  try {
    const health = await waitHealthy(`${renderUrl}/healthz`, name);
    check(health.ok === true, `GET /healthz answers ok: ${JSON.stringify(health.engines)}`);
    const missing = ENGINES.filter((e) => !health.engines?.[e]);
    check(missing.length === 0, `the health check reports every engine (${ENGINES.join(", ")})${missing.length ? `; missing: ${missing.join(", ")}` : ""}`);
    const adminToken = `image-test-admin-${process.pid}`;
    stack = await startIsolatedStack({ adminToken, appSecret: `image-test-secret-${process.pid}-0123456789abcdef`, renderUrl, vars: { HD_FANOUT: "true" }, prefix: "katto-image-test-" });
    media = await serveMedia(source);
    const call = await newClient(stack.baseUrl, adminToken);
    const job = await jobToHdReady(call, media.url);
    await rerender(call, job.id);
    let memory;
    await sigtermDuringJob(call, media.url, name, `${renderUrl}/healthz`, () => (memory = containerMemory(name)));
    check(memory.peakMiB < instance.memoryMiB, `peak memory ${memory.peakMiB} MiB of the ${instance.memoryMiB} MiB of ${instance.name} (${Math.round((100 * memory.peakMiB) / instance.memoryMiB)} %, ${memory.how})`);
    recordHash();
    log(`passed in ${Math.round((Date.now() - started) / 1000)} s; recorded the image's inputs in container/image-inputs.sha256 (commit it: CI then only builds the image until they change)`);
  } catch (e) {
    if (stack) console.error(`--- Worker output (last lines) ---\n${stack.output().split("\n").slice(-40).join("\n")}`);
    console.error(`--- container output (last lines) ---\n${containerLogs(name)}`);
    throw e;
  } finally {
    await media?.close();
    await stack?.stop();
    podman(["rm", "-f", "-t", "5", name], { capture: true, allowFail: true });
  }
}

main().catch((e) => {
  console.error(`[katto image:test] FAILED: ${e.message}`);
  process.exit(1);
});
