// What a file is by its first bytes (magic numbers), read the same by the Worker (an upload's
// declared type, a B-roll image) and the render backend (a downloaded source, a watermark): ffmpeg
// and browsers guess formats from content, so a declared type alone proves nothing.

const at = (b: Uint8Array, i: number, s: string) => b.length >= i + s.length && [...s].every((ch, k) => b[i + k] === ch.charCodeAt(0));
const EBML = (b: Uint8Array) => b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3;
/** The top-level ISO-BMFF boxes an MP4 or QuickTime file may open with (MP4: ftyp; QuickTime and some writers: another box before moov). */
const ISOBMFF_FIRST_BOXES = ["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"];

export interface SniffedContainer {
  /** "mp4/mov", "matroska/webm", "avi", "flv", "mpeg-ps", "mpeg-ts", "asf/wmv"; audio-only: "wav", "flac", "mp3", "ogg". */
  name: string;
  /** An EBML file's DocType when its header names one within the bytes read. */
  docType?: "webm" | "matroska";
}

/**
 * The container the first bytes name, or null. Audio-only containers are named too, so that a
 * caller can say what is missing ("no video stream") rather than "unrecognised".
 */
export function sniffContainer(b: Uint8Array): SniffedContainer | null {
  if (b.length >= 12 && ISOBMFF_FIRST_BOXES.some((box) => at(b, 4, box))) return { name: "mp4/mov" };
  if (EBML(b)) {
    const text = String.fromCharCode(...b.subarray(0, Math.min(b.length, 64)));
    return { name: "matroska/webm", ...(text.includes("webm") ? { docType: "webm" as const } : text.includes("matroska") ? { docType: "matroska" as const } : {}) };
  }
  if (b.length >= 12 && at(b, 0, "RIFF") && at(b, 8, "AVI ")) return { name: "avi" };
  if (at(b, 0, "FLV")) return { name: "flv" };
  if (b.length >= 12 && at(b, 0, "RIFF") && at(b, 8, "WAVE")) return { name: "wav" };
  if (at(b, 0, "fLaC")) return { name: "flac" };
  if (b.length >= 3 && (at(b, 0, "ID3") || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0))) return { name: "mp3" };
  if (at(b, 0, "OggS")) return { name: "ogg" };
  if (b.length >= 4 && b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0xba) return { name: "mpeg-ps" };
  if (b.length >= 16 && b[0] === 0x30 && b[1] === 0x26 && b[2] === 0xb2 && b[3] === 0x75) return { name: "asf/wmv" };
  // MPEG-TS: a sync byte every 188 bytes (three in a row, so a stray 0x47 does not count).
  if (b.length >= 377 && b[0] === 0x47 && b[188] === 0x47 && b[376] === 0x47) return { name: "mpeg-ts" };
  return null;
}

/** PNG files start with these 8 bytes (PNG spec, 5.2). */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const isPng = (b: Uint8Array) => b.length >= 8 && PNG_SIGNATURE.every((x, i) => b[i] === x);

/** JPEG files start with an SOI marker and the next marker's 0xff. */
export const isJpeg = (b: Uint8Array) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
