// docs/threat-model.md proves each protection with a test: every reference
// `[path › "exact it() title"]` must name an existing file holding a test with that title.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const doc = readFileSync(path.join(ROOT, "docs/threat-model.md"), "utf8");
const refs = [...doc.matchAll(/\[([\w./-]+\.test\.ts) › "([^"]+)"\]/g)].map((m) => ({ file: m[1], title: m[2] }));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("docs/threat-model.md", () => {
  it("names at least one test for every protection section", () => {
    const sections = doc.split(/^### /m).slice(1);
    expect(sections.length).toBeGreaterThanOrEqual(8);
    for (const s of sections) expect(s, s.split("\n")[0]).toMatch(/\.test\.ts › "/);
  });

  it("every referenced test file exists and holds a test with exactly that title", () => {
    expect(refs.length).toBeGreaterThan(40);
    const broken = refs.filter(({ file, title }) => {
      const p = path.join(ROOT, file);
      if (!existsSync(p)) return true;
      // it("…"), it.each(…)("…"), test("…"), in any JS quote.
      return !new RegExp(String.raw`(\b(?:it|test)(?:\.\w+)?|\))\(\s*(["'\x60])` + escape(title) + String.raw`\2`).test(readFileSync(p, "utf8"));
    });
    expect(broken.map((r) => `${r.file} › "${r.title}"`)).toEqual([]);
  });
});
