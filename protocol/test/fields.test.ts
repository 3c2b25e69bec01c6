// fieldsOf (protocol/src/api/fields.ts): a request body's fields as the doors list them, read from
// the schema's JSON Schema; and the platform shapes in words (protocol/src/platform-shapes.ts).
import { describe, expect, it } from "vitest";
import { ConfigSchema, EditClipBodySchema, fieldsOf, fieldsOfJsonSchema, fieldValue, getField, setField } from "../src/api/index.js";
import { PLATFORM_SHAPES_SUMMARY, platformAspects, platformShapesText } from "../src/platform-shapes.js";

describe("fieldsOf", () => {
  const config = fieldsOf(ConfigSchema);
  const byName = new Map(config.map((f) => [f.name, f]));

  it("lists every field of the job config, the style's flattened under style., with its kind and values", () => {
    expect(byName.get("min_clips")).toMatchObject({ path: ["min_clips"], kind: "integer", minimum: 0, maximum: 10 });
    expect(byName.get("score_with")).toMatchObject({ kind: "enum", values: ["default", "account"] });
    expect(byName.get("style.caption_lines")).toMatchObject({ path: ["style", "caption_lines"], kind: "enum", values: [1, 2] });
    expect(byName.get("style.emoji")).toMatchObject({ kind: "boolean" });
    expect(byName.get("customPrompt")).toMatchObject({ kind: "string", maxLength: 1000, description: expect.stringMatching(/instructions/) });
    expect(config.map((f) => f.path[0])).toEqual(expect.arrayContaining(Object.keys(ConfigSchema.shape)));
    expect(fieldsOf(EditClipBodySchema).map((f) => [f.name, f.kind])).toEqual([["description", "string"], ["hashtags", "list"]]);
  });

  it("follows a $ref to the document's $defs (a schema registered with an id)", () => {
    const doc = { type: "object", properties: { style: { $ref: "#/$defs/Style" } }, $defs: { Style: { type: "object", properties: { emoji: { type: "boolean" } } } } };
    expect(fieldsOfJsonSchema(doc).map((f) => [f.name, f.kind])).toEqual([["style.emoji", "boolean"]]);
  });

  it("reads typed-in text by the field's kind, leaving what does not fit for the schema to refuse", () => {
    expect(fieldValue(byName.get("min_clips")!, "3")).toBe(3);
    expect(fieldValue(byName.get("min_clips")!, "three")).toBe("three");
    expect(fieldValue(byName.get("style.caption_lines")!, "2")).toBe(2);
    expect(fieldValue(byName.get("style.emoji")!, "true")).toBe(true);
    expect(fieldValue(byName.get("genre")!, "42")).toBe("42");
    const body: Record<string, unknown> = {};
    setField(body, ["style", "broll"], "library");
    expect(body).toEqual({ style: { broll: "library" } });
    expect(getField(body, ["style", "broll"])).toBe("library");
    expect(getField(body, ["style", "zoom", "x"])).toBeUndefined();
  });
});

describe("the shapes each platform takes, in words", () => {
  it("names Facebook's one shape and YouTube's Shorts and regular videos", () => {
    expect(platformAspects("facebook")).toEqual(["9:16"]);
    expect(platformShapesText("facebook")).toBe("only 9:16 (a Reel)");
    expect(platformShapesText("youtube")).toBe("9:16, 1:1 and 4:5 as a Short, 16:9 as a regular video");
    expect(platformShapesText("tiktok")).toBe("every shape (9:16, 1:1, 4:5 and 16:9) as a video");
    expect(PLATFORM_SHAPES_SUMMARY.split("; ")).toHaveLength(7);
  });
});
