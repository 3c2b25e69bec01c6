// What the rule tests under test/docs/ read: the source files of a folder and the modules each names.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** The TypeScript/JavaScript files below `dir`, leaving out node_modules and `skip` folders. */
export function sourceFiles(dir: string, skip: readonly string[] = []): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return f === "node_modules" || skip.includes(f) ? [] : sourceFiles(p, skip);
    return /\.(ts|tsx|mts|js|mjs)$/.test(f) && !f.endsWith(".d.ts") ? [p] : [];
  });
}

/** A path from the project's root, with forward slashes. */
export const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

/** Every module specifier a source text names: static imports and re-exports (type-only ones too), import(), require(). */
export function specifiers(text: string): string[] {
  const found = [
    ...text.matchAll(/(?:^|[;}\s])(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?["']([^"']+)["']/g),
    ...text.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g),
    ...text.matchAll(/\brequire\s*\(\s*["']([^"']+)["']\s*\)/g),
  ];
  return found.map((m) => m[1]!);
}
