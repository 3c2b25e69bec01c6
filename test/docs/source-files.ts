// What the rule tests under test/docs/ read: the source files of a folder and the modules each names.
import { existsSync, readdirSync, statSync } from "node:fs";
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

/** The top-level rooms of `dir`: its folders as `dir/name/`, its source files as `dir/name.ts`. */
export function rooms(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    if (statSync(path.join(ROOT, dir, name)).isDirectory()) return [`${dir}/${name}/`];
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [`${dir}/${name}`] : [];
  });
}

/** The workspace packages, by the name they are imported under, and their entry files. */
const PACKAGES: Record<string, string> = {
  "@katto/protocol": "protocol/src/index.ts",
  "@katto/protocol/api": "protocol/src/api/index.ts",
  "@katto/sdk": "sdk/src/index.ts",
  "@katto/sdk/node": "sdk/src/node.ts",
};
const isFile = (p: string) => existsSync(p) && statSync(p).isFile();

/** The file a specifier of `from` names, as the bundler resolves it (.js → .ts, folder → index), or null when it is a package's. */
export function resolveImport(spec: string, from: string): string | null {
  if (PACKAGES[spec]) return path.join(ROOT, PACKAGES[spec]);
  if (!spec.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(js|mjs|jsx)$/, "");
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find(isFile) ?? null;
}

