// The render backend's own folder (container/ in the repository, /app in the image), where its
// models are. Files are found from it, not from a module's own location, because that location
// differs between the TypeScript sources (src/<dir>/<module>.ts) and the one built file
// (dist/server.js, scripts/build.mjs): both sit under the folder of the backend's package.json.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The nearest folder at or above `from` that holds a package.json. */
export function packageDir(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json at or above ${from}`);
  }
}
