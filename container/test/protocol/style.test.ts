// The style object of issue 26 as @katto/protocol defines it for every door: exact field names and
// values, unknown fields refused with a clear message, kit defaults overridden field by field.
import { ClipEditsSchema, noEdits, parseWith, RenderJobConfigSchema, RerenderParamsSchema, resolveStyle, StyleSchema, TaskStyleSchema } from "@katto/protocol";
import { RerenderBodySchema } from "@katto/protocol/api";
import { describe, expect, it } from "vitest";

const ALL = {
  words_per_caption: 3, caption_lines: 1, emphasis: "keywords", emoji: true, hook_title: true, zoom: "punch_in",
  remove_silences: true, remove_fillers: false, broll: "library", caption_language: "es",
} as const;

describe("StyleSchema", () => {
  it("takes all ten fields, each optional", () => {
    const drawn = { ...ALL };
    expect(parseWith(StyleSchema, drawn)).toEqual({ ok: true, value: drawn });
    expect(parseWith(StyleSchema, {})).toEqual({ ok: true, value: {} });
  });

  it("takes every broll source: none, library and stock (B-roll is drawn)", () => {
    for (const broll of ["none", "library", "stock"] as const) expect(parseWith(StyleSchema, { broll })).toEqual({ ok: true, value: { broll } });
  });

  it("accepts punch-in zooms and silence and filler removal, which the renderer draws", () => {
    const on = { zoom: "punch_in", remove_silences: true, remove_fillers: true } as const;
    expect(parseWith(StyleSchema, on)).toEqual({ ok: true, value: on });
    const r = parseWith(StyleSchema, { remove_fillers: "yes" }, "style");
    expect(!r.ok && r.error).toBe("style.remove_fillers must be true or false");
  });

  it("refuses unknown fields, naming them and the fields there are", () => {
    const r = parseWith(StyleSchema, { emphasis: "keywords", colour: "red" }, "config.style");
    expect(r).toMatchObject({ ok: false });
    expect(!r.ok && r.error).toMatch(/^config\.style has unknown field colour \(a style takes words_per_caption, caption_lines, emphasis, emoji, hook_title, zoom, remove_silences, remove_fillers, broll, caption_language\)$/);
  });

  it.each([
    [{ words_per_caption: 0 }, "words_per_caption must be an integer from 1 to 8"],
    [{ words_per_caption: 9 }, "words_per_caption must be an integer from 1 to 8"],
    [{ words_per_caption: 2.5 }, "words_per_caption must be an integer from 1 to 8"],
    [{ caption_lines: 3 }, "caption_lines must be 1 or 2"],
    [{ emphasis: "all" }, "emphasis must be one of none, keywords"],
    [{ emoji: "yes" }, "emoji must be true or false"],
    [{ zoom: "in" }, "zoom must be one of none, punch_in"],
    [{ broll: "web" }, "broll must be one of none, library, stock"],
    [{ caption_language: "xx" }, "caption_language must be one of"],
  ])("refuses %j with a message a caller can act on", (style, message) => {
    const r = parseWith(StyleSchema, style, "style");
    expect(!r.ok && r.error).toContain(`style.${message}`);
  });

  it("travels to the backend on jobs and re-renders, where a newer Worker's extra field is dropped, not refused", () => {
    expect(RenderJobConfigSchema.parse({ aspect: "9:16", style: { emoji: true } }).style).toEqual({ emoji: true });
    expect(RerenderParamsSchema.parse({ style: { hook_title: true, later_field: 1 } }).style).toEqual({ hook_title: true });
    expect(TaskStyleSchema.safeParse({ words_per_caption: 12 }).success).toBe(false);
  });
});

describe("caption_language", () => {
  it("takes each dub language, and a dubbed re-render's must be its first dub language", () => {
    for (const lang of ["en", "es", "fr", "it", "pt", "hi", "ja", "zh"]) expect(parseWith(StyleSchema, { caption_language: lang }).ok).toBe(true);
    expect(parseWith(RerenderBodySchema, { dub: ["es", "fr"], style: { caption_language: "es" } }).ok).toBe(true);
    expect(parseWith(RerenderBodySchema, { dub: ["es"] }).ok).toBe(true);
    expect(parseWith(RerenderBodySchema, { style: { caption_language: "fr" } }).ok).toBe(true);
    const r = parseWith(RerenderBodySchema, { dub: ["es", "fr"], style: { caption_language: "fr" } });
    expect(!r.ok && r.error).toBe("style.caption_language must be es (the first dub language: a dubbed clip's captions show what is heard) or left out");
  });
});

describe("resolveStyle", () => {
  it("overrides the kit's style field by field; a field left out keeps the kit's", () => {
    expect(resolveStyle({ emphasis: "keywords", words_per_caption: 3, emoji: true }, { words_per_caption: 2, emoji: false })).toEqual({ emphasis: "keywords", words_per_caption: 2, emoji: false });
    expect(resolveStyle(null, { hook_title: true })).toEqual({ hook_title: true });
    expect(resolveStyle({ zoom: "punch_in" }, undefined)).toEqual({ zoom: "punch_in" });
    expect(resolveStyle({ zoom: "punch_in" }, { zoom: undefined })).toEqual({ zoom: "punch_in" });
  });
});

describe("ClipEditsSchema", () => {
  it("holds what a clip's style did, empty when nothing", () => {
    expect(ClipEditsSchema.parse(noEdits())).toEqual({ emphasis: [], emoji: [], zooms: [], cuts: [], broll: [], title_card: null });
    const edits = { ...noEdits(), emphasis: [{ word: "rocket", start: 1, end: 1.4 }], emoji: [{ word: "rocket", emoji: "🚀", start: 0.8, end: 2 }], cuts: [{ source_start: 10, source_end: 10.5, reason: "silence" }], title_card: { text: "Hi", start: 0, end: 2.5 } };
    expect(ClipEditsSchema.parse(edits)).toEqual(edits);
    expect(ClipEditsSchema.safeParse({ ...noEdits(), cuts: [{ source_start: 1, source_end: 2, reason: "boring" }] }).success).toBe(false);
  });

  it("caption_language's description says what happens when no engine translates: the job fails before rendering, refunded", () => {
    const d = (StyleSchema.shape.caption_language.meta() as { description?: string } | undefined)?.description ?? "";
    expect(d).toMatch(/a job fails before rendering any clip, refunded/);
    expect(d).not.toMatch(/the clip fails/);
  });
});
