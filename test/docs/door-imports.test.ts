// The doors stay doors (issue 25): the MCP package (mcp/) and the CLI (cli/) reach the service only
// through @katto/sdk, and share the API's schemas and value lists through @katto/protocol. This
// test fails when a file in either imports from outside its own folder (the Worker's src/ above
// all) or imports a package its package.json does not declare.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { specifiers } from "./source-files";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DOORS = ["mcp", "cli"];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return f === "node_modules" ? [] : files(p);
    return /\.(ts|tsx|mts|js|mjs)$/.test(f) ? [p] : [];
  });
}

const packageOf = (spec: string) => spec.split("/").slice(0, spec.startsWith("@") ? 2 : 1).join("/");
const isBuiltin = (spec: string) => spec.startsWith("node:") || builtinModules.includes(packageOf(spec));

/** What is wrong with `spec` imported by `file` of the package in `dir` that declares `declared`. */
export function badImport(spec: string, file: string, dir: string, declared: Set<string>): string | undefined {
  if (spec.startsWith(".") || path.isAbsolute(spec)) {
    const target = path.resolve(path.dirname(file), spec);
    const rel = path.relative(dir, target);
    if (rel.startsWith("..") || path.isAbsolute(rel)) return `"${spec}" reaches outside ${path.basename(dir)}/ (to ${path.relative(ROOT, target)})`;
    return undefined;
  }
  if (isBuiltin(spec)) return undefined;
  if (!declared.has(packageOf(spec))) return `"${spec}": ${packageOf(spec)} is not declared in ${path.basename(dir)}/package.json`;
  return undefined;
}

function declaredBy(dir: string): Set<string> {
  const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as Record<string, Record<string, string> | undefined>;
  return new Set([pkg.dependencies, pkg.devDependencies, pkg.peerDependencies].flatMap((d) => Object.keys(d ?? {})));
}

describe("the doors (mcp/, cli/) import only what they declare", () => {
  it("the detector reads every kind of import and names what is wrong with it", () => {
    const text = [
      `import { JobSchema } from "../../../src/schemas/job";`,
      `import type { Ctx } from "./tool";`,
      `import {\n  a,\n  b,\n} from "@katto/protocol/api";`,
      `export * from "./tools/index";`,
      `import "tsx/esm/api";`,
      `const m = await import("../src/stdio.ts"); const t: import("node:stream/web").ReadableStream = x;`,
      `const h = require("hono/jsx");`,
    ].join("\n");
    expect(specifiers(text)).toEqual(["../../../src/schemas/job", "./tool", "@katto/protocol/api", "./tools/index", "tsx/esm/api", "../src/stdio.ts", "node:stream/web", "hono/jsx"]);
    const dir = path.join(ROOT, "mcp");
    const file = path.join(dir, "src/tools/jobs.tool.ts");
    const declared = new Set(["@katto/protocol", "zod"]);
    expect(badImport("../../../src/schemas/job", file, dir, declared)).toBe(`"../../../src/schemas/job" reaches outside mcp/ (to src/schemas/job)`);
    expect(badImport("../tool", file, dir, declared)).toBeUndefined();
    expect(badImport(path.join(ROOT, "src/app.ts"), file, dir, declared)).toMatch(/reaches outside mcp\/ \(to src\/app.ts\)$/);
    expect(badImport("@katto/protocol/api", file, dir, declared)).toBeUndefined();
    expect(badImport("node:fs", file, dir, declared)).toBeUndefined();
    expect(badImport("path", file, dir, declared)).toBeUndefined();
    expect(badImport("@hono/zod-openapi", file, dir, declared)).toBe(`"@hono/zod-openapi": @hono/zod-openapi is not declared in mcp/package.json`);
    expect(badImport("zod/v4", file, dir, declared)).toBeUndefined();
  });

  it.each(DOORS)("%s/ imports nothing from outside its folder and only packages its package.json declares", (door) => {
    const dir = path.join(ROOT, door);
    const declared = declaredBy(dir);
    const sources = files(dir);
    expect(sources.length).toBeGreaterThan(5);
    const problems = sources.flatMap((f) =>
      specifiers(readFileSync(f, "utf8")).flatMap((spec) => {
        const bad = badImport(spec, f, dir, declared);
        return bad ? [`${path.relative(ROOT, f)}: ${bad}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });
});
