// The local stack: the render backend (container/src/server.ts) as a process, and the Worker on
// wrangler's local runtime (local D1, R2, Queues, Durable Objects), wired together over loopback.
// Used by `npm start`, by whole-system tests and by the benchmarks.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { node22, root, toolEnv } from "./bootstrap.mjs";

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, name, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before it was ready`);
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Start both processes. `vars` are passed to the Worker with --var (they win over .dev.vars).
 * Output goes to the parent's terminal unless `quiet`, where it is kept for error reports;
 * `onOutput(name, text)` also gets every chunk (a bench reads the backend's log lines).
 * `renderUrl`: a render backend already running there (the image, `npm run image:test`) instead of
 * the local process; `vars.RENDER_URL` must point at it.
 */
export async function startStack({ port, renderPort, persistTo, vars, quiet = false, renderEnv = {}, onOutput, renderUrl }) {
  const tail = [];
  const pipeOut = (name, child) => {
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (d) => {
        const text = d.toString();
        onOutput?.(name, text);
        if (!quiet) process.stdout.write(text.split("\n").map((l) => (l ? `[${name}] ${l}` : l)).join("\n"));
        tail.push(text);
        if (tail.length > 200) tail.shift();
      });
    }
  };
  const children = [];
  let stopping = false;
  const spawnRender = () => {
    const child = spawn(node22(), [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "container/src/server.ts")], {
      cwd: path.join(root, "container"),
      env: toolEnv({ HOST: "127.0.0.1", PORT: String(renderPort), ...renderEnv }),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    pipeOut("render", child);
    // Like a container platform, bring a crashed render backend back (its jobs fail through the
    // Worker's watchdog and are refunded; new jobs are served by the new process).
    child.once("exit", (code, signal) => {
      if (stopping) return;
      const msg = `[render] exited (${signal ?? code}); restarting in 1 s\n`;
      if (!quiet) process.stdout.write(msg);
      tail.push(msg);
      setTimeout(() => {
        if (stopping) return;
        const next = spawnRender();
        children[children.indexOf(child)] = next;
      }, 1000);
    });
    return child;
  };
  const render = renderUrl ? null : spawnRender();
  if (render) children.push(render);
  const inspector = await freePort();
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const worker = spawn(
    node22(),
    [
      path.join(root, "node_modules/wrangler/bin/wrangler.js"), "dev", "--local", "--ip", "127.0.0.1", "--port", String(port),
      "--inspector-port", String(inspector), "--persist-to", persistTo, "--enable-containers=false",
      "--show-interactive-dev-session=false", "--log-level", quiet ? "warn" : "info", ...varArgs,
    ],
    // CLOUDFLARE_CF_FETCH_ENABLED=false: miniflare's placeholder `request.cf` without first trying
    // to download Cloudflare's (3 s timeout and a stack trace printed twice on a machine without
    // internet; locally nothing reads more of request.cf than the placeholder holds)
    { cwd: root, env: toolEnv({ WRANGLER_SEND_METRICS: "false", CI: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false" }), stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  children.push(worker);
  pipeOut("worker", worker);

  const stop = async () => {
    stopping = true;
    for (const c of children) {
      if (c.exitCode === null) {
        try {
          process.kill(-c.pid, "SIGTERM");
        } catch {}
      }
    }
    await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => { const t = setTimeout(() => { try { process.kill(-c.pid, "SIGKILL"); } catch {} r(); }, 5000); c.once("exit", () => { clearTimeout(t); r(); }); }))));
  };
  try {
    if (render) await waitFor(`http://127.0.0.1:${renderPort}/healthz`, render, "render backend");
    await waitFor(`http://127.0.0.1:${port}/`, worker, "worker");
  } catch (e) {
    await stop();
    throw new Error(`${e.message}\n--- output ---\n${tail.join("")}`);
  }
  return { baseUrl: `http://127.0.0.1:${port}`, renderUrl: renderUrl ?? `http://127.0.0.1:${renderPort}`, stop, output: () => tail.join("") };
}

/** Create (once) the local operator account and an API key; kept in .katto/local.json. */
export async function ensureLocalAccount(baseUrl, adminToken, stateFile) {
  const { existsSync, mkdirSync, readFileSync, writeFileSync } = await import("node:fs");
  const admin = { authorization: `Bearer ${adminToken}`, "content-type": "application/json" };
  if (existsSync(stateFile)) {
    const saved = JSON.parse(readFileSync(stateFile, "utf8"));
    const me = await fetch(`${baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${saved.key}` } });
    if (me.ok) return saved;
  }
  const email = "local@katto.localhost";
  let account;
  const created = await fetch(`${baseUrl}/admin/v1/accounts`, { method: "POST", headers: admin, body: JSON.stringify({ email, plan: "internal" }) });
  if (created.status === 201) account = await created.json();
  else if (existsSync(stateFile)) account = { id: JSON.parse(readFileSync(stateFile, "utf8")).account_id };
  else throw new Error(`could not create the local account: ${created.status} ${await created.text()}`);
  const k = await fetch(`${baseUrl}/admin/v1/accounts/${account.id}/keys`, { method: "POST", headers: admin, body: JSON.stringify({ scopes: ["read", "write"], name: "local" }) });
  if (k.status !== 201) throw new Error(`could not create a local API key: ${k.status} ${await k.text()}`);
  const key = await k.json();
  const saved = { account_id: account.id, key_id: key.id, key: key.key };
  mkdirSync(path.dirname(stateFile), { recursive: true });
  writeFileSync(stateFile, JSON.stringify(saved, null, 2), { mode: 0o600 });
  return saved;
}

/** A one-time dashboard sign-in link for an account (single use, 15 minutes; only its hash is stored). */
export async function mintSignInLink(baseUrl, adminToken, accountId) {
  const r = await fetch(`${baseUrl}/admin/v1/accounts/${accountId}/sign-in-links`, { method: "POST", headers: { authorization: `Bearer ${adminToken}` } });
  if (r.status !== 201) throw new Error(`could not mint a sign-in link: ${r.status} ${await r.text()}`);
  return (await r.json()).url;
}

/**
 * A throwaway local stack for tests and benchmarks: fresh persistence directory, free loopback
 * ports, migrations applied, local mode. `stop()` also removes the directory.
 */
export async function startIsolatedStack({ adminToken, appSecret, vars = {}, renderEnv = {}, quiet = true, prefix = "katto-stack-", onOutput, renderUrl }) {
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { migrateLocal } = await import("./bootstrap.mjs");
  const persistTo = mkdtempSync(path.join(tmpdir(), prefix));
  const port = await freePort();
  const renderPort = await freePort();
  migrateLocal(persistTo);
  const stack = await startStack({
    port,
    renderPort,
    persistTo,
    quiet,
    onOutput,
    renderEnv,
    renderUrl,
    vars: {
      LOCAL_MODE: "true",
      ADMIN_TOKEN: adminToken,
      APP_SECRET: appSecret,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      RENDER_URL: renderUrl ?? `http://127.0.0.1:${renderPort}`,
      ...vars,
    },
  }).catch((e) => {
    rmSync(persistTo, { recursive: true, force: true });
    throw e;
  });
  return {
    ...stack,
    stop: async () => {
      await stack.stop();
      rmSync(persistTo, { recursive: true, force: true });
    },
  };
}
