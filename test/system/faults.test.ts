// Faults through the whole local stack: the render backend killed mid-job, and the whole stack
// restarted while a job runs. The stack is this file's own, with a stall window of STALL_SECONDS
// (README "Configuration"; 45 minutes by default) so the watchdog answers in seconds; the cron
// trigger is fired through wrangler's local scheduled endpoint, as the platform fires it every
// 5 minutes. Documented outcome (docs/api-decisions.md "States"): a job whose backend died fails
// with a clear `error` and its video refunded within the stall window plus one cron period.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without types
import { migrateLocal } from "../../scripts/lib/bootstrap.mjs";
// @ts-expect-error plain ESM script without types
import { freePort, startStack } from "../../scripts/lib/stack.mjs";
import { media, newClient, serveFiles } from "./helpers";

const adminToken = "system-test-faults-admin-token";
const STALL_SECONDS = 8;
type Stack = { baseUrl: string; renderUrl: string; stop: () => Promise<void>; output: () => string };
let stack: Stack;
let files: Awaited<ReturnType<typeof serveFiles>>;
const persistTo = mkdtempSync(path.join(tmpdir(), "katto-system-faults-"));
// The render backend's temp folders (KATTO_WORK_DIR): one katto-work-<pid> root per backend process.
const workDir = mkdtempSync(path.join(tmpdir(), "katto-system-faults-work-"));
let ports: { port: number; renderPort: number };

const start = (): Promise<Stack> =>
  startStack({
    ...ports,
    persistTo,
    quiet: true,
    renderEnv: { KATTO_WORK_DIR: workDir },
    vars: {
      LOCAL_MODE: "true",
      ADMIN_TOKEN: adminToken,
      APP_SECRET: "system-test-faults-secret-0123456789",
      PUBLIC_BASE_URL: `http://127.0.0.1:${ports.port}`,
      RENDER_URL: `http://127.0.0.1:${ports.renderPort}`,
      STALL_SECONDS: String(STALL_SECONDS),
    },
  });

beforeAll(async () => {
  ports = { port: await freePort(), renderPort: await freePort() };
  migrateLocal(persistTo);
  stack = await start();
  files = await serveFiles({ "talk.mp4": media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4") });
});
afterAll(async () => {
  await files?.close();
  await stack?.stop();
  rmSync(persistTo, { recursive: true, force: true });
  rmSync(workDir, { recursive: true, force: true });
});

type Client = Awaited<ReturnType<typeof newClient>>;
// The watchdog's message (src/services/render/watchdog.ts, not importable under Node: it pulls in the Worker).
const STALLED = /^Processing stopped unexpectedly and was abandoned; your video slot was refunded\. Please retry\.$/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const job = async (c: Client, id: string) => (await (await c.call(`/jobs/${id}`)).json()) as { status: string; error: string | null };
const videosUsed = async (c: Client) => ((await (await c.call("/usage")).json()) as { videos_used: number }).videos_used;

/** Submits the sample and waits until the render backend is working on it. */
async function runningJob(c: Client): Promise<string> {
  const created = await c.call("/jobs", { method: "POST", json: { url: files.url("talk.mp4") } });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await expect
    .poll(async () => ((await (await fetch(`${stack.renderUrl}/healthz`)).json()) as { jobs: number }).jobs, { timeout: 120_000, interval: 250 })
    .toBeGreaterThan(0);
  await expect.poll(async () => (await job(c, id)).status, { timeout: 60_000, interval: 250 }).toMatch(/^(processing|scoring)$/);
  return id;
}

/** Fires the cron trigger until the job leaves its running states; the bound only fails the test. */
async function untilSettled(c: Client, id: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const j = await job(c, id);
    if (!["queued", "processing", "scoring"].includes(j.status)) return j;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${j.status}`);
    await fetch(`${stack.baseUrl}/cdn-cgi/local/scheduled`).then((r) => r.arrayBuffer());
    await sleep(2000);
  }
}

/** The process group of whatever listens on `port` (the render backend and its ffmpeg children). */
function listenerGroup(port: number): number {
  const out = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
  const pid = Number(/pid=(\d+)/.exec(out)?.[1]);
  if (!pid) throw new Error(`nothing listens on ${port}: ${out}`);
  return Number(execFileSync("ps", ["-o", "pgid=", "-p", String(pid)], { encoding: "utf8" }).trim());
}

describe("faults", () => {
  it("the render backend killed mid-job: the job fails with a clear error and its video refunded, and the restarted backend is healthy", async () => {
    const c = await newClient("creator", ["read", "write"], { baseUrl: stack.baseUrl, adminToken });
    const id = await runningJob(c);
    expect(await videosUsed(c)).toBe(1);
    // The job's folder (its downloaded source) sits under the backend's own root.
    const [killedRoot] = readdirSync(workDir);
    expect(readdirSync(path.join(workDir, killedRoot!)).some((d) => d.startsWith(`katto-job-${id}-`))).toBe(true);
    process.kill(-listenerGroup(ports.renderPort), "SIGKILL");

    const settled = await untilSettled(c, id);
    expect(settled).toMatchObject({ status: "failed", error: expect.stringMatching(STALLED) });
    expect(await videosUsed(c)).toBe(0);
    // The local stack brings the backend back, as a container platform would.
    await expect.poll(async () => (await fetch(`${stack.renderUrl}/healthz`).catch(() => null))?.status, { timeout: 60_000, interval: 500 }).toBe(200);
    expect(stack.output()).toMatch(/\[render\] exited \(SIGKILL\)/);
    // The new backend removed what the killed one left (src/work-root.ts): only its own root is left.
    expect(readdirSync(workDir)).toEqual([expect.not.stringMatching(`^${killedRoot}$`)]);
    expect(stack.output()).toMatch(/removed the temp folders of backends that stopped without cleaning up/);
  });

  it("the whole stack restarted while a job runs: the account, key and job are still there, and the job ends refunded instead of staying stuck", async () => {
    const c = await newClient("creator", ["read", "write"], { baseUrl: stack.baseUrl, adminToken });
    const id = await runningJob(c);
    await stack.stop();
    stack = await start();

    const listed = (await (await c.call("/jobs")).json()) as { jobs: { id: string }[] };
    expect(listed.jobs.map((j) => j.id)).toContain(id);
    const settled = await untilSettled(c, id);
    // Either the backend finished before it stopped, or the watchdog failed the job with a refund.
    if (settled.status === "failed") {
      expect(settled.error).toMatch(STALLED);
      expect(await videosUsed(c)).toBe(0);
    } else {
      expect(settled.status).toBe("completed");
      expect(await videosUsed(c)).toBe(1);
    }
  });
});
