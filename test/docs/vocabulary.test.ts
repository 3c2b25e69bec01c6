// One vocabulary (issue 25): every value list that more than one place uses is written once, in
// @katto/protocol (protocol/src/vocabularies.ts), and imported by the Worker, the backend, the
// dashboard, the MCP tools and the CLI. This test fails when any of them writes such a list again:
// an array literal holding every value of a protocol list, or a table keyed by every clip length.
// Numbers too (issue 34): an object literal outside protocol/ that repeats every number of one of
// the protocol's numeric records (the clip frames {width: 1080, height: 1920}, the manual clip
// bounds {min: 3, max: 180}, a limit table...) writes a protocol constant again.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as vocab from "../../protocol/src/vocabularies";
import * as protocol from "../../protocol/src/index";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DIRS = ["src", "container/src", "mcp/src", "cli/src", "sdk/src", "protocol/src"];
const HOME = "protocol/src/vocabularies.ts";

const lists: Record<string, readonly string[]> = {
  CLIP_LENGTHS: vocab.CLIP_LENGTHS,
  LAYOUT_MODES: vocab.LAYOUT_MODES,
  RENDER_LAYOUTS: vocab.RENDER_LAYOUTS,
  CAPTION_STYLES: vocab.CAPTION_STYLES,
  CAPTION_FONTS: vocab.CAPTION_FONTS,
  CAPTION_POSITIONS: vocab.CAPTION_POSITIONS,
  DUB_LANGUAGES: vocab.DUB_LANGUAGES,
  PROGRESS_STEPS: vocab.PROGRESS_STEPS,
  HD_MODES: vocab.HD_MODES,
  JOB_WARNING_CODES: vocab.JOB_WARNING_CODES,
  JOB_STATUSES: vocab.JOB_STATUSES,
  SOURCE_KINDS: vocab.SOURCE_KINDS,
  UPLOAD_CONTENT_TYPES: vocab.UPLOAD_CONTENT_TYPES,
  RERENDER_STATUSES: vocab.RERENDER_STATUSES,
  PLATFORM_IDS: vocab.PLATFORM_IDS,
  PRIVACY_LEVELS: vocab.PRIVACY_LEVELS,
  CONNECTION_STATUSES: vocab.CONNECTION_STATUSES,
  PUBLICATION_STATUSES: vocab.PUBLICATION_STATUSES,
  EMPHASIS_MODES: vocab.EMPHASIS_MODES,
  ZOOM_MODES: vocab.ZOOM_MODES,
  BROLL_SOURCES: vocab.BROLL_SOURCES,
  CUT_REASONS: vocab.CUT_REASONS,
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return f === "generated" || f === "node_modules" ? [] : sources(p);
    return /\.tsx?$/.test(f) ? [p] : [];
  });
}

