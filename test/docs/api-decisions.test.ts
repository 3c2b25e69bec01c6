// docs/api-decisions.md promises that every decision names the test that proves it. This test
// holds the file to that: every decision (a row of a decision table, a bullet under "## Errors")
// carries at least one reference written `[path/from/repo/root.test.ts › "exact test title"]`,
// and every reference names an existing file holding a test with exactly that title.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DOC = "docs/api-decisions.md";

export type Reference = { file: string; title: string };
export type Decision = { section: string; line: number; text: string; refs: Reference[] };

/** `[test/workers/routes/jobs.test.ts › "title"]`; the title may not contain a double quote. */
const REFERENCE = /\[([\w./-]+\.test\.ts) › "([^"]+)"\]/g;

export function parseReferences(text: string): Reference[] {
  return [...text.matchAll(REFERENCE)].map((m) => ({ file: m[1], title: m[2] }));
}

/** Every decision in the document: table rows below a header row, and bullets under "## Errors". */
export function parseDecisions(markdown: string): Decision[] {
  const lines = markdown.split("\n");
  const out: Decision[] = [];
  let section = "";
  lines.forEach((raw, i) => {
    const line = raw.trimEnd();
    if (line.startsWith("## ")) section = line.slice(3).trim();
    const isRow = line.startsWith("|");
    const isSeparator = /^\|[\s|:-]+\|$/.test(line);
    const isHeader = isRow && /^\|[\s|:-]+\|$/.test(lines[i + 1]?.trimEnd() ?? "");
    const isErrorBullet = section === "Errors" && line.startsWith("- ");
    if ((isRow && !isSeparator && !isHeader) || isErrorBullet) {
      // A bullet's continuation lines belong to it.
      let text = line;
      if (isErrorBullet) for (let j = i + 1; j < lines.length && /^\s+\S/.test(lines[j]); j++) text += " " + lines[j].trim();
      out.push({ section, line: i + 1, text, refs: parseReferences(text) });
    }
  });
  return out;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Why `ref` does not name a runnable test, or null when it does. */
export function checkReference(ref: Reference, read: (file: string) => string | null): string | null {
  const source = read(ref.file);
  if (source === null) return `${ref.file} does not exist`;
  // The title as the first argument of it(…)/test(…), it.each(…)(…), in any JS quote.
  const title = new RegExp(String.raw`(\b(?:it|test)(?:\.(\w+))?|\))\(\s*(["'\x60])` + escapeRegExp(ref.title) + String.raw`\3`, "g");
  const hits = [...source.matchAll(title)];
  if (hits.length === 0) return `${ref.file} has no test titled "${ref.title}"`;
  if (hits.every((m) => m[2] === "skip" || m[2] === "todo")) return `${ref.file}: "${ref.title}" is skipped`;
  return null;
}

const readFromRoot = (file: string) => {
  const p = path.join(ROOT, file);
  return existsSync(p) ? readFileSync(p, "utf8") : null;
};

describe(DOC, () => {
  const markdown = readFileSync(path.join(ROOT, DOC), "utf8");
  const decisions = parseDecisions(markdown);

  it("has decisions to check in every section the checker knows", () => {
    const sections = new Set(decisions.map((d) => d.section));
    for (const s of ["Resources and values", "States", "Quota", "Authentication and scopes", "Create job", "List jobs", "Uploads", "Rate limits", "Errors", "Events"]) {
      expect(sections, s).toContain(s);
    }
  });

  it("every decision names at least one test", () => {
    const missing = decisions.filter((d) => d.refs.length === 0).map((d) => `${DOC}:${d.line} (${d.section}): ${d.text.slice(0, 80)}`);
    expect(missing).toEqual([]);
  });

  it("every named test file exists and holds a test with exactly that title (references in prose too)", () => {
    const refs = markdown.split("\n").flatMap((text, i) => parseReferences(text).map((r) => ({ ...r, line: i + 1 })));
    expect(refs.length).toBeGreaterThanOrEqual(decisions.length);
    const broken = refs.map((r) => ({ r, why: checkReference(r, readFromRoot) })).filter((x) => x.why).map((x) => `${DOC}:${x.r.line}: ${x.why}`);
    expect(broken).toEqual([]);
  });
});

describe("the checker itself", () => {
  const doc = [
    "## States", "", "| Open point | Decision |", "|---|---|",
    '| A | yes [test/a.test.ts › "works"] |', "| B | no reference |", "",
    "## Errors", "", '- one [test/a.test.ts › "works"]', "- two, continued", '  on a second line [test/a.test.ts › "nope"]', "- three",
  ].join("\n");
  const files: Record<string, string> = {
    "test/a.test.ts": 'it("works", () => {});\nit.skip("skipped", () => {});\nit.each([1, 2])("each %s", () => {});\ndescribe("nope", () => {});',
  };
  const read = (f: string) => files[f] ?? null;

  it("finds table rows and bullets, skipping headers and separators", () => {
    const ds = parseDecisions(doc);
    expect(ds.map((d) => [d.section, d.refs.map((r) => r.title)])).toEqual([
      ["States", ["works"]], ["States", []], ["Errors", ["works"]], ["Errors", ["nope"]], ["Errors", []],
    ]);
  });

  it("refuses a missing file, a missing or skipped title, and a describe title", () => {
    expect(checkReference({ file: "test/a.test.ts", title: "works" }, read)).toBeNull();
    expect(checkReference({ file: "test/a.test.ts", title: "each %s" }, read)).toBeNull();
    expect(checkReference({ file: "test/b.test.ts", title: "works" }, read)).toMatch(/does not exist/);
    expect(checkReference({ file: "test/a.test.ts", title: "work" }, read)).toMatch(/no test titled/);
    expect(checkReference({ file: "test/a.test.ts", title: "nope" }, read)).toMatch(/no test titled/);
    expect(checkReference({ file: "test/a.test.ts", title: "skipped" }, read)).toMatch(/skipped/);
  });
});
