// `katto clip` / `katto rerender` style options: a style file with flags over it, checked with the
// API's StyleSchema before anything is sent (a mistake is a usage error, exit 2).
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CliError, EXIT } from "../src/exit-codes";
import { styleFromOptions } from "../src/style-options";

const dir = mkdtempSync(path.join(os.tmpdir(), "katto-style-"));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
const usage = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(CliError);
    expect((e as CliError).exitCode).toBe(EXIT.usage);
    return (e as CliError).message;
  }
  throw new Error("expected a usage error");
};

describe("style options", () => {
  it("gives no style when none is asked for", () => {
    expect(styleFromOptions({})).toBeUndefined();
  });

  it("reads the common fields from flags", () => {
    expect(styleFromOptions({ emphasis: "keywords", emoji: true, "hook-title": true, words: "3", lines: "1" })).toEqual({ emphasis: "keywords", emoji: true, hook_title: true, words_per_caption: 3, caption_lines: 1 });
  });

  it("takes --caption-language, one of the dub languages", () => {
    expect(styleFromOptions({ "caption-language": "es", words: "3" })).toEqual({ caption_language: "es", words_per_caption: 3 });
    expect(usage(() => styleFromOptions({ "caption-language": "de" }))).toBe('--caption-language must be one of en, es, fr, it, pt, hi, ja, zh; got "de".');
  });

  it("reads punch-in zooms and silence and filler removal from flags (issue 26)", () => {
    expect(styleFromOptions({ zoom: "punch_in", "remove-silences": true, "remove-fillers": true })).toEqual({ zoom: "punch_in", remove_silences: true, remove_fillers: true });
    expect(styleFromOptions({ "style-file": file("cuts.json", JSON.stringify({ remove_silences: true, zoom: "punch_in" })), zoom: "none" })).toEqual({ remove_silences: true, zoom: "none" });
    expect(usage(() => styleFromOptions({ zoom: "in" }))).toMatch(/^--zoom must be one of none, punch_in/);
  });

  it("reads a style file, and flags override its fields", () => {
    const f = file("style.json", JSON.stringify({ words_per_caption: 5, emphasis: "keywords", caption_lines: 2 }));
    expect(styleFromOptions({ "style-file": f, words: "2" })).toEqual({ words_per_caption: 2, emphasis: "keywords", caption_lines: 2 });
  });

  it("refuses what the API would refuse, naming the field, before anything is sent", () => {
    expect(usage(() => styleFromOptions({ words: "9" }))).toMatch(/^Style: words_per_caption must be an integer from 1 to 8/);
    expect(usage(() => styleFromOptions({ words: "three" }))).toBe('--words must be a whole number; got "three".');
    expect(usage(() => styleFromOptions({ emphasis: "loud" }))).toMatch(/^--emphasis must be one of none, keywords/);
    expect(usage(() => styleFromOptions({ "style-file": file("typo.json", JSON.stringify({ emojis: true })) }))).toMatch(/unknown field emojis/);
    expect(usage(() => styleFromOptions({ "style-file": file("broll.json", JSON.stringify({ broll: "stockfootage" })) }))).toMatch(/broll must be one of none, library, stock/);
    expect(usage(() => styleFromOptions({ "style-file": file("bad.json", "{emphasis:") }))).toMatch(/is not JSON/);
    expect(usage(() => styleFromOptions({ "style-file": path.join(dir, "missing.json") }))).toMatch(/^Cannot read --style-file/);
    expect(usage(() => styleFromOptions({ "style-file": file("list.json", "[1]") }))).toBe("--style-file must hold a JSON object.");
  });
});
