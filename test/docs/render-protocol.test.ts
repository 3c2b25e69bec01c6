// docs/render-protocol.md is generated from @katto/protocol where it states shapes: the section
// between the markers must be exactly what the schemas render today.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withGeneratedSection } from "../../protocol/src/docs-section.js";
import { CAPTION_STYLES, PROGRESS_STEPS } from "../../protocol/src/vocabularies.js";

const doc = readFileSync(path.join(import.meta.dirname, "../../docs/render-protocol.md"), "utf8");

describe("docs/render-protocol.md", () => {
  it("states the message shapes exactly as @katto/protocol defines them (run npm run protocol:docs after a change)", () => {
    expect(doc).toBe(withGeneratedSection(doc));
  });

  it("has no hand-written shape outside the generated section, and lists the progress steps of the schema", () => {
    const outside = doc.slice(0, doc.indexOf("<!-- generated:protocol:start -->"));
    expect(outside).not.toMatch(/```ts/);
    expect(outside).toContain(PROGRESS_STEPS.map((s) => `\`${s}\``).join(", ").replace("`selecting`, ", "`selecting`,\n"));
    expect(doc).toContain(CAPTION_STYLES.map((s) => JSON.stringify(s)).join(" | "));
  });
});