const quoted = (text: string) => new Set([...text.matchAll(/["'`]([^"'`\n]+)["'`]/g)].map((m) => m[1]!));
const keys = (text: string) => new Set([...text.matchAll(/(?:^|[{,\s])["']?([\w-]+)["']?\s*:/g)].map((m) => m[1]!));

/** Where a file writes a protocol list again: "NAME at line N". */
export function rewrittenLists(text: string): string[] {
  const found: string[] = [];
  const line = (index: number) => text.slice(0, index).split("\n").length;
  for (const m of text.matchAll(/\[[^[\]]*\]/g)) {
    const values = quoted(m[0]);
    for (const [name, list] of Object.entries(lists)) if (list.length > 1 && list.every((v) => values.has(v))) found.push(`${name} at line ${line(m.index)}`);
  }
  for (const m of text.matchAll(/\{(?:[^{}]|\{[^{}]*\})*\}/g)) {
    const k = keys(m[0]);
    if (vocab.CLIP_LENGTHS.every((v) => k.has(v))) found.push(`a table keyed by every clip length at line ${line(m.index)}`);
  }
  return found;
}

/** Every object of numbers (two or more) inside the protocol's exported constants, by its path: "CLIP_FRAMES.hd" → {width: 1080, height: 1920}. */
function numericRecords(values: Record<string, unknown>): Map<string, Record<string, number>> {
  const out = new Map<string, Record<string, number>>();
  // a constant that is another's value (TIMELINE_FRAME = CLIP_FRAMES.hd) is that record, not a second one
  const seen = new WeakSet<object>();
  const walk = (v: unknown, at: string) => {
    if (v === null || typeof v !== "object" || seen.has(v)) return;
    seen.add(v);
    const entries = Object.entries(v);
    const numbers = entries.filter(([, x]) => typeof x === "number") as [string, number][];
    if (!Array.isArray(v) && numbers.length >= 2 && numbers.length === entries.length) out.set(at, Object.fromEntries(numbers));
    for (const [k, x] of entries) walk(x, `${at}.${k}`);
  };
  for (const [name, v] of Object.entries(values)) if (/^[A-Z][A-Z0-9_]+$/.test(name)) walk(v, name);
  return out;
}
const records = numericRecords(protocol);

/** Where a file writes one of the protocol's numeric records again: "NAME at line N". */
export function rewrittenNumbers(text: string, known = records): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\{[^{}]*\}/g)) {
    const pairs = new Map([...m[0].matchAll(/["']?(\w+)["']?\s*:\s*(-?[\d.]+)(?![\w.])/g)].map((p) => [p[1]!, Number(p[2])]));
    for (const [name, record] of known) {
      if (Object.entries(record).every(([k, n]) => pairs.get(k) === n)) found.push(`${name} at line ${text.slice(0, m.index).split("\n").length}`);
    }
  }
  return found;
}

describe("one vocabulary", () => {
  it("the detector finds a list written again, and a table of clip-length bounds", () => {
    expect(rewrittenLists(`const L = [${vocab.LAYOUT_MODES.map((m) => `"${m}"`).join(", ")}] as const;`)).toEqual(["LAYOUT_MODES at line 1"]);
    expect(rewrittenLists(`\nconst b = { lt30: { min: 0, max: 30 }, "30_60": { min: 30, max: 60 }, "60_90": {}, "90_180": {} };`)).toEqual(["a table keyed by every clip length at line 2"]);
    expect(rewrittenLists(`const b = { lt30: "under 30 s", "30_60": "30–60 s", "60_90": "60–90 s", "90_180": "90–180 s" };`)).toEqual(["a table keyed by every clip length at line 1"]);
    expect(rewrittenLists(`if (["top", "middle", "bottom"].includes(p)) {}`)).toEqual(["CAPTION_POSITIONS at line 1"]);
    expect(rewrittenLists(`const some = ["en", "es"];`)).toEqual([]);
  });

  it("the numbers detector finds a protocol record written again, and leaves other numbers alone", () => {
    // CLIP_FRAMES is ASPECT_FRAMES["9:16"]: the one record, named where it is written
    expect(records.get("ASPECT_FRAMES.9:16.hd")).toEqual({ width: 1080, height: 1920 });
    expect(records.get("ASPECT_FRAMES.16:9.hd")).toEqual({ width: 1920, height: 1080 });
    expect(records.get("MANUAL_CLIP_SECONDS")).toEqual({ min: 3, max: 180 });
    expect(rewrittenNumbers(`export const CANVAS = { width: 1080, height: 1920 } as const;`)).toEqual(["ASPECT_FRAMES.9:16.hd at line 1"]);
    expect(rewrittenNumbers(`\nconst size = { "width": 540, "height": 960, fps: 30 };`)).toEqual(["ASPECT_FRAMES.9:16.preview at line 2"]);
    expect(rewrittenNumbers(`const range = { min: 3, max: 180 };`)).toEqual(["MANUAL_CLIP_SECONDS at line 1"]);
    expect(rewrittenNumbers(`const frame = { width: 1080, height: 1000 }; const r = { min: 3, max: 18 };`)).toEqual([]);
  });

  it("no file outside protocol/ writes one of the protocol's numeric records again", () => {
    const offenders = DIRS.filter((d) => !d.startsWith("protocol/"))
      .flatMap((d) => sources(path.join(ROOT, d)))
      .flatMap((f) => rewrittenNumbers(readFileSync(f, "utf8")).map((where) => `${path.relative(ROOT, f)}: ${where}`));
    expect(offenders).toEqual([]);
  });

  it("no file outside protocol/src/vocabularies.ts writes one of its lists again", () => {
    const offenders = DIRS.flatMap((d) => sources(path.join(ROOT, d)))
      .filter((f) => path.relative(ROOT, f) !== HOME)
      .flatMap((f) => rewrittenLists(readFileSync(f, "utf8")).map((where) => `${path.relative(ROOT, f)}: ${where}`));
    expect(offenders).toEqual([]);
  });
});
