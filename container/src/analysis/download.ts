// Fetch the source to a file, streaming (never the whole file in memory), within max_bytes.
// Platform pages (YouTube, Vimeo, ...) are not media files: they go through yt-dlp when installed.
import { createWriteStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { runProcess, ProcessError } from "../ffmpeg/spawn.js";
import { StageError } from "../runtime/errors.js";
import { egressFor, EgressRefused, type LookupFn } from "./egress.js";

const PLATFORM_HOSTS = [
  "youtube.com", "youtu.be", "youtube-nocookie.com", "vimeo.com", "twitch.tv", "tiktok.com", "instagram.com",
  "facebook.com", "fb.watch", "x.com", "twitter.com", "dailymotion.com", "rumble.com", "kick.com", "reddit.com",
  "streamable.com", "loom.com",
];

/** True for pages of video platforms, which need yt-dlp rather than a plain GET. */
export function isPlatformUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return PLATFORM_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

export interface DownloadOptions {
  signal: AbortSignal;
  maxBytes: number;
  onProgress?: (fraction: number) => void;
  /** for tests: the yt-dlp executable */
  ytDlp?: string;
}

const mb = (n: number) => `${Math.round(n / 1e6)} MB`;

/** A Transform that fails once more than `max` bytes went through. */
function byteLimit(max: number, onBytes: (n: number) => void): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      onBytes(seen);
      if (seen > max) cb(new StageError("downloading", `source is larger than the ${mb(max)} limit`));
      else cb(null, chunk);
    },
  });
}

/**
 * One GET with node:http(s), not fetch: undici's parser crashes the whole process with an
 * uncatchable assertion when a server closes the connection while the body is paused under
 * backpressure, which a slow disk and an HTTP/1.0 server (python -m
 * http.server) trigger. node:http reports such cases as ordinary stream errors.
 */
function get(url: URL, signal: AbortSignal, lookup: LookupFn): Promise<IncomingMessage> {
  const mod = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.get(url, { headers: { "user-agent": "katto-render/0.1" }, signal, lookup }, resolve);
    req.on("error", reject);
  });
}

const MAX_REDIRECTS = 10;

/** Plain HTTP(S) GET to `dest`, following up to 10 redirects, each connecting only where egress.ts allows. */
export async function downloadHttp(url: string, dest: string, opts: DownloadOptions): Promise<number> {
  let current = new URL(url);
  const egress = egressFor(current);
  let res: IncomingMessage;
  for (let hop = 0; ; hop++) {
    try {
      egress.check(current);
      res = await get(current, opts.signal, egress.lookup(current));
    } catch (e) {
      if (e instanceof EgressRefused) throw new StageError("downloading", e.message);
      if (opts.signal.aborted) throw e;
      throw new StageError("downloading", "could not reach the source URL", String(e));
    }
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hop >= MAX_REDIRECTS) throw new StageError("downloading", "the source URL redirects too often");
      const next = new URL(res.headers.location, current);
      if (next.protocol !== "http:" && next.protocol !== "https:") throw new StageError("downloading", "the source URL redirects to an unsupported scheme");
      current = next;
      continue;
    }
    if (status < 200 || status >= 300) {
      res.resume();
      const what = status === 404 ? "not found" : status === 401 || status === 403 ? "access denied" : "request failed";
      throw new StageError("downloading", `source URL answered HTTP ${status} (${what})`);
    }
    break;
  }
  const declared = Number(res.headers["content-length"]);
  if (Number.isFinite(declared) && declared > opts.maxBytes) {
    res.destroy();
    throw new StageError("downloading", `source is larger than the ${mb(opts.maxBytes)} limit`);
  }
  let bytes = 0;
  await pipeline(
    res,
    byteLimit(opts.maxBytes, (n) => {
      bytes = n;
      if (declared > 0) opts.onProgress?.(Math.min(1, n / declared));
    }),
    createWriteStream(dest),
    { signal: opts.signal },
  ).catch((e: unknown) => {
    if (e instanceof StageError || opts.signal.aborted) throw e;
    throw new StageError("downloading", "download of the source was interrupted", String(e));
  });
  if (declared > 0 && bytes !== declared) throw new StageError("downloading", "download of the source was interrupted", `got ${bytes} of ${declared} bytes`);
  opts.onProgress?.(1);
  return bytes;
}

/** yt-dlp argument array: best video+audio up to 1080p, merged to mp4, size-capped. */
export function ytDlpArgs(url: string, outTemplate: string, maxBytes: number): string[] {
  return [
    "--no-playlist", "--no-progress", "--newline", "--no-part", "--restrict-filenames",
    "-f", "bv*[height<=1080]+ba/b[height<=1080]/b",
    "--merge-output-format", "mp4",
    "--max-filesize", String(maxBytes),
    "-o", outTemplate,
    "--", url,
  ];
}

/** Download a platform URL with yt-dlp into `dir`; returns the file path. */
export async function downloadWithYtDlp(url: string, dir: string, opts: DownloadOptions): Promise<string> {
  const bin = opts.ytDlp ?? "yt-dlp";
  try {
    await runProcess(bin, ytDlpArgs(url, join(dir, "source.%(ext)s"), opts.maxBytes), { stage: "downloading", signal: opts.signal });
  } catch (e) {
    if (e instanceof ProcessError && e.failure === "spawn" && e.code === "ENOENT") throw new StageError("downloading", "yt-dlp is not installed");
    if (opts.signal.aborted) throw e;
    throw new StageError("downloading", "could not download the video from the platform", e instanceof ProcessError ? e.stderrTail : String(e));
  }
  const files = (await readdir(dir)).filter((f) => f.startsWith("source."));
  if (files.length === 0) throw new StageError("downloading", `the video is unavailable or larger than the ${mb(opts.maxBytes)} limit`);
  const path = join(dir, files[0]);
  if ((await stat(path)).size > opts.maxBytes) throw new StageError("downloading", `source is larger than the ${mb(opts.maxBytes)} limit`);
  return path;
}

/** Fetch any source URL into `dir`; returns the local path and its size. */
export async function download(url: string, dir: string, opts: DownloadOptions): Promise<{ path: string; bytes: number }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StageError("downloading", "source URL is not a valid URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new StageError("downloading", "source URL must be http(s)");
  if (isPlatformUrl(url)) {
    const path = await downloadWithYtDlp(url, dir, opts);
    return { path, bytes: (await stat(path)).size };
  }
  const path = join(dir, "source.bin");
  const bytes = await downloadHttp(url, path, opts);
  if (bytes === 0) throw new StageError("downloading", "source URL returned an empty file");
  return { path, bytes };
}
