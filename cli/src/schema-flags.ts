// A request body's fields as command-line flags, derived from the API's own schema (issue 41 "Every
// door carries every option"): one flag per field (kebab-case, nested fields by their own name:
// style.broll is --broll), its kind read from the schema (a boolean is a switch, a list repeats, an
// enum is checked against its values). A field the API adds becomes a flag with no edit here;
// test/docs/door-options.test.ts checks that every field of the bodies the CLI sends has one.
import { type FieldInfo, fieldsOf, fieldValue, setField } from "@katto/protocol/api";
import type { Options, Values } from "./command";
import { usageError } from "./exit-codes";

export interface SchemaFlags {
  fields: FieldInfo[];
  /** The flag of each field, by its dotted name ("style.broll" → "broll"). */
  flagOf: Map<string, string>;
  options: Options;
  /** "[--min-clips N] [--score-with default|account] ..." */
  usage: string;
  /** The fields the flags give, as the API takes them (the schema checks them after); undefined when none is given. */
  read(values: Values): Record<string, unknown> | undefined;
}

export interface FlagNames {
  /** A shorter flag for a field, by the field's own (last) name: { customPrompt: "prompt" }. */
  names?: Record<string, string>;
  /** A field read another way than its kind says, by its own name ({ start: secondsArg }). */
  parse?: Record<string, (text: string, flag: string) => unknown>;
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/_/g, "-").toLowerCase();

function placeholder(f: FieldInfo): string {
  if (f.kind === "boolean") return "";
  if (f.kind === "enum") return ` ${f.values!.join("|")}`;
  if (f.kind === "integer") return " N";
  if (f.kind === "number") return " SECONDS";
  return f.kind === "list" ? " VALUE" : " TEXT";
}

/** One field's flag value as the API takes it, or a usage error saying what the flag takes. */
function valueOf(f: FieldInfo, flag: string, raw: string | boolean | string[], own?: (text: string, flag: string) => unknown): unknown {
  if (f.kind === "boolean") return raw === true;
  if (f.kind === "list") return [raw].flat();
  const text = String(raw);
  if (own) return own(text, flag);
  if (f.kind === "enum" && !f.values!.map(String).includes(text)) throw usageError(`--${flag} must be one of ${f.values!.join(", ")}; got "${text}".`);
  if (f.kind === "integer" && !/^-?\d+$/.test(text)) throw usageError(`--${flag} must be a whole number; got "${text}".`);
  return fieldValue(f, text);
}

/** The flags of every field of `schema` (an object schema of @katto/protocol/api or @katto/protocol). */
export function schemaFlags(schema: Parameters<typeof fieldsOf>[0], { names = {}, parse = {} }: FlagNames = {}): SchemaFlags {
  const fields = fieldsOf(schema);
  const flagOf = new Map(fields.map((f) => [f.name, names[f.path.at(-1)!] ?? kebab(f.path.at(-1)!)]));
  const byFlag = new Map<string, FieldInfo>();
  for (const f of fields) {
    const flag = flagOf.get(f.name)!;
    if (byFlag.has(flag)) throw new Error(`--${flag} would be the flag of both ${byFlag.get(flag)!.name} and ${f.name}: give one of them another name`);
    byFlag.set(flag, f);
  }
  const options: Options = Object.fromEntries(fields.map((f) => [flagOf.get(f.name)!, f.kind === "boolean" ? { type: "boolean" } : f.kind === "list" ? { type: "string", multiple: true } : { type: "string" }]));
  const usage = fields.map((f) => `[--${flagOf.get(f.name)}${placeholder(f)}${f.kind === "list" ? " ..." : ""}]`).join(" ");
  const read = (values: Values) => {
    const out: Record<string, unknown> = {};
    for (const [flag, f] of byFlag) {
      const raw = values[flag];
      if (raw === undefined || raw === false) continue;
      setField(out, f.path, valueOf(f, flag, raw, parse[f.path.at(-1)!]));
    }
    return Object.keys(out).length ? out : undefined;
  };
  return { fields, flagOf, options, usage, read };
}
