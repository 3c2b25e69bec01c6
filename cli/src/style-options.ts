// `katto clip`, `katto clips add` and `katto rerender` style options: a style file (--style-file,
// JSON of the API's Style) with a flag per field over it, the flags derived from the API's own
// StyleSchema (schema-flags.ts) and checked with it, so a typo is a usage error (exit 2) before
// anything is uploaded or charged.
import { readFileSync } from "node:fs";
import { StyleSchema, type Style } from "@katto/protocol";
import { schemaFlags } from "./schema-flags";
import { usageError } from "./exit-codes";

/** Shorter flags for two style fields (--words, --lines), kept from before the flags were derived. */
export const STYLE_FLAG_NAMES = { words_per_caption: "words", caption_lines: "lines" };

/** A flag for every field of the API's Style (--words, --lines, --emphasis, --broll...). */
export const styleSchemaFlags = schemaFlags(StyleSchema, { names: STYLE_FLAG_NAMES });

export const STYLE_USAGE = `[--style-file FILE] ${styleSchemaFlags.usage}`;

export const styleFlags = { "style-file": { type: "string" }, ...styleSchemaFlags.options } as const;

function readStyleFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw usageError(`Cannot read --style-file ${file}: no such readable file.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw usageError(`--style-file ${file} is not JSON: write a style object such as {"emphasis": "keywords", "words_per_caption": 3}.`);
  }
}

/** The style file's fields (when --style-file is given) with the flags' fields over them; undefined when neither sets one. */
export function withStyleFile(v: Record<string, unknown>, fromFlags: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const fromFile = typeof v["style-file"] === "string" ? readStyleFile(v["style-file"]) : {};
  if (typeof fromFile !== "object" || fromFile === null || Array.isArray(fromFile)) throw usageError("--style-file must hold a JSON object.");
  const merged = { ...fromFile, ...fromFlags };
  return Object.keys(merged).length ? merged : undefined;
}

/** The style the options ask for, or undefined when none was given. */
export function styleFromOptions(v: Record<string, unknown>): Style | undefined {
  const merged = withStyleFile(v, styleSchemaFlags.read(v as Parameters<typeof styleSchemaFlags.read>[0]));
  if (!merged) return undefined;
  const r = StyleSchema.safeParse(merged);
  if (!r.success) throw usageError(`Style: ${r.error.issues.map((i) => `${i.path.join(".") || "style"} ${i.message}`).join("; ")}.`);
  return r.data;
}
