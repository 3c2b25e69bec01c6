// Duration of a PCM WAV file from its header (fmt byte rate and data size), without ffprobe.
import { open, readFile } from "node:fs/promises";

/** Pure: duration in seconds of a RIFF/WAVE buffer holding at least the header. */
export function wavDurationFromHeader(buf: Buffer, fileSize: number): number {
  if (buf.toString("ascii", 0, 4) !== "RIFF" || buf.toString("ascii", 8, 12) !== "WAVE") throw new Error("not a WAV file");
  let byteRate = 0;
  for (let p = 12; p + 8 <= buf.length; ) {
    const id = buf.toString("ascii", p, p + 4);
    const size = buf.readUInt32LE(p + 4);
    if (id === "fmt ") byteRate = buf.readUInt32LE(p + 16);
    if (id === "data") {
      if (!byteRate) throw new Error("WAV without fmt chunk");
      // writers that stream (size 0 or 0xffffffff) leave the size open: use the file's length
      const data = size === 0 || size === 0xffffffff || p + 8 + size > fileSize ? fileSize - (p + 8) : size;
      return data / byteRate;
    }
    p += 8 + size + (size % 2);
  }
  throw new Error("WAV without data chunk");
}

export async function wavDuration(path: string): Promise<number> {
  const fh = await open(path, "r");
  try {
    const { size } = await fh.stat();
    const buf = Buffer.alloc(Math.min(size, 4096));
    await fh.read(buf, 0, buf.length, 0);
    return wavDurationFromHeader(buf, size);
  } finally {
    await fh.close();
  }
}

/**
 * Pure: where the sound is in a 16-bit PCM WAV buffer: the first and last sample louder than
 * `thresholdDb` (dBFS), in seconds; null when all of it is quieter. Speech engines pad their
 * speech with silence (espeak-ng ~0.3 s at the end): a dub times its captions on the voice itself.
 */
export function soundSpan(buf: Buffer, thresholdDb = -40): { start: number; end: number } | null {
  if (buf.toString("ascii", 0, 4) !== "RIFF" || buf.toString("ascii", 8, 12) !== "WAVE") throw new Error("not a WAV file");
  let fmt: { channels: number; rate: number; bits: number } | null = null;
  for (let p = 12; p + 8 <= buf.length; ) {
    const id = buf.toString("ascii", p, p + 4);
    const size = buf.readUInt32LE(p + 4);
    if (id === "fmt ") fmt = { channels: buf.readUInt16LE(p + 10), rate: buf.readUInt32LE(p + 12), bits: buf.readUInt16LE(p + 22) };
    if (id === "data") {
      if (!fmt || fmt.bits !== 16) throw new Error("not a 16-bit PCM WAV");
      const from = p + 8;
      const to = size === 0 || size === 0xffffffff || from + size > buf.length ? buf.length : from + size;
      const limit = 32768 * 10 ** (thresholdDb / 20);

      let first = -1;
      let last = -1;
      for (let q = from, i = 0; q + 1 < to; q += 2, i++) {
        if (Math.abs(buf.readInt16LE(q)) < limit) continue;
        const at = Math.floor(i / fmt.channels);
        if (first < 0) first = at;
        last = at;
      }
      return first < 0 ? null : { start: first / fmt.rate, end: (last + 1) / fmt.rate };
    }
    p += 8 + size + (size % 2);
  }
  throw new Error("WAV without data chunk");
}

/** Where the sound is in a 16-bit PCM WAV file (soundSpan). */
export async function wavSoundSpan(path: string, thresholdDb?: number): Promise<{ start: number; end: number } | null> {
  return soundSpan(await readFile(path), thresholdDb);
}
