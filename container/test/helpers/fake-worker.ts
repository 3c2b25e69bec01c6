// Test double for the Worker side of docs/render-protocol.md: records events and stores PUT files.
// Also serves media files, standing in for the source URL.
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";

export interface Call {
  at: number;
  method: string;
  jobId: string;
  kind: "event" | "file";
  name?: string;
  event?: { type: string; [k: string]: unknown };
  auth?: string;
  contentType?: string;
  status: number;
}

export interface FakeWorker {
  base: string;
  token: string;
  calls: Call[];
  /** job ids the Worker no longer runs: events and files answer 409 */
  gone: Set<string>;
  /** answer 409 to the event of this type (per job) */
  goneOn: Map<string, string>;
  filesDir: string;
  mediaRequests: Map<string, number>;
  mediaUrl(rel: string): string;
  /** signed GET URL of a file PUT for a job (HD fan-out sources) */
  fileUrl(jobId: string, name: string): string;
  events(jobId: string): NonNullable<Call["event"]>[];
  file(jobId: string, name: string): string;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let s = "";
  for await (const c of req) s += c;
  return s;
}

export async function startFakeWorker(mediaRoot: string, token = "test-token"): Promise<FakeWorker> {
  const filesDir = mkdtempSync(path.join(os.tmpdir(), "katto-fake-worker-"));
  const calls: Call[] = [];
  const gone = new Set<string>();
  const goneOn = new Map<string, string>();
  const mediaRequests = new Map<string, number>();
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname.startsWith("/media/")) {
      const rel = decodeURIComponent(url.pathname.slice("/media/".length));
      mediaRequests.set(rel, (mediaRequests.get(rel) ?? 0) + 1);
      const file = path.join(mediaRoot, rel);
      const body = readFileSync(file);
      return res.writeHead(200, { "content-type": "video/mp4", "content-length": body.length }).end(body);
    }
    const m = /^\/internal\/v1\/jobs\/([^/]+)\/(events|files\/([^/]+))$/.exec(url.pathname);
    if (!m) return send(404, { error: "not found" });
    const jobId = m[1]!;
    if (req.method === "GET" && m[3]) {
      // a stored file, as the Worker serves mezzanines to HD tasks (token in the query)
      if (url.searchParams.get("token") !== token) return send(401, { error: "bad token" });
      mediaRequests.set(`files/${jobId}/${m[3]}`, (mediaRequests.get(`files/${jobId}/${m[3]}`) ?? 0) + 1);
      const body = readFileSync(path.join(filesDir, `${jobId}--${m[3]}`));
      return res.writeHead(200, { "content-type": "video/mp4", "content-length": body.length }).end(body);
    }
    const auth = req.headers.authorization;
    const call: Call = { at: Date.now(), method: req.method!, jobId, kind: m[2] === "events" ? "event" : "file", auth, status: 0 };
    calls.push(call);
    if (auth !== `Bearer ${token}`) return send((call.status = 401), { error: "bad token" });
    if (call.kind === "event") {
      call.event = JSON.parse(await readBody(req));
      if (goneOn.get(jobId) === call.event!.type) gone.add(jobId);
      if (gone.has(jobId)) return send((call.status = 409), { error: "job is not running" });
      return send((call.status = 200), { ok: true });
    }
    call.name = m[3]!;
    call.contentType = req.headers["content-type"];
    if (gone.has(jobId)) {
      req.resume();
      return send((call.status = 409), { error: "job is not running" });
    }
    const dest = path.join(filesDir, `${jobId}--${call.name}`);
    await pipeline(req, createWriteStream(dest));
    send((call.status = 201), { key: `jobs/${jobId}/${call.name}`, url: `http://files/${call.name}` });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}/internal/v1`,
    token,
    calls,
    gone,
    goneOn,
    filesDir,
    mediaRequests,
    fileUrl: (jobId, name) => `http://127.0.0.1:${port}/internal/v1/jobs/${jobId}/files/${name}?token=${token}`,
    mediaUrl: (rel) => `http://127.0.0.1:${port}/media/${rel.split("/").map(encodeURIComponent).join("/")}`,
    events: (jobId) => calls.filter((c) => c.jobId === jobId && c.event).map((c) => c.event!),
    file: (jobId, name) => {
      const p = path.join(filesDir, `${jobId}--${name}`);
      statSync(p);
      return p;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      rmSync(filesDir, { recursive: true, force: true });
      void readdirSync;
    },
  };
}

/** Poll until fn returns a truthy value. */
export async function waitFor<T>(fn: () => T | undefined | false | null, timeoutMs: number, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Processes whose command line contains `needle` (Linux /proc). */
export function processesMatching(needle: string): { pid: number; cmd: string }[] {
  const out: { pid: number; cmd: string }[] = [];
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, "utf8").replace(/\0/g, " ");
      if (cmd.includes(needle)) out.push({ pid: Number(d), cmd });
    } catch {
      /* exited */
    }
  }
  return out;
}
