// End-to-end timing on the local stack, as a user runs a job: a camera-like 1080p source (real
// talking-head and handheld footage from ../shared/media, scaled to 1920x1080, under real recorded
// speech, looped to length) from job creation to `completed` (previews) and to `hd_ready`, as
// fractions of the source duration, with each stage's wall and CPU time as the render backend
// logs them (the `stage_ms` and `stage_cpu_ms` of its "job completed" line). The burst: N one-minute jobs submitted at
// once must all reach `completed` and `hd_ready`, none lost.
//
//   npm run bench -- e2e                       5 minutes, then a burst of 10
//   npm run bench -- e2e --minutes 5,20,60     those lengths only
//   npm run bench -- e2e --burst 10            the burst only
//   npm run bench -- e2e --minutes 5 --burst 0 --vs main --record bench/e2e-record.json
//                                              main (a worktree of it) and this checkout side by side,
//                                              the figures written to the checked-in record
//
// Besides the times, it prints the time to the first clip (listed on the job while it runs), the
// render backend's CPU time, and each stage's wall and CPU time against its floor measured in the
// same run (bench/e2e-floors.ts: pocketsphinx alone on the same audio, bare ffmpeg encodes of the
// same clips). The machine is shared: read CPU times where wall times disagree.
// Sources are generated once into .katto/bench-media/ (bench/camera-source.ts; a 60-minute one is about 2.6 GB).
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, createReadStream, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { cameraLikeSource } from "./camera-source.js";
import { encodeFloor, machine, transcriptionFloor, type Cost } from "./e2e-floors.js";
import { refWorktree, writeRecord } from "./e2e-vs.js";

const { values: flags } = parseArgs({ options: { minutes: { type: "string" }, burst: { type: "string" }, vs: { type: "string" }, record: { type: "string" } } });
const defaults = flags.minutes === undefined && flags.burst === undefined;
const lengths = (flags.minutes ?? (defaults ? "5" : "")).split(",").filter(Boolean).map(Number);
const burst = Number(flags.burst ?? (defaults ? 10 : 0));
if (lengths.some((m) => !(m > 0)) || !(burst >= 0)) throw new Error("usage: e2e [--minutes 5,20,60] [--burst 10] [--vs <git ref>] [--record bench/e2e-record.json]");

// ---- the source ------------------------------------------------------------------------------

function durationOf(file: string): number {
  return Number(execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file], { encoding: "utf8" }));
}

function rssOf(pid: number): number {
  // Sum the RSS of the process tree (the server and its ffmpeg / pocketsphinx children).
  const out = spawnSync("ps", ["-eo", "pid=,ppid=,rss="], { encoding: "utf8" }).stdout;
  const rows = out.trim().split("\n").map((l) => l.trim().split(/\s+/).map(Number));
  const tree = new Set([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [p, pp] of rows) if (tree.has(pp) && !tree.has(p)) (tree.add(p), (grew = true));
  }
  return rows.filter(([p]) => tree.has(p)).reduce((s, [, , rss]) => s + rss, 0) * 1024;
}

// ---- the stack -------------------------------------------------------------------------------

/** The render backend's "job completed" log lines, by job id. */
const completedLogs = new Map<string, { stage_ms: Record<string, number>; stage_cpu_ms?: Record<string, number>; process_cpu_ms?: Record<string, number>; clips: number; hd: number }>();
/** Each job's "clip ready" log lines: when each clip was announced (ms since the job started) and its range. */
const readyLogs = new Map<string, { since_start_ms: number; start: number; end: number }[]>();
/** The render backend's whole log, kept for reading a run afterwards. */
const RENDER_LOG = ".katto/bench-render.log";
let renderPartial = "";
function onOutput(name: string, text: string) {
  if (name !== "render") return;
  appendFileSync(RENDER_LOG, text);
  const lines = (renderPartial + text).split("\n");
  renderPartial = lines.pop() ?? "";
  for (const line of lines) {
    if (!line.includes('"job_id"')) continue;
    try {
      const rec = JSON.parse(line);
      if (rec.stage_ms && /^job completed/.test(rec.msg)) completedLogs.set(rec.job_id, rec);
      if (rec.msg === "clip ready") readyLogs.set(rec.job_id, [...(readyLogs.get(rec.job_id) ?? []), rec]);
    } catch {
      // not one of the backend's JSON log lines
    }
  }
}

