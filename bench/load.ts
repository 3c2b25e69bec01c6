// Load bench: concurrent requests from a second process (autocannon) against the local stack, and
// against a bare Hono route served by the same runtime (wrangler's local workerd) in the same run.
// Routes: GET /api/v1/jobs/{id}, GET /api/v1/jobs, and POST /api/v1/jobs replayed with one
// Idempotency-Key (answered from the idempotency record, no new job, no charge).
// The account is on the load_test plan: 1,000 times every rate limit, per IP included for its keys
// (src/durable-objects/rate-limits.ts); limits stay on, so a non-2xx answer is counted and shown.
// Two tables:
// - latency as one client sees it: bench/latency-probe.ts in a second process sends the routes in
//   turn, LOAD_ROUNDS rounds, each round starting with the bare route (p50/p90/p99 to 0.01 ms);
// - throughput: autocannon with LOAD_CONNECTIONS connections, LOAD_SECONDS per route.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error plain ESM script
import { node22, root, toolEnv } from "../scripts/lib/bootstrap.mjs";
// @ts-expect-error plain ESM script
import { freePort, startIsolatedStack } from "../scripts/lib/stack.mjs";

const seconds = Number(process.env.LOAD_SECONDS ?? 8);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 8);
const rounds = Number(process.env.LOAD_ROUNDS ?? 1000);

type Result = { rps: number; p50: number; p99: number; total: number; bad: number };

