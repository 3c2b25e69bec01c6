// Load bench: concurrent requests from a second process (autocannon) against the local stack, and
// against a bare Hono route served by the same runtime (wrangler's local workerd) in the same run.
// Routes: GET /api/v1/jobs/{id}, GET /api/v1/jobs, and POST /api/v1/jobs replayed with one
// Idempotency-Key (answered from the idempotency record, no new job, no charge).
// The account is on the load_test plan: 1,000 times every rate limit, per IP included for its keys
// (src/durable-objects/rate-limits.ts); limits stay on, so a non-2xx answer is counted and shown.
// Two passes per route: one connection (latency as one client sees it) and LOAD_CONNECTIONS
// connections (throughput). LOAD_SECONDS sets each measurement's length.
import { spawn } from "node:child_process";
import path from "node:path";
// @ts-expect-error plain ESM script
import { node22, root, toolEnv } from "../scripts/lib/bootstrap.mjs";
// @ts-expect-error plain ESM script
import { freePort, startIsolatedStack } from "../scripts/lib/stack.mjs";

const seconds = Number(process.env.LOAD_SECONDS ?? 8);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 8);

type Result = { rps: number; p50: number; p99: number; total: number; bad: number };

/** One autocannon run in its own process; its JSON summary is read from stdout. */
function autocannon(url: string, opts: { connections: number; method?: string; headers?: Record<string, string>; body?: string }): Promise<Result> {
  const args = [path.join(root, "node_modules/autocannon/autocannon.js"), "--json", "--no-progress", "-c", String(opts.connections), "-d", String(seconds), "-m", opts.method ?? "GET"];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push("-H", `${k}=${v}`);
  if (opts.body !== undefined) args.push("-b", opts.body);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(node22(), args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      const r = JSON.parse(out);
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, bad: r.non2xx + r.errors + r.timeouts });
    });
  });
}

async function startBare(port: number) {
  const child = spawn(node22(), [path.join(root, "node_modules/wrangler/bin/wrangler.js"), "dev", "--config", path.join(root, "bench/bare-wrangler.toml"), "--local", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(await freePort()), "--show-interactive-dev-session=false", "--log-level", "warn"], { cwd: path.join(root, "bench"), env: toolEnv({ CI: "true", WRANGLER_SEND_METRICS: "false" }), stdio: "ignore", detached: true });
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
  const stack = await startIsolatedStack({ adminToken: "bench", appSecret: "bench-secret-0123456789", prefix: "katto-bench-load-" });
  const bare = await startBare(barePort);
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

    const routes: [string, string, Parameters<typeof autocannon>[1]][] = [
      ["bare Hono route GET /jobs/:id", `http://127.0.0.1:${barePort}/jobs/${job.id}`, { connections: 1 }],
      ["GET /api/v1/jobs/{id}", `${stack.baseUrl}/api/v1/jobs/${job.id}`, { connections: 1, headers: auth }],
      ["GET /api/v1/jobs", `${stack.baseUrl}/api/v1/jobs`, { connections: 1, headers: auth }],
      ["POST /api/v1/jobs (idempotent replay)", `${stack.baseUrl}/api/v1/jobs`, { connections: 1, method: "POST", ...submit }],
    ];
    const rows: string[] = [];
    for (const c of [1, connections]) {
      let base: Result | undefined;
      for (const [name, url, opts] of routes) {
        const r = await autocannon(url, { ...opts, connections: c });
        base ??= r;
        rows.push(`| ${name} | ${c} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${(r.p50 / Math.max(base.p50, 0.5)).toFixed(2)} | ${(base.rps / r.rps).toFixed(2)} | ${r.bad} of ${r.total} |`);
      }
    }
    const listed = (await (await fetch(`${stack.baseUrl}/api/v1/jobs?limit=100`, { headers: auth })).json()) as { jobs: unknown[] };
    console.log(`Load: autocannon in a second process, ${seconds} s per row, wrangler local runtime on this machine (load_test plan)`);
    console.log("| route | connections | req/s | p50 ms | p99 ms | p50 / bare | bare req/s / route | non-2xx |");
    console.log("|---|---|---|---|---|---|---|---|");
    for (const r of rows) console.log(r);
    console.log(`Jobs on the account after every replay: ${listed.jobs.length} (one, however many replays)`);
  } finally {
    try {
      process.kill(-bare.pid!, "SIGTERM");
    } catch {}
    await stack.stop();
  }
}
await main();
