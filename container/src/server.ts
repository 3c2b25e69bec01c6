// The render backend's HTTP server (docs/render-protocol.md, "Worker -> backend").
// Locally it listens on 127.0.0.1:8788; in the container image HOST=0.0.0.0 PORT=8080.
import { rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import os from "node:os";
import { pathToFileURL } from "node:url";
import { parseConfig } from "./runtime/config.js";
import { runProcess } from "./ffmpeg/spawn.js";
import { JobRegistry } from "./work/jobs.js";
import { log } from "./runtime/log.js";
import { createLimiter } from "./runtime/pool.js";
import { parseHdClipTask, parseManualClipTask, parseRenderJob, parseRenditionTask, parseRerenderJob } from "./runtime/protocol.js";
import { claimWorkRoot } from "./runtime/work-root.js";

const MAX_BODY = 1024 * 1024;

export interface ServerOptions {
  registry: JobRegistry;
  /** what /healthz reports under `engines` */
  engines: Record<string, string | null>;
  /** when set, requests need `Authorization: Bearer <token>` (env KATTO_RENDER_TOKEN) */
  token?: string;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, "body too large");
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new HttpError(400, "body is not valid JSON");
  }
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * One way to start work of each kind: validate the body, start it (idempotent on its id: a
 * duplicate in flight is accepted again, as the Queue redelivers), answer 202 with its ids.
 */
function starter<T>(parse: (b: unknown) => Parsed<T>, start: (v: T) => "started" | "running" | "closed", ids: (v: T) => Record<string, unknown>) {
  return (body: unknown): { status: number; body: unknown } => {
    const parsed = parse(body);
    if (!parsed.ok) return { status: 400, body: { error: parsed.error } };
    if (start(parsed.value) === "closed") return { status: 503, body: { error: "the render server is shutting down" } };
    return { status: 202, body: { ...ids(parsed.value), accepted: true } };
  };
}

export function createRenderServer(o: ServerOptions): Server {
  const starts: Record<string, (body: unknown) => { status: number; body: unknown }> = {
    "/v1/jobs": starter(parseRenderJob, (v) => o.registry.start(v), (v) => ({ job_id: v.job_id })),
    "/v1/rerenders": starter(parseRerenderJob, (v) => o.registry.startRerender(v), (v) => ({ rerender_id: v.rerender_id })),
    "/v1/clips/hd": starter(parseHdClipTask, (v) => o.registry.startHd(v), (v) => ({ job_id: v.job_id, clip_index: v.clip_index })),
    "/v1/clips/rendition": starter(parseRenditionTask, (v) => o.registry.startRendition(v), (v) => ({ job_id: v.job_id, clip_index: v.clip_index })),
    "/v1/clips/manual": starter(parseManualClipTask, (v) => o.registry.startManual(v), (v) => ({ job_id: v.job_id, clip_index: v.clip_index })),
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://render.local");
    const path = url.pathname.replace(/\/+$/, "") || "/";
    if (path === "/healthz" && req.method === "GET") return json(res, 200, { ok: true, engines: o.engines, jobs: o.registry.size });
    if (o.token && req.headers.authorization !== `Bearer ${o.token}`) return json(res, 401, { error: "missing or wrong bearer token" });

    const start = starts[path];
    if (start) {
      if (req.method !== "POST") return json(res, 405, { error: "use POST" });
      const answer = start(await readJson(req));
      return json(res, answer.status, answer.body);
    }
    const m = /^\/v1\/jobs\/([^/]+)$/.exec(path);
    if (m) {
      if (req.method !== "DELETE") return json(res, 405, { error: "use DELETE" });
      const id = decodeURIComponent(m[1]!);
      return json(res, 200, { job_id: id, cancelled: o.registry.cancel(id) });
    }
    return json(res, 404, { error: "not found" });
  };

  return createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (e instanceof HttpError) return json(res, e.status, { error: e.message });
      log("error", "request failed", { method: req.method, url: req.url, error: String((e as Error)?.stack ?? e) });
      if (!res.headersSent) json(res, 500, { error: "internal error" });
      else res.destroy();
    });
  });
}

/** Version line of a tool, or null when it is not installed. */
async function toolVersion(cmd: string, args: string[]): Promise<string | null> {
  try {
    const { stdout } = await runProcess(cmd, args, { stage: "health", signal: AbortSignal.timeout(10_000), captureStdout: true });
    return stdout.split("\n")[0]!.trim() || cmd;
  } catch {
    return null;
  }
}

export async function main(): Promise<void> {
  // the only read of the environment: every setting is checked here, before any work is accepted
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    process.stderr.write(`katto-render: invalid configuration, not starting:\n${parsed.errors.map((e) => `  ${e}\n`).join("")}`);
    process.exit(2);
  }
  const config = parsed.value;
  const { host, port, token } = config.server;
  // Every temp file of this process lives under its own root, removed by the next process to
  // start if this one dies without cleaning up (src/work-root.ts). TMPDIR points there too, so the
  // stages' scratch folders (os.tmpdir()) and ffmpeg's and pocketsphinx's temp files follow.
  const work = await claimWorkRoot(config.workDir ?? os.tmpdir());
  if (work.removed.length) log("warn", "removed the temp folders of backends that stopped without cleaning up", { folders: work.removed });
  process.env.TMPDIR = work.root;
  const { createDefaultDeps } = await import("./work/pipeline-deps.js");
  // engines are built once: a missing program or model (whisper.cpp) fails here
  const { createDub } = await import("./work/dub.js");
  const registry = new JobRegistry({
    deps: createDefaultDeps(config),
    dub: createDub(config.dub),
    workRoot: work.root,
    // ffmpeg encodes in this process across jobs, HD tasks and re-renders: one per core. With HD
    // fan-out to a local backend every clip of every job can land here at once.
    encoder: { slots: createLimiter(config.render.slots ?? os.availableParallelism()), background: createLimiter(config.render.slots ?? os.availableParallelism()), fontsDir: config.render.fontsDir, hdPreset: config.render.hdPreset },
  });
  const [ffmpeg, ytdlp] = await Promise.all([toolVersion("ffmpeg", ["-version"]), toolVersion("yt-dlp", ["--version"])]);
  const engines = {
    speech: config.speech.engine,
    // who chooses and scores the moments: offline, workers-ai, or openai:<chat model>
    scorer: config.scorer.engine === "openai" ? `openai:${config.scorer.chat.model}` : config.scorer.engine,
    translator: config.dub.translator.engine,
    tts: config.dub.synthesizer.engine,
    render: ffmpeg ? ffmpeg.replace(/ Copyright.*$/, "") : null,
    downloader: ytdlp ? `yt-dlp ${ytdlp}` : null,
  };
  const server = createRenderServer({ registry, engines, token });
  server.listen(port, host, () => {
    const a = server.address();
    const p = typeof a === "object" && a ? a.port : port;
    // tests and scripts read this line to find an ephemeral port
    process.stdout.write(`katto-render listening on http://${host}:${p}\n`);
  });

  let stopping = false;
  const stop = async (sig: string) => {
    if (stopping) return;
    stopping = true;
    log("info", "shutting down", { signal: sig, jobs: registry.size });
    server.close();
    server.closeIdleConnections();
    await registry.shutdown();
    server.closeAllConnections();
    await rm(work.root, { recursive: true, force: true }).catch(() => {});
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) void main();
