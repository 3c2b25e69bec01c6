import { execFileSync } from "node:child_process";
import { createReadStream, existsSync, statSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import path from "node:path";
import { inject } from "vitest";

export const repoRoot = path.resolve(import.meta.dirname, "../..");
export const mediaDir = process.env.KATTO_MEDIA_DIR ?? path.resolve(repoRoot, "../shared/media");
export const media = (rel: string) => {
  const p = path.join(mediaDir, rel);
  if (!existsSync(p)) throw new Error(`test media missing: ${p}`);
  return p;
};

export const baseUrl = () => inject("baseUrl");

/** An account and key on the shared stack, or on `stack` (a test's own, e.g. test/system/hd-fanout.test.ts). */
export async function newClient(plan = "creator", scopes = ["read", "write"], stack?: { baseUrl: string; adminToken: string }) {
  const baseUrl = () => stack?.baseUrl ?? inject("baseUrl");
  const admin = { authorization: `Bearer ${stack?.adminToken ?? inject("adminToken")}`, "content-type": "application/json" };
  const a = await fetch(`${baseUrl()}/admin/v1/accounts`, { method: "POST", headers: admin, body: JSON.stringify({ email: `${crypto.randomUUID()}@example.test`, plan }) });
  const account = (await a.json()) as { id: string };
  const k = await fetch(`${baseUrl()}/admin/v1/accounts/${account.id}/keys`, { method: "POST", headers: admin, body: JSON.stringify({ scopes }) });
  const key = (await k.json()) as { id: string; key: string };
  return { account, key, call: apiCaller(key.key, baseUrl) };
}

/** Calls to /api/v1 with `key`. */
export function apiCaller(key: string, base: () => string = () => inject("baseUrl")) {
  // All system tests share 127.0.0.1, so the per-IP limit (60/min) applies to them together: like
  // a well-behaved client, wait Retry-After seconds on a 429 and try again.
  return async (p: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${key}`);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${base()}/api/v1${p}`, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
      if (res.status !== 429 || attempt >= 3) return res;
      await new Promise((r) => setTimeout(r, (Number(res.headers.get("retry-after")) || 1) * 1000));
    }
  };
}

/** Serve files on loopback, as a user would serve a sample video for the README's curl example. */
export async function serveFiles(files: Record<string, string>): Promise<{ url: (name: string) => string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const file = files[(req.url ?? "").slice(1)];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "video/mp4", "content-length": statSync(file).size });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return { url: (name) => `http://127.0.0.1:${port}/${name}`, close: () => new Promise((r) => server.close(() => r())) };
}

/** A loopback receiver that records requests with their raw bodies. */
export async function webhookReceiver(status = 200) {
  const received: { headers: IncomingMessage["headers"]; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export async function pollJob(call: ReturnType<typeof newClient> extends Promise<infer C> ? C extends { call: infer F } ? F : never : never, id: string, until: (j: Record<string, unknown>) => boolean, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  const seen: string[] = [];
  let last: Record<string, unknown> = {};
  while (Date.now() < deadline) {
    last = (await (await call(`/jobs/${id}`)).json()) as Record<string, unknown>;
    const p = last.progress as { step: string; pct: number };
    seen.push(`${last.status}:${p?.step}:${p?.pct}`);
    if (until(last)) return { job: last, seen };
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error(`job ${id} did not reach the expected state; last: ${JSON.stringify(last)}`);
}

export function ffprobe(file: string) {
  return JSON.parse(execFileSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_streams", "-show_format", file], { encoding: "utf8" })) as {
    streams: { codec_type: string; codec_name: string; profile?: string; width?: number; height?: number; pix_fmt?: string; sample_rate?: string }[];
    format: { duration: string };
  };
}

export function parseSrt(text: string) {
  const cues = text.trim().split(/\r?\n\r?\n/).map((block) => {
    const lines = block.split(/\r?\n/);
    const m = /^(\d\d):(\d\d):(\d\d),(\d{3}) --> (\d\d):(\d\d):(\d\d),(\d{3})$/.exec(lines[1] ?? "");
    if (!/^\d+$/.test(lines[0] ?? "") || !m) throw new Error(`bad SRT cue: ${block}`);
    const t = (h: string, mi: string, s: string, ms: string) => +h * 3600 + +mi * 60 + +s + +ms / 1000;
    return { start: t(m[1], m[2], m[3], m[4]), end: t(m[5], m[6], m[7], m[8]), text: lines.slice(2).join("\n") };
  });
  return cues;
}

/** The file at `url`, fetched into `file`, as ffprobe reads it: its frame and length. */
export async function probeUrl(url: string, file: string): Promise<{ width: number; height: number; duration: number }> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const p = ffprobe(file);
  const v = p.streams.find((s) => s.codec_type === "video")!;
  return { width: v.width!, height: v.height!, duration: Number(p.format.duration) };
}
