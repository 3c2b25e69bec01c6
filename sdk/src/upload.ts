// Upload a local video through a presigned URL (spec POST /uploads): reserve (filename, type,
// size) -> PUT the bytes to upload_url with exactly the reservation's headers (the Content-Type is
// signed) and the reserved Content-Length -> complete, which queues the job. The body is streamed
// and counted as fetch pulls it, so progress needs no buffering; Node callers stream a file with
// fileSource() from "@katto/sdk/node".
import type { KattoApi, Schemas } from "./client";
import { KattoApiError, errorFromBody, unwrap } from "./errors";

export type VideoContentType = Schemas["ReserveUploadRequest"]["content_type"];

export interface UploadSource {
  /** The bytes: a Blob/File, a Uint8Array, or a stream of exactly `size` bytes. */
  data: Blob | Uint8Array | ReadableStream<Uint8Array>;
  /** Required for a stream; taken from the Blob or array otherwise. */
  size?: number;
  filename: string;
  /** Guessed from the filename when omitted. */
  contentType?: VideoContentType;
}

export interface UploadProgress {
  phase: "reserving" | "uploading" | "completing" | "done";
  loaded: number;
  total: number;
}

export interface UploadOptions extends UploadSource {
  config?: Schemas["CompleteUploadRequest"]["config"];
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
}

const TYPES: Record<string, VideoContentType> = { mp4: "video/mp4", m4v: "video/mp4", mov: "video/quicktime", webm: "video/webm", mkv: "video/x-matroska" };

export function contentTypeFor(filename: string): VideoContentType {
  const ext = filename.toLowerCase().split(".").pop() ?? "";
  const type = TYPES[ext];
  if (!type) throw new TypeError(`Cannot upload "${filename}": supported files are .mp4, .m4v, .mov, .webm and .mkv.`);
  return type;
}

const CHUNK = 256 * 1024;

/** A stream over the data that reports bytes as the consumer (fetch) pulls them. */
export function countingStream(data: UploadSource["data"], onChunk: (n: number) => void): ReadableStream<Uint8Array> {
  if (data instanceof Uint8Array) {
    let offset = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= data.byteLength) return controller.close();
        const chunk = data.subarray(offset, offset + CHUNK);
        offset += chunk.byteLength;
        onChunk(chunk.byteLength);
        controller.enqueue(chunk);
      },
    });
  }
  const source = data instanceof ReadableStream ? data : data.stream();
  return source.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onChunk(chunk.byteLength);
        controller.enqueue(chunk);
      },
    }),
  );
}

/** Where a reservation says to PUT the bytes: the presigned URL, its method and the headers it signed. */
export interface PresignedTarget {
  upload_url: string;
  method: string;
  headers: Record<string, string>;
}

/**
 * The one upload flow (videos and B-roll): reserve the size, PUT the bytes to the presigned URL with
 * exactly its headers and the reserved Content-Length, counting them as fetch pulls them, then
 * complete. `onProgress` sees every phase; a refused PUT throws a KattoApiError naming the file.
 */
export async function presignedUpload<R extends PresignedTarget, T>(
  rawFetch: typeof fetch,
  o: Pick<UploadSource, "data" | "size" | "filename"> & { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal },
  steps: { reserve: (size: number) => Promise<R>; complete: (reserved: R) => Promise<T> },
): Promise<T> {
  const total = o.size ?? (o.data instanceof Uint8Array ? o.data.byteLength : o.data instanceof ReadableStream ? undefined : o.data.size);
  if (total === undefined) throw new TypeError("size is required when uploading a stream");
  o.onProgress?.({ phase: "reserving", loaded: 0, total });
  const reserved = await steps.reserve(total);

  let loaded = 0;
  o.onProgress?.({ phase: "uploading", loaded, total });
  // A Blob or array without a progress callback goes as it is: browsers stream request bodies only
  // over HTTP/2, so a page that wants upload progress over HTTP/1.1 uses XMLHttpRequest instead.
  const streamed = o.onProgress !== undefined || o.data instanceof ReadableStream;
  const body = streamed
    ? countingStream(o.data, (n) => {
        loaded += n;
        o.onProgress?.({ phase: "uploading", loaded, total });
      })
    : (o.data as Blob | Uint8Array);
  const put = await rawFetch(reserved.upload_url, {
    method: reserved.method,
    headers: { ...reserved.headers, "Content-Length": String(total) },
    body,
    signal: o.signal,
    // Streaming request bodies need half-duplex (fetch spec; Node's undici insists).
    ...(streamed ? { duplex: "half" } : {}),
  } as RequestInit);
  if (!put.ok) {
    let detail: unknown;
    try {
      detail = await put.json();
    } catch {}
    const e = errorFromBody(put, detail);
    throw new KattoApiError(put.status, `Upload of ${o.filename} failed: ${e.message}`, e.code, e.retryAfter, e.requestId);
  }

  o.onProgress?.({ phase: "completing", loaded: total, total });
  const done = await steps.complete(reserved);
  o.onProgress?.({ phase: "done", loaded: total, total });
  return done;
}

/** Reserve, PUT, complete; resolves with the created job ({id, status, status_url}). */
export function uploadVideo(api: KattoApi, rawFetch: typeof fetch, o: UploadOptions): Promise<Schemas["JobCreated"]> {
  const content_type = o.contentType ?? contentTypeFor(o.filename);
  return presignedUpload(rawFetch, o, {
    reserve: (size) => unwrap(api.POST("/api/v1/uploads", { body: { filename: o.filename, content_type, size }, signal: o.signal })),
    complete: (r) => unwrap(api.POST("/api/v1/uploads/{id}/complete", { params: { path: { id: r.job_id } }, body: o.config ? { config: o.config } : {}, signal: o.signal })),
  });
}
