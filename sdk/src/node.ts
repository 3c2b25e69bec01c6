// Node-only helpers (the rest of the SDK runs in Workers and browsers): stream a local file into
// uploadVideo without reading it into memory. Import from "@katto/sdk/node".
import { createReadStream, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { brollContentTypeFor, type BrollUploadOptions } from "./broll";
import { contentTypeFor, type UploadSource } from "./upload";

export function fileSource(file: string): UploadSource {
  const size = statSync(file).size;
  const filename = path.basename(file);
  return {
    data: Readable.toWeb(createReadStream(file, { highWaterMark: 256 * 1024 })) as ReadableStream<Uint8Array>,
    size,
    filename,
    contentType: contentTypeFor(filename),
  };
}

/** A local image or video streamed into uploadBroll, its type from its extension. */
export function brollFileSource(file: string): Omit<BrollUploadOptions, "keywords"> {
  const filename = path.basename(file);
  return {
    data: Readable.toWeb(createReadStream(file, { highWaterMark: 256 * 1024 })) as ReadableStream<Uint8Array>,
    size: statSync(file).size,
    filename,
    contentType: brollContentTypeFor(filename),
  };
}
