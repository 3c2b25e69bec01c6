// What identifies a file's bytes without reading them: device, inode, size, and the modification and
// change times in nanoseconds. A rewrite in place changes ctime, a replacement the inode. The
// answers of a deterministic tool on a file (ffprobe, a loudness pass) are kept by it.
import { stat } from "node:fs/promises";

/** The file's stamp, or null when it is not a regular file (or is gone). */
export async function fileStamp(path: string): Promise<string | null> {
  try {
    const s = await stat(path, { bigint: true });
    return s.isFile() ? `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}` : null;
  } catch {
    return null;
  }
}

/** A small map that forgets its oldest entry past `max`. */
export function boundedSet<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}