type Job = { id: string; status: string; hd_ready?: boolean; error?: unknown; progress: { step: string }; clips?: { start: number; end: number }[] };
type Api = { get(id: string): Promise<Job>; create(url: string): Promise<Response> };

function serve(files: Map<string, string>): Promise<{ url: (name: string) => string; close: () => void }> {
  const server = createServer((req, res) => {
    const file = files.get(new URL(req.url ?? "/", "http://x").pathname.slice(1));
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "video/mp4", "content-length": statSync(file).size });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      resolve({ url: (name) => `http://127.0.0.1:${port}/${name}`, close: () => server.close() });
    }),
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const secs = (ms: number) => (ms / 1000).toFixed(0);

// ---- one job per length ----------------------------------------------------------------------

/**
 * The stages reported, from the backend's stage names (pipeline.ts), each against its floor where
 * it has one (e2e-floors.ts): its laps (stage_ms, stage_cpu_ms) and the accounts of its own
 * processes (process_cpu_ms, runtime/process-cpu.ts). Work overlaps laps: the clips of the first
 * windows are made while the rest is recognised, and the HD files while the last clips are
 * (local-hd.ts). So a stage's CPU is its processes' own where the backend counts HD apart (its
 * `hd` account), else the CPU of its laps (older backends).
 */
const STAGES: { name: string; laps: string[]; processes?: string[] }[] = [
  { name: "download+probe", laps: ["download", "probe"] },
  { name: "transcription", laps: ["audio", "transcribe"], processes: ["transcribing", "transcribe"] },
  { name: "selection+scoring", laps: ["select", "score"] },
  { name: "face analysis", laps: ["faces"], processes: ["faces"] },
  // each clip rendered, measured (and fixed), stored and announced (delivery/clip-stream.ts); older
  // backends logged these as previews, quality, upload
  { name: "clips (previews)", laps: ["clips", "previews", "quality", "upload", "mezzanines", "clips_event"], processes: ["rendering", "checking"] },
  { name: "HD encodes", laps: ["hd"], processes: ["hd"] },
];

/** CPU ms of a process and its waited-for children (/proc/<pid>/stat utime+stime+cutime+cstime). */
function cpuOf(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ([11, 12, 13, 14].reduce((sum, i) => sum + Number(f[i]), 0) * 1000) / 100;
  } catch {
    return NaN;
  }
}

export interface LengthRow {
  tree: string;
  duration: number;
  clips: number;
  firstClipAt: number;
  completedAt: number;
  hdAt: number;
  /** the render backend's CPU over the whole job (its process and every process it ran) */
  cpuMs: number;
  stageMs: Record<string, number>;
  stageCpuMs: Record<string, number> | null;
  /** CPU of the processes the backend ran, by the stage they ran for (runtime/process-cpu.ts); null from older backends */
  processCpuMs?: Record<string, number> | null;
  ranges: { start: number; end: number }[];
}

