// Small functions and files (issue 34): no function outside generated code is longer than 80 lines,
// no source file longer than 300. A long function is several steps that deserve names; a long file is
// several concerns. The ones still over are listed below, each with the size it had: the lists may
// only shrink (a listed one that grows fails too), and a split strikes its line.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { rel, ROOT, sourceFiles } from "./source-files";

const DIRS = ["src", "container/src", "protocol/src", "sdk/src", "mcp/src", "cli/src"];
/** Written by tools, never by hand (wrangler types, the SDK generator). */
const GENERATED = ["src/generated/", "sdk/src/generated/"];
export const MAX_FUNCTION_LINES = 80;
export const MAX_FILE_LINES = 300;

/** Functions still over MAX_FUNCTION_LINES: `file:name` → the lines it had when listed. */
const LONG_FUNCTIONS: Record<string, number> = {
};

/** Files still over MAX_FILE_LINES → the lines each had when listed. */
const LONG_FILES: Record<string, number> = {
};

/** A function's name as a reader finds it: its own, its variable's, its method's or property's, else `(anonymous)`. */
function nameOf(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name && (ts.isIdentifier(named.name) || ts.isStringLiteral(named.name) || ts.isPrivateIdentifier(named.name))) return named.name.text;
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && ts.isIdentifier(parent.name)) return parent.name.text;
  return "(anonymous)";
}

/** The functions of a source text longer than `max` lines, as `name` → lines (names made unique with #2, #3). */
export function longFunctions(text: string, file: string, max = MAX_FUNCTION_LINES): Record<string, number> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Record<string, number> = {};
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > max) {
        let name = nameOf(node);
        for (let i = 2; name in found; i++) name = `${nameOf(node)}#${i}`;
        found[name] = lines;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function measured() {
  const functions: Record<string, number> = {};
  const files: Record<string, number> = {};
  for (const file of DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d)))) {
    const name = rel(file);
    if (GENERATED.some((g) => name.startsWith(g))) continue;
    const text = readFileSync(file, "utf8");
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    if (lines > MAX_FILE_LINES) files[name] = lines;
    for (const [fn, n] of Object.entries(longFunctions(text, file))) functions[`${name}:${fn}`] = n;
  }
  return { functions, files };
}

/** What is over the limit and not allowed, or grew past its allowance; and allowances no longer needed. */
export function overLimit(found: Record<string, number>, allowed: Record<string, number>) {
  return {
    over: Object.entries(found).filter(([k, n]) => !(k in allowed) || n > allowed[k]!).map(([k, n]) => `${k} (${n} lines)`),
    stale: Object.keys(allowed).filter((k) => !(k in found)),
  };
}

describe("small functions and files", () => {
  it("the check measures a function by its lines, names it, and tells a shrunk allowance from a grown one", () => {
    const body = Array.from({ length: 85 }, (_, i) => `  x += ${i};`).join("\n");
    const text = `export function long(x: number) {\n${body}\n  return x;\n}\nconst short = () => 1;\nconst arrow = (x: number) => {\n${body}\n};\n`;
    expect(longFunctions(text, "a.ts")).toEqual({ long: 88, arrow: 87 });
    expect(overLimit({ a: 90, b: 95 }, { a: 100, b: 90, c: 85 })).toEqual({ over: ["b (95 lines)"], stale: ["c"] });
  });

  const { functions, files } = measured();

  it(`no function outside generated code is over ${MAX_FUNCTION_LINES} lines, but for the listed ones (which only shrink)`, () => {
    const { over, stale } = overLimit(functions, LONG_FUNCTIONS);
    expect(over).toEqual([]);
    expect(stale).toEqual([]);
  });

  it(`no source file is over ${MAX_FILE_LINES} lines, but for the listed ones (which only shrink)`, () => {
    const { over, stale } = overLimit(files, LONG_FILES);
    expect(over).toEqual([]);
    expect(stale).toEqual([]);
  });
});
