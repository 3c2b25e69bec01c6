import path from "node:path";
import { fileURLToPath } from "node:url";

/** /work/shared/media: ../shared/media next to the repository root, or KATTO_MEDIA_DIR. */
export function mediaDir(): string {
  if (process.env.KATTO_MEDIA_DIR) return process.env.KATTO_MEDIA_DIR;
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
  return path.resolve(repoRoot, "../shared/media");
}