/** Runs `args` with Node 22 in its own process and parses the JSON it prints. */
function jsonChild<T>(what: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(node22(), args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${what} exited ${code}: ${err}`))));
  });
}

/** One autocannon run in its own process; its JSON summary is read from stdout. */
async function autocannon(url: string, opts: { connections: number; method?: string; headers?: Record<string, string>; body?: string }): Promise<Result> {
  const args = [path.join(root, "node_modules/autocannon/autocannon.js"), "--json", "--no-progress", "-c", String(opts.connections), "-d", String(seconds), "-m", opts.method ?? "GET"];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push("-H", `${k}=${v}`);
  if (opts.body !== undefined) args.push("-b", opts.body);
  args.push(url);
  const r = await jsonChild<{ requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; timeouts: number }>("autocannon", args);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, bad: r.non2xx + r.errors + r.timeouts };
}

type Latency = { p50: number; p90: number; p99: number; mean: number; bad: number };

/** The latency probe in its own process (bench/latency-probe.ts). */
const probe = (routes: { name: string; url: string; method?: string; headers?: Record<string, string>; body?: string }[]) =>
  jsonChild<Record<string, Latency>>("latency probe", [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "bench/latency-probe.ts"), JSON.stringify({ rounds, warmup: 30, routes })]);

async function startBare(port: number, persistTo: string) {
  const child = spawn(node22(), [path.join(root, "node_modules/wrangler/bin/wrangler.js"), "dev", "--config", path.join(root, "bench/bare-wrangler.toml"), "--local", "--persist-to", persistTo, "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(await freePort()), "--show-interactive-dev-session=false", "--log-level", "warn"], { cwd: path.join(root, "bench"), env: toolEnv({ CI: "true", WRANGLER_SEND_METRICS: "false" }), stdio: "ignore", detached: true });
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/jobs/x`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("bare worker did not start");
}

async function main() {
  const barePort = await freePort();
  const stack = await startIsolatedStack({ adminToken: "bench", appSecret: "bench-secret-0123456789abcdef0123456", prefix: "katto-bench-load-" });
  const bareState = mkdtempSync(path.join(tmpdir(), "katto-bench-bare-"));
  const bare = await startBare(barePort, bareState);
  try {
    const admin = { authorization: "Bearer bench", "content-type": "application/json" };
    const account = await (await fetch(`${stack.baseUrl}/admin/v1/accounts`, { method: "POST", headers: admin, body: JSON.stringify({ email: "load-bench@example.test", plan: "load_test" }) })).json();
    const key = await (await fetch(`${stack.baseUrl}/admin/v1/accounts/${account.id}/keys`, { method: "POST", headers: admin, body: JSON.stringify({ scopes: ["read", "write"] }) })).json();
    const auth = { authorization: `Bearer ${key.key}`, "content-type": "application/json" };
    // One real job; its source URL is unreachable, so it fails quickly in the background. Every
    // replay of this POST answers the stored 201 with the same id.
    const submit = { headers: { ...auth, "idempotency-key": "load-bench-replay" }, body: JSON.stringify({ url: "http://127.0.0.1:9/none.mp4" }) };
    const created = await fetch(`${stack.baseUrl}/api/v1/jobs`, { method: "POST", ...submit });
    if (created.status !== 201) throw new Error(`create job: ${created.status} ${await created.text()}`);
    const job = await created.json();
    for (let i = 0; i < 20; i++) await (await fetch(`${stack.baseUrl}/api/v1/jobs/${job.id}`, { headers: auth })).arrayBuffer(); // warm-up

    const bareUrl = `http://127.0.0.1:${barePort}/jobs/${job.id}`;
    const routes: { name: string; url: string; method?: string; headers?: Record<string, string>; body?: string }[] = [
      { name: "bare Hono route GET /jobs/:id", url: bareUrl },
      { name: "bare route + the same I/O (2 DO calls, 1 D1 batch)", url: `http://127.0.0.1:${barePort}/jobs-io/${job.id}` },
      { name: "GET /api/v1/jobs/{id}", url: `${stack.baseUrl}/api/v1/jobs/${job.id}`, headers: auth },
      { name: "GET /api/v1/jobs", url: `${stack.baseUrl}/api/v1/jobs`, headers: auth },
      { name: "POST /api/v1/jobs (idempotent replay)", url: `${stack.baseUrl}/api/v1/jobs`, method: "POST", ...submit },
    ];
    const latency = await probe(routes);
    const bareLatency = latency[routes[0]!.name]!;
    const throughput: string[] = [];
    let base: Result | undefined;
    for (const r of routes) {
      const t = await autocannon(r.url, { connections, method: r.method, headers: r.headers, body: r.body });
      base ??= t;
      throughput.push(`| ${r.name} | ${t.rps.toFixed(0)} | ${t.p50.toFixed(0)} | ${t.p99.toFixed(0)} | ${(base.rps / t.rps).toFixed(2)} | ${t.bad} of ${t.total} |`);
    }
    const listed = (await (await fetch(`${stack.baseUrl}/api/v1/jobs?limit=100`, { headers: auth })).json()) as { jobs: unknown[] };
    console.log(`Latency: one client in a second process (bench/latency-probe.ts), ${rounds} rounds of every route in turn, wrangler local runtime on this machine (load_test plan)`);
    const floor = latency[routes[1]!.name]!;
    console.log("| route | p50 ms | p90 ms | p99 ms | p50 / bare | p99 / bare | p50 / same I/O | non-2xx |");
    console.log("|---|---|---|---|---|---|---|---|");
    for (const r of routes) {
      const l = latency[r.name]!;
      console.log(`| ${r.name} | ${l.p50.toFixed(2)} | ${l.p90.toFixed(2)} | ${l.p99.toFixed(2)} | ${(l.p50 / bareLatency.p50).toFixed(2)} | ${(l.p99 / bareLatency.p99).toFixed(2)} | ${(l.p50 / floor.p50).toFixed(2)} | ${l.bad} of ${rounds} |`);
    }
    console.log(`\nThroughput: autocannon in a second process, ${connections} connections, ${seconds} s per route (its latencies are whole milliseconds)`);
    console.log("| route | req/s | p50 ms | p99 ms | bare req/s / route | non-2xx |");
    console.log("|---|---|---|---|---|---|");
    for (const row of throughput) console.log(row);
    console.log(`Jobs on the account after every replay: ${listed.jobs.length} (one, however many replays)`);
  } finally {
    try {
      process.kill(-bare.pid!, "SIGTERM");
    } catch {}
    rmSync(bareState, { recursive: true, force: true });
    await stack.stop();
  }
}
await main();
