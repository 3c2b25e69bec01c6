// Duration of a PCM WAV file from its header (fmt byte rate and data size), without ffprobe.
import { open } from "node:fs/promises";

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
