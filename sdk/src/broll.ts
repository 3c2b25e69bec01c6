// Add an image or video to the account's B-roll library (POST /broll -> PUT the bytes to
// upload_url with exactly its headers -> complete), with byte progress like uploadVideo.
import type { KattoApi, Schemas } from "./client";
import { KattoApiError, errorFromBody, unwrap } from "./errors";
import { countingStream, type UploadProgress } from "./upload";

export type BrollContentType = Schemas["CreateBrollRequest"]["content_type"];

const TYPES: Record<string, BrollContentType> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", mp4: "video/mp4", m4v: "video/mp4", mov: "video/quicktime", webm: "video/webm" };

export function brollContentTypeFor(filename: string): BrollContentType {
  const type = TYPES[filename.toLowerCase().split(".").pop() ?? ""];
  if (!type) throw new TypeError(`Cannot add "${filename}" to the B-roll library: supported files are .png, .jpg, .jpeg, .mp4, .m4v, .mov and .webm.`);
  return type;
}

export interface BrollUploadOptions {
  data: Blob | Uint8Array | ReadableStream<Uint8Array>;
  /** Required for a stream. */
  size?: number;
  filename: string;
  /** Guessed from the filename when omitted. */
  contentType?: BrollContentType;
  /** Words or short phrases that call for the asset. */
  keywords: string[];
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Start, PUT, complete; resolves with the ready asset. */
export async function uploadBroll(api: KattoApi, rawFetch: typeof fetch, o: BrollUploadOptions): Promise<Schemas["BrollAsset"]> {
  const total = o.size ?? (o.data instanceof Uint8Array ? o.data.byteLength : o.data instanceof ReadableStream ? undefined : o.data.size);
  if (total === undefined) throw new TypeError("size is required when uploading a stream");
  const content_type = o.contentType ?? brollContentTypeFor(o.filename);
  o.onProgress?.({ phase: "reserving", loaded: 0, total });
  const started = await unwrap(api.POST("/api/v1/broll", { body: { filename: o.filename, content_type, size: total, keywords: o.keywords }, signal: o.signal }));
  let loaded = 0;
  o.onProgress?.({ phase: "uploading", loaded, total });
  const streamed = o.onProgress !== undefined || o.data instanceof ReadableStream;
  const body = streamed
    ? countingStream(o.data, (n) => {
        loaded += n;
        o.onProgress?.({ phase: "uploading", loaded, total });
      })
    : (o.data as Blob | Uint8Array);
  const put = await rawFetch(started.upload_url, {
    method: started.method,
    headers: { ...started.headers, "Content-Length": String(total) },
    body,
    signal: o.signal,
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
  const asset = await unwrap(api.POST("/api/v1/broll/{id}/complete", { params: { path: { id: started.asset.id } }, signal: o.signal }));
  o.onProgress?.({ phase: "done", loaded: total, total });
  return asset;
}
