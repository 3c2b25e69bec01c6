// docs/clip-quality.md writes down every flag and every threshold behind it, with its value.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { QUALITY_FLAGS, QUALITY_THRESHOLDS } from "@katto/protocol";

const doc = readFileSync(path.join(import.meta.dirname, "../../docs/clip-quality.md"), "utf8");

describe("docs/clip-quality.md", () => {
  it("names every flag and every threshold with its value", () => {
    for (const flag of QUALITY_FLAGS) expect(doc, flag).toContain(`\`${flag}\``);
    for (const [name, value] of Object.entries(QUALITY_THRESHOLDS)) expect(doc, name).toContain(`\`${name}\` = ${value}`);
  });
});
