// `katto clip` and `katto rerender` style options: a style file (--style-file, JSON of the API's
// Style) with the common fields as flags over it, checked with the API's own StyleSchema so a typo
// is a usage error (exit 2) before anything is uploaded or charged.
import { readFileSync } from "node:fs";
import { DUB_LANGUAGES, EMPHASIS_MODES, StyleSchema, ZOOM_MODES, type Style } from "@katto/protocol";
import { oneOf } from "./command";
import { usageError } from "./exit-codes";

export const STYLE_USAGE = "[--style-file FILE] [--words N] [--lines 1|2] [--emphasis none|keywords] [--emoji] [--hook-title] [--zoom none|punch_in] [--remove-silences] [--remove-fillers] [--caption-language en|es|fr|it|pt|hi|ja|zh]";

export const styleFlags = {
  "style-file": { type: "string" },
  words: { type: "string" },
  lines: { type: "string" },
  emphasis: { type: "string" },
  emoji: { type: "boolean" },
  "hook-title": { type: "boolean" },
  zoom: { type: "string" },
  "remove-silences": { type: "boolean" },
  "remove-fillers": { type: "boolean" },
  "caption-language": { type: "string" },
} as const;

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

const integer = (value: string | undefined, flag: string) => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw usageError(`--${flag} must be a whole number; got "${value}".`);
  return Number(value);
};

/** The style the options ask for, or undefined when none was given. */
export function styleFromOptions(v: Record<string, unknown>): Style | undefined {
  const fromFile = typeof v["style-file"] === "string" ? readStyleFile(v["style-file"]) : {};
  const flags: Record<string, unknown> = {
    words_per_caption: integer(v.words as string | undefined, "words"),
    caption_lines: integer(v.lines as string | undefined, "lines"),
    emphasis: oneOf(v.emphasis as string | undefined, EMPHASIS_MODES, "emphasis"),
    emoji: v.emoji === true ? true : undefined,
    hook_title: v["hook-title"] === true ? true : undefined,
    zoom: oneOf(v.zoom as string | undefined, ZOOM_MODES, "zoom"),
    remove_silences: v["remove-silences"] === true ? true : undefined,
    remove_fillers: v["remove-fillers"] === true ? true : undefined,
    caption_language: oneOf(v["caption-language"] as string | undefined, DUB_LANGUAGES, "caption-language"),
  };
  for (const k of Object.keys(flags)) if (flags[k] === undefined) delete flags[k];
  if (typeof fromFile !== "object" || fromFile === null || Array.isArray(fromFile)) throw usageError("--style-file must hold a JSON object.");
  const merged = { ...fromFile, ...flags };
  if (Object.keys(merged).length === 0) return undefined;
  const r = StyleSchema.safeParse(merged);
  if (!r.success) throw usageError(`Style: ${r.error.issues.map((i) => `${i.path.join(".") || "style"} ${i.message}`).join("; ")}.`);
  return r.data;
}
