// What a downloaded source must be before ffmpeg opens it: a video container we know, by its
// first bytes, and of a picture size the pipeline can hold in memory. ffmpeg guesses formats from
// content, so without this a text playlist (m3u8) would make it fetch the URLs inside, or read
// local files they name; and a small file that declares a huge picture would make every decoder
// allocate frames of that size (a decompression bomb).
import { open, stat } from "node:fs/promises";
import { StageError } from "../errors.js";
import type { ProbeResult } from "../types.js";

/** 8K UHD: the largest picture accepted, per side and in pixels. */
export const MAX_WIDTH = 7680;
export const MAX_HEIGHT = 7680;
export const MAX_PIXELS = 7680 * 4320;
export const MIN_SIDE = 16;

const ascii = (b: Uint8Array, at: number, s: string) => [...s].every((ch, i) => b[at + i] === ch.charCodeAt(0));

/** The container named by the first bytes (video, or audio that probing then refuses clearly), or null. */
export function sniffContainer(b: Uint8Array): string | null {
  if (b.length >= 12 && ascii(b, 4, "ftyp")) return "mp4/mov";
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return "matroska/webm";
  if (b.length >= 12 && ascii(b, 0, "RIFF") && ascii(b, 8, "AVI ")) return "avi";
  if (b.length >= 3 && ascii(b, 0, "FLV")) return "flv";
  // Audio-only containers pass here so that probing can say what is missing ("no video stream").
  if (b.length >= 12 && ascii(b, 0, "RIFF") && ascii(b, 8, "WAVE")) return "wav";
  if (b.length >= 4 && ascii(b, 0, "fLaC")) return "flac";
  if (b.length >= 3 && (ascii(b, 0, "ID3") || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0))) return "mp3";
  if (b.length >= 4 && ascii(b, 0, "OggS")) return "ogg";
  if (b.length >= 4 && b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0xba) return "mpeg-ps";
  if (b.length >= 16 && b[0] === 0x30 && b[1] === 0x26 && b[2] === 0xb2 && b[3] === 0x75) return "asf/wmv";
  // MPEG-TS: a sync byte every 188 bytes (three in a row, so a stray 0x47 does not count).
  if (b.length >= 377 && b[0] === 0x47 && b[188] === 0x47 && b[376] === 0x47) return "mpeg-ts";
  // Some MP4 writers put another box (e.g. `free`, `wide`, `mdat`) before `moov` without an ftyp.
  if (b.length >= 8 && ["moov", "mdat", "free", "wide", "skip"].some((box) => ascii(b, 4, box))) return "mp4/mov";
  return null;
}

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
  const kind = sniffContainer(b);
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
