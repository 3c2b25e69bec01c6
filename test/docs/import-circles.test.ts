// No import circles (issue 34): within and across the Worker (src/), the render backend
// (container/src) and the workspaces (protocol/, sdk/, mcp/, cli/), no file reaches itself again by
// following imports, type-only imports included. A circle means two rooms that cannot be read, tested
// or moved apart; its cure is the name that sits in the wrong room (a type, a helper) moving down.
// Also: the services the Worker's queue consumer calls never import the queues/ folder back.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rel, resolveImport, ROOT, sourceFiles, specifiers } from "./source-files";

const DIRS = ["src", "container/src", "protocol/src", "sdk/src", "mcp/src", "cli/src"];
/** Circles allowed (none: every one found so far was taken apart; add none without a reason and an issue). */
const ALLOWED: string[][] = [];

/** The circles of an import graph (its strongly connected components of more than one file, or a file importing itself), each sorted. */
export function circles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next), low.set(root, next++), stack.push(root), onStack.add(root);
    while (work.length) {
      const top = work[work.length - 1]!;
      const edges = graph.get(top.node) ?? [];
      if (top.edge < edges.length) {
        const to = edges[top.edge++]!;
        if (!index.has(to)) {
          index.set(to, next), low.set(to, next++), stack.push(to), onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) low.set(work[work.length - 1]!.node, Math.min(low.get(work[work.length - 1]!.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const part: string[] = [];
        let n: string;
        do {
          n = stack.pop()!;
          onStack.delete(n);
          part.push(n);
        } while (n !== top.node);
        if (part.length > 1 || edges.includes(top.node)) found.push(part.sort());
      }
    }
  }
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d)))) {
    const targets = specifiers(readFileSync(file, "utf8")).flatMap((s) => resolveImport(s, file) ?? []);
    graph.set(rel(file), [...new Set(targets.map(rel))]);
  }
  return graph;
}

describe("no import circles", () => {
  it("the detector finds a two-file circle, a longer one and a self-import, and nothing in a chain", () => {
    const g = new Map([
      ["a", ["b"]], ["b", ["a", "c"]], ["c", ["d"]], ["d", ["e"]], ["e", ["c"]], ["f", ["f"]], ["g", ["a"]], ["h", []],
    ]);
    expect(circles(g)).toEqual([["a", "b"], ["c", "d", "e"], ["f"]]);
    expect(circles(new Map([["x", ["y"]], ["y", ["z"]], ["z", []]]))).toEqual([]);
    const from = path.join(ROOT, "container/src/ffmpeg/args.ts");
    expect(rel(resolveImport("./encode-settings.js", from)!)).toBe("container/src/ffmpeg/encode-settings.ts");
    expect(rel(resolveImport("../editing/timeline.js", from)!)).toBe("container/src/editing/timeline.ts");
    expect(rel(resolveImport("@katto/protocol", from)!)).toBe("protocol/src/index.ts");
    expect(resolveImport("zod", from)).toBeNull();
    expect(rel(resolveImport("./pages/job/page", path.join(ROOT, "src/dashboard/app.tsx"))!)).toBe("src/dashboard/pages/job/page.tsx");
  });

  it(`no file of ${DIRS.join(", ")} imports itself back, but for the allowances named above`, () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(300);
    const allowed = new Set(ALLOWED.map((c) => [...c].sort().join(" ⇄ ")));
    const found = circles(graph).map((c) => c.join(" ⇄ "));
    expect(found.filter((c) => !allowed.has(c))).toEqual([]);
  });

  it("the services the queue consumer calls do not import src/queues/ back", () => {
    const graph = importGraph();
    const back = [...graph].flatMap(([file, targets]) => (file.startsWith("src/queues/") ? [] : targets.filter((t) => t.startsWith("src/queues/")).map((t) => `${file} → ${t}`)));
    // src/index.ts is the Worker's entry: it hands queue batches to the consumer.
    expect(back).toEqual(["src/index.ts → src/queues/consumer.ts"]);
  });
});
