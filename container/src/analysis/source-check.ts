// What a downloaded source must be before ffmpeg opens it: a video container we know, by its
// first bytes, and of a picture size the pipeline can hold in memory. ffmpeg guesses formats from
// content, so without this a text playlist (m3u8) would make it fetch the URLs inside, or read
// local files they name; and a small file that declares a huge picture would make every decoder
// allocate frames of that size (a decompression bomb).
import { open, stat } from "node:fs/promises";
import { sniffContainer } from "@katto/protocol";
import { StageError } from "../runtime/errors.js";
import type { ProbeResult } from "../runtime/types.js";

/** 8K UHD: the largest picture accepted, per side and in pixels. */
export const MAX_WIDTH = 7680;
export const MAX_HEIGHT = 7680;
export const MAX_PIXELS = 7680 * 4320;
export const MIN_SIDE = 16;

/** The first `n` bytes of a file (fewer when it is shorter): what magic-byte checks read. */
export async function head(path: string, n: number): Promise<Uint8Array> {
  const fh = await open(path, "r");
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Throws a StageError ("probing") unless `path` is a non-empty file in a known video container. */
export async function checkSourceFile(path: string): Promise<string> {
  if ((await stat(path)).size === 0) throw new StageError("probing", "source is empty (0 bytes)");
  const b = await head(path, 4096);
  const text = Buffer.from(b).toString("latin1").replace(/^\uFEFF|^\xEF\xBB\xBF/, "").trimStart();
  if (text.startsWith("#EXTM3U") || text.includes("#EXT-X-") || /^\[playlist\]|^<\?xml[\s\S]*<(MPD|smil)\b/i.test(text)) {
    throw new StageError("probing", "source is a streaming playlist (m3u8/DASH), not a video file; give the URL of the video file or its platform page");
  }
  const kind = sniffContainer(b)?.name;
  if (!kind) {
    const what = /^<(!doctype|html)/i.test(text) ? "an HTML page" : "not a video file";
    throw new StageError("probing", `source is ${what} (unrecognised format); supported: MP4, MOV, WebM, MKV, AVI, FLV, MPEG-TS`);
  }
  return kind;
}

/** Pure: refuses a picture too large (or degenerate) to decode, before any frame is decoded. */
export function validateSourceLimits(p: ProbeResult): void {
  if (!p.video) return;
  const { width, height } = p.video;
  if (width > MAX_WIDTH || height > MAX_HEIGHT || width * height > MAX_PIXELS) {
    throw new StageError("probing", `source picture is ${width}x${height}; the largest supported is ${MAX_PIXELS / 4320}x4320 (8K)`);
  }
  if (width < MIN_SIDE || height < MIN_SIDE) throw new StageError("probing", `source picture is ${width}x${height}; at least ${MIN_SIDE}x${MIN_SIDE} is needed`);
}