async function lengthRun(api: Api, url: string, duration: number, renderPid: number, tree: string): Promise<LengthRow> {
  const t0 = performance.now();
  const cpu0 = cpuOf(renderPid);
  const res = await api.create(url);
  if (!res.ok) throw new Error(`POST /jobs answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as Job;
  let completedAt = 0;
  let firstClipAt = 0;
  let peak = 0;
  const steps: string[] = [];
  let lastStep = "";
  let job: Job;
  while (true) {
    if (renderPid) peak = Math.max(peak, rssOf(renderPid));
    job = await api.get(id);
    if (job.progress.step !== lastStep) steps.push(`${(lastStep = job.progress.step)}@${secs(performance.now() - t0)}s`);
    // the first clip a user can watch: listed on the job, while it runs (progressive delivery) or at completion
    if ((job.clips?.length ?? 0) > 0 && !firstClipAt) firstClipAt = performance.now() - t0;
    if (job.status === "completed" && !completedAt) completedAt = performance.now() - t0;
    if (job.hd_ready) break;
    if (job.status === "failed" || job.status === "cancelled") throw new Error(`job ${job.status}: ${JSON.stringify(job.error)}`);
    if (performance.now() - t0 > 3 * 3600_000) throw new Error("timed out after 3 hours");
    await sleep(1000);
  }
  const hdAt = performance.now() - t0;
  for (let i = 0; i < 50 && !completedLogs.has(id); i++) await sleep(100);
  const cpuMs = cpuOf(renderPid) - cpu0;
  const logged = completedLogs.get(id);
  const ready = (readyLogs.get(id) ?? []).map((r) => `${secs(r.since_start_ms)} s (${r.start.toFixed(0)}–${r.end.toFixed(0)} s)`);
  console.log(`  ${tree}, ${(duration / 60).toFixed(1)} min: ${job.clips?.length ?? 0} clips; steps ${steps.join(" ")}; backend peak RSS ${(peak / 1024 ** 2).toFixed(0)} MiB`);
  if (ready.length) console.log(`    clips ready at ${ready.join(", ")}`);
  const ranges = (job.clips ?? []).map((c) => ({ start: c.start, end: c.end }));
  return { tree, duration, clips: job.clips?.length ?? 0, firstClipAt, completedAt, hdAt, cpuMs, stageMs: logged?.stage_ms ?? {}, stageCpuMs: logged?.stage_cpu_ms ?? null, processCpuMs: logged?.process_cpu_ms ?? null, ranges };
}

const sum = (rec: Record<string, number> | null, keys: string[]) => (rec ? keys.reduce((s, k) => s + (rec[k] ?? 0), 0) : NaN);
const s1 = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(1) : "-");
const frac = (ms: number, duration: number) => (ms > 0 ? (ms / 1000 / duration).toFixed(3) : "-");

/** Time to the first clip, completed and hd_ready as fractions of the source, and the backend's CPU, one row per run. */
export function printSummary(rows: LengthRow[]) {
  console.log("\n| tree | source | clips | first clip (x source) | completed (x source) | hd_ready (x source) | backend CPU (x source) |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(`| ${r.tree} | ${(r.duration / 60).toFixed(1)} min | ${r.clips} | ${frac(r.firstClipAt, r.duration)} (${secs(r.firstClipAt)} s) | ${frac(r.completedAt, r.duration)} (${secs(r.completedAt)} s) | ${frac(r.hdAt, r.duration)} (${secs(r.hdAt)} s) | ${frac(r.cpuMs, r.duration)} (${secs(r.cpuMs)} s) |`);
  }
  console.log("Targets (issue 43, two cores): first clip within 0.12 of the source's length, completed within 0.30, hd_ready within 0.50.");
}

/** Each stage's wall and CPU seconds, against its floor (wall, CPU) where it has one. */
export function printStages(r: LengthRow, floors: Partial<Record<string, Cost>>) {
  const own = r.processCpuMs?.hd !== undefined ? r.processCpuMs : null;
  console.log(`\nStages of ${r.tree} (wall: the backend's stage_ms laps; CPU: ${own ? "each stage's own processes (process_cpu_ms) where it has them, else its laps' (stage_cpu_ms)" : "its laps' (stage_cpu_ms), the backend's and its processes' over the lap"})`);
  console.log("| stage | wall s | CPU s | floor wall s | floor CPU s | CPU / floor CPU |");
  console.log("|---|---|---|---|---|---|");
  for (const { name, laps, processes } of STAGES) {
    const wall = sum(r.stageMs, laps);
    const cpu = own && processes ? sum(own, processes) : sum(r.stageCpuMs, laps);
    const f = floors[name];
    const ratio = f && Number.isFinite(cpu) ? `${(cpu / f.cpuMs).toFixed(2)}` : "-";
    console.log(`| ${name} | ${s1(wall)} | ${s1(cpu)} | ${f ? s1(f.wallMs) : "-"} | ${f ? s1(f.cpuMs) : "-"} | ${ratio} |`);
  }
  if (own) return;
  // the transcription lap also holds the clips made from its windows meanwhile: the engine's own processes, apart
  const engine = sum(r.processCpuMs ?? null, ["transcribing", "transcribe"]);
  const f = floors.transcription;
  if (Number.isFinite(engine)) console.log(`| transcription, its processes alone (audio, front end, engine) | - | ${s1(engine)} | ${f ? s1(f.wallMs) : "-"} | ${f ? s1(f.cpuMs) : "-"} | ${f ? (engine / f.cpuMs).toFixed(2) : "-"} |`);
}

/** The floors of one run's stages on its source and its delivered clips (e2e-floors.ts). */
export async function floorsOf(source: string, r: LengthRow): Promise<Partial<Record<string, Cost>>> {
  return {
    transcription: await transcriptionFloor(source, r.duration),
    "clips (previews)": await encodeFloor(source, r.ranges, "preview"),
    "HD encodes": await encodeFloor(source, r.ranges, "hd"),
  };
}

// ---- the burst -------------------------------------------------------------------------------

async function burstRun(api: Api, url: (i: number) => string, n: number) {
  const t0 = performance.now();
  const created = await Promise.all(Array.from({ length: n }, (_, i) => api.create(url(i))));
  const ids: string[] = [];
  const refused: string[] = [];
  for (const r of created) {
    if (r.ok) ids.push(((await r.json()) as Job).id);
    else refused.push(`${r.status} ${await r.text()}`);
  }
  const completedAt = new Map<string, number>();
  const hdAt = new Map<string, number>();
  const failed = new Map<string, string>();
  const deadline = t0 + Math.max(20, 4 * n) * 60_000;
  while (hdAt.size + failed.size < ids.length && performance.now() < deadline) {
    for (const id of ids) {
      if (hdAt.has(id) || failed.has(id)) continue;
      const job = await api.get(id);
      if (job.status === "completed" && !completedAt.has(id)) completedAt.set(id, performance.now() - t0);
      if (job.hd_ready) hdAt.set(id, performance.now() - t0);
      if (job.status === "failed" || job.status === "cancelled") failed.set(id, `${job.status}: ${JSON.stringify(job.error)}`);
    }
    await sleep(2000);
  }
  const lost = ids.filter((id) => !hdAt.has(id) && !failed.has(id));
  console.log(`\nBurst: ${n} one-minute jobs submitted at once (1080p camera-like source)`);
  console.log("| submitted | accepted | completed | hd_ready | failed | lost (no end state in time) | first completed | last completed | last hd_ready |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  const last = (m: Map<string, number>) => (m.size ? `${secs(Math.max(...m.values()))} s` : "-");
  const first = (m: Map<string, number>) => (m.size ? `${secs(Math.min(...m.values()))} s` : "-");
  console.log(`| ${n} | ${ids.length} | ${completedAt.size} | ${hdAt.size} | ${failed.size} | ${lost.length} | ${first(completedAt)} | ${last(completedAt)} | ${last(hdAt)} |`);
  for (const r of refused) console.log(`  refused: ${r}`);
  for (const [id, why] of failed) console.log(`  ${id} ${why}`);
  for (const id of lost) console.log(`  lost: ${id}`);
  return refused.length + failed.size + lost.length === 0;
}

// ---- main ------------------------------------------------------------------------------------

type Stack = { baseUrl: string; renderUrl: string; stop(): Promise<void> };

/** The local stack of the tree at `tree` (this checkout, or a worktree of --vs), with an account and a key. */
async function withStack<T>(tree: string, fn: (api: Api, renderPid: number) => Promise<T>): Promise<T> {
  const { startIsolatedStack } = (await import(pathToFileURL(path.join(tree, "scripts/lib/stack.mjs")).href)) as { startIsolatedStack: (o: object) => Promise<Stack> };
  const adminToken = "bench-admin";
  const stack = await startIsolatedStack({ adminToken, appSecret: "bench-secret-0123456789abcdef0123456", prefix: "katto-bench-", onOutput });
  try {
    const admin = { authorization: `Bearer ${adminToken}`, "content-type": "application/json" };
    const account = await (await fetch(`${stack.baseUrl}/admin/v1/accounts`, { method: "POST", headers: admin, body: JSON.stringify({ email: "bench@example.test", plan: "internal" }) })).json() as { id: string };
    const key = await (await fetch(`${stack.baseUrl}/admin/v1/accounts/${account.id}/keys`, { method: "POST", headers: admin, body: JSON.stringify({ scopes: ["read", "write"] }) })).json() as { key: string };
    const auth = { authorization: `Bearer ${key.key}`, "content-type": "application/json" };
    const api: Api = {
      get: async (id) => (await fetch(`${stack.baseUrl}/api/v1/jobs/${id}`, { headers: auth })).json() as Promise<Job>,
      create: (url) => fetch(`${stack.baseUrl}/api/v1/jobs`, { method: "POST", headers: auth, body: JSON.stringify({ url }) }),
    };
    const renderPort = new URL(stack.renderUrl).port;
    const renderPid = Number(spawnSync("sh", ["-c", `ss -ltnp 'sport = :${renderPort}' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`], { encoding: "utf8" }).stdout.trim());
    return await fn(api, renderPid);
  } finally {
    await stack.stop();
  }
}

async function main() {
  const files = new Map<string, string>();
  for (const m of lengths) files.set(`source-${m}min.mp4`, cameraLikeSource(m));
  if (burst) files.set("source-burst.mp4", cameraLikeSource(1));
  const server = await serve(files);
  writeFileSync(RENDER_LOG, "");
  const here = path.resolve(import.meta.dirname, "..");
  // --vs <ref>: the same jobs on a worktree of <ref> first, then on this checkout, on the same machine in one run
  const trees = flags.vs ? [{ name: flags.vs, dir: refWorktree(here, flags.vs) }, { name: "this checkout", dir: here }] : [{ name: "this checkout", dir: here }];
  const machineLine = machine();
  let ok = true;
  try {
    const rows: LengthRow[] = [];
    for (const tree of trees) {
      if (!lengths.length) break;
      console.log(`\nEnd to end, one job at a time, on ${tree.name} (1080p30 camera-like source, real speech):`);
      await withStack(tree.dir, async (api, renderPid) => {
        for (const m of lengths) rows.push(await lengthRun(api, server.url(`source-${m}min.mp4`), durationOf(files.get(`source-${m}min.mp4`)!), renderPid, tree.name));
      });
    }
    if (rows.length) {
      console.log(`\nMachine: ${machineLine}. It is shared: wall times include waiting for other people's work, CPU times do not.`);
      printSummary(rows);
      const floors: Record<string, Partial<Record<string, Cost>>> = {};
      for (const m of lengths) {
        const mine = rows.find((r) => r.tree === "this checkout" && Math.abs(r.duration - durationOf(files.get(`source-${m}min.mp4`)!)) < 1)!;
        floors[m] = await floorsOf(files.get(`source-${m}min.mp4`)!, mine);
        for (const r of rows.filter((x) => Math.abs(x.duration - mine.duration) < 1)) printStages(r, floors[m]!);
      }
      const commit = (dir: string) => execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: dir, encoding: "utf8" }).trim();
      const source = "bench/camera-source.ts v1: real footage (GRID, the Obama address, openmpf) at 1920x1080 30 fps under real speech (Physicsworks lecture, Night of the Living Dead, AMI meeting, MFA, LibriVox sonnets), looped to length";
      if (flags.record) writeRecord(flags.record, { machine: machineLine, source, trees: trees.map((t) => ({ name: t.name, commit: commit(t.dir) })), rows, floors, sources: Object.fromEntries(files) });
    }
    if (burst) ok = await withStack(here, (api) => burstRun(api, (i) => `${server.url("source-burst.mp4")}?n=${i}`, burst));
  } finally {
    server.close();
  }
  if (!ok) process.exit(1);
}

await main();
