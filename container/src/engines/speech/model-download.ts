// A model file fetched once and kept: downloaded into the cache folder under a temporary name,
// hashed while it streams, and renamed into place only when its size and SHA-256 are the published
// ones, so the cache never holds a partial or altered file under the model's name (rename within a
// folder is atomic). A file already in place was checked when it was put there and is used as is.
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

export interface ModelFileSpec {
  url: string;
  fileName: string;
  sha256: string;
  bytes: number;
}

export class ModelDownloadError extends Error {
  readonly name = "ModelDownloadError";
}

/** The cached file's path; downloads it first when it is not there. Throws ModelDownloadError saying why it could not. */
export async function ensureModelFile(spec: ModelFileSpec, cacheDir: string, opts: { signal?: AbortSignal; fetch?: typeof fetch } = {}): Promise<{ path: string; downloaded: boolean }> {
  const final = path.resolve(cacheDir, spec.fileName);
  const have = await stat(final).catch(() => null);
  if (have?.isFile() && have.size === spec.bytes) return { path: final, downloaded: false };

  await mkdir(path.dirname(final), { recursive: true });
  const part = `${final}.part-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    let res: Response;
    try {
      res = await (opts.fetch ?? fetch)(spec.url, { signal: opts.signal, redirect: "follow" });
    } catch (e) {
      throw new ModelDownloadError(`could not reach ${spec.url} (${(e as Error).cause ? String((e as Error & { cause: unknown }).cause) : (e as Error).message})`);
    }
    if (!res.ok || !res.body) throw new ModelDownloadError(`${spec.url} answered HTTP ${res.status}`);
    const hash = createHash("sha256");
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), tap, createWriteStream(part));
    const sha = hash.digest("hex");
    if (size !== spec.bytes || sha !== spec.sha256) {
      throw new ModelDownloadError(`${spec.url} gave ${size} bytes with SHA-256 ${sha}, not the published ${spec.bytes} bytes with SHA-256 ${spec.sha256}`);
    }
    await rename(part, final);
    return { path: final, downloaded: true };
  } finally {
    await rm(part, { force: true });
  }
}
