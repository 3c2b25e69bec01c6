// The render backend's rooms run downhill (issue 34): container/src is grouped by what it holds, from
// the process's own plumbing up to the kinds of work the server runs, and a file imports only files
// of its own room or of rooms below it, type-only imports included. An import uphill means a name in
// the wrong room: move the name down rather than add the edge to the allowance below.
// The moves that made the rooms: scripts/dev/regroup-container.mjs (mapping: scripts/dev/container-rooms.json).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rel, resolveImport, ROOT, rooms, sourceFiles, specifiers } from "./source-files";

/** The rooms of container/src, lowest first; each may import its own and the ones before it. */
export const ROOM_ORDER = [
  "runtime", // settings, logs, errors, pools, the work folder, the wire to the Worker, the one way work runs
  "ffmpeg", // the one process spawner, argument builders, progress and interval logs
  "text", // language tools: sentences, stems, numbers, headlines
  "engines", // speech, face, scorer, translate, tts behind interfaces
  "analysis", // the source: download, probe, audio, transcript, moments, scores
  "framing", // faces, crop paths, panels, layouts, bars
  "captions", // caption pages, styles, ASS/SRT, title cards, emoji, translation
  "broll", // cutaways planned and fetched
  "editing", // a clip's plan and edits: cuts, quiet spans, zooms, the timeline maps, the brand kit
  "rendering", // ffmpeg renders of a plan: previews, the 1080p render, watermark, dub, mezzanine
  "quality", // measures, flags and fixes of a rendered clip
  "delivery", // uploads, the clips event, HD, the stored clip rendered again
  "work", // the kinds of work: the pipeline, re-render, HD, a clip by hand, rendition, the job registry
  "server.ts", // the HTTP entry
] as const;

/**
 * Uphill imports still there (from → to), each to go: the list may only shrink. Most are a type or a
 * small helper that sits one room too high.
 */
const ALLOWED_UPHILL: string[] = [];

/** The room of a container/src file: its first folder, or the file itself at the root. */
export const roomOf = (file: string) => file.replace(/^container\/src\//, "").split("/")[0]!;

/** Imports from a room to a higher one, as `from → to`. */
export function uphill(graph: Map<string, string[]>, order: readonly string[]): string[] {
  const rank = (file: string) => order.indexOf(roomOf(file));
  return [...graph].flatMap(([from, targets]) => targets.filter((to) => rank(to) > rank(from)).map((to) => `${from} → ${to}`)).sort();
}

function containerGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(path.join(ROOT, "container/src"))) {
    const targets = specifiers(readFileSync(file, "utf8")).flatMap((s) => resolveImport(s, file) ?? []).map(rel);
    graph.set(rel(file), [...new Set(targets.filter((t) => t.startsWith("container/src/")))]);
  }
  return graph;
}

describe("container/src's rooms run downhill", () => {
  it("the check finds an import uphill and none downhill", () => {
    const g = new Map([
      ["container/src/runtime/log.ts", []],
      ["container/src/editing/a.ts", ["container/src/runtime/log.ts", "container/src/work/b.ts"]],
      ["container/src/work/b.ts", ["container/src/editing/a.ts"]],
    ]);
    expect(uphill(g, ROOM_ORDER)).toEqual(["container/src/editing/a.ts → container/src/work/b.ts"]);
  });

  it("every room is in the order, and every room in the order exists", () => {
    const found = rooms("container/src").map((r) => r.replace(/^container\/src\//, "").replace(/\/$/, ""));
    expect([...found].sort()).toEqual([...ROOM_ORDER].sort());
  });

  it("no file imports a room above its own, but for the allowances named above", () => {
    const found = uphill(containerGraph(), ROOM_ORDER);
    expect(found.filter((e) => !ALLOWED_UPHILL.includes(e))).toEqual([]);
    // an allowance that no longer happens is struck off, so the list only shrinks
    expect(ALLOWED_UPHILL.filter((e) => !found.includes(e))).toEqual([]);
  });
});
