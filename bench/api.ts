// API overhead against a baseline on the same runtime, measured in one run: GET /api/v1/jobs/{id}
// on Katto (bearer key lookup in D1, per-IP and per-key rate limits in Durable Objects, D1 reads,
// zod-validated params) against a bare Hono route that returns a small JSON object, both served by
// wrangler's local runtime. Requests alternate; 50 of each (within the 60/min limits).
import { spawn } from "node:child_process";
import path from "node:path";
// @ts-expect-error plain ESM script
import { node22, root, toolEnv } from "../scripts/lib/bootstrap.mjs";
// @ts-expect-error plain ESM script
import { freePort, startIsolatedStack } from "../scripts/lib/stack.mjs";

const N = 50;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function startBare(port: number) {
  const child = spawn(node22(), [path.join(root, "node_modules/wrangler/bin/wrangler.js"), "dev", "--config", path.join(root, "bench/bare-wrangler.toml"), "--local", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(await freePort()), "--show-interactive-dev-session=false", "--log-level", "warn"], { cwd: path.join(root, "bench"), env: toolEnv({ CI: "true", WRANGLER_SEND_METRICS: "false" }), stdio: "ignore", detached: true });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/jobs/x`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("bare worker did not start");
}

async function main() {
  const barePort = await freePort();
  const stack = await startIsolatedStack({ adminToken: "bench", appSecret: "bench-secret-0123456789", prefix: "katto-bench-api-" });
  const bare = await startBare(barePort);
  try {
    const admin = { authorization: "Bearer bench", "content-type": "application/json" };
    const account = await (await fetch(`${stack.baseUrl}/admin/v1/accounts`, { method: "POST", headers: admin, body: JSON.stringify({ email: "api-bench@example.test", plan: "internal" }) })).json();
    const key = await (await fetch(`${stack.baseUrl}/admin/v1/accounts/${account.id}/keys`, { method: "POST", headers: admin, body: JSON.stringify({ scopes: ["read", "write"] }) })).json();
    const auth = { authorization: `Bearer ${key.key}`, "content-type": "application/json" };
    // A job to read (its source URL is unreachable, so it fails quickly in the background).
    const job = await (await fetch(`${stack.baseUrl}/api/v1/jobs`, { method: "POST", headers: auth, body: JSON.stringify({ url: "http://127.0.0.1:9/none.mp4" }) })).json();
    const ours: number[] = [];
    const base: number[] = [];
    const time = async (url: string, init?: RequestInit) => {
      const t0 = performance.now();
      const r = await fetch(url, init);
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`${url}: ${r.status}`);
      return performance.now() - t0;
    };
    for (let i = 0; i < 5; i++) await time(`http://127.0.0.1:${barePort}/jobs/${job.id}`); // warm-up
    for (let i = 0; i < N; i++) {
      ours.push(await time(`${stack.baseUrl}/api/v1/jobs/${job.id}`, { headers: auth }));
      base.push(await time(`http://127.0.0.1:${barePort}/jobs/${job.id}`));
    }
    console.log(`GET job, ${N} alternating requests each, wrangler local runtime on this machine`);
    console.log("| route | p50 ms | p90 ms |");
    console.log("|---|---|---|");
    console.log(`| Katto GET /api/v1/jobs/{id} | ${pct(ours, 0.5).toFixed(1)} | ${pct(ours, 0.9).toFixed(1)} |`);
    console.log(`| bare Hono route | ${pct(base, 0.5).toFixed(1)} | ${pct(base, 0.9).toFixed(1)} |`);
    console.log(`| ratio Katto / bare (p50) | ${(pct(ours, 0.5) / pct(base, 0.5)).toFixed(2)} | |`);
  } finally {
    try {
      process.kill(-bare.pid!, "SIGTERM");
    } catch {}
    await stack.stop();
  }
}
await main();
