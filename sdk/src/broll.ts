// Add an image or video to the account's B-roll library (POST /broll -> PUT the bytes to
// upload_url with exactly its headers -> complete), with byte progress like uploadVideo.
import type { KattoApi, Schemas } from "./client";
import { unwrap } from "./errors";
import { presignedUpload, type UploadProgress } from "./upload";

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
export function uploadBroll(api: KattoApi, rawFetch: typeof fetch, o: BrollUploadOptions): Promise<Schemas["BrollAsset"]> {
  const content_type = o.contentType ?? brollContentTypeFor(o.filename);
  return presignedUpload(rawFetch, o, {
    reserve: (size) => unwrap(api.POST("/api/v1/broll", { body: { filename: o.filename, content_type, size, keywords: o.keywords }, signal: o.signal })),
    complete: (started) => unwrap(api.POST("/api/v1/broll/{id}/complete", { params: { path: { id: started.asset.id } }, signal: o.signal })),
  });
}
