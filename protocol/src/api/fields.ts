// The fields of a request body as every door lists them (issue 41 "Every door carries every option"):
// the MCP tools, the CLI's flags and the dashboard's forms are derived from the API's own schemas
// through these descriptions, so a field added to the API reaches every door without a hand-kept
// list, and test/docs/door-options.test.ts fails when a door leaves one out. Read from the schema's
// JSON Schema (what the MCP tools publish), so every door sees the same names, kinds and words.
import { z } from "zod";

export type FieldKind = "string" | "integer" | "number" | "boolean" | "enum" | "list";

export interface FieldInfo {
  /** Where the field sits in the body: ["style", "broll"]. */
  path: string[];
  /** The path joined with dots: "style.broll". */
  name: string;
  kind: FieldKind;
  /** The values an enum takes (strings, or numbers for a union of number literals such as caption_lines). */
  values?: readonly (string | number)[];
  description?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

/** The JSON Schema subset read here. */
export interface JsonSchemaNode {
  type?: string | string[];
  properties?: Record<string, JsonSchemaNode>;
  enum?: (string | number)[];
  const?: string | number;
  anyOf?: JsonSchemaNode[];
  items?: JsonSchemaNode;
  description?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchemaNode>;
}

function kindOf(node: JsonSchemaNode): Pick<FieldInfo, "kind" | "values"> {
  if (node.enum) return { kind: "enum", values: node.enum };
  const consts = node.anyOf?.map((n) => n.const);
  if (consts?.length && consts.every((c) => c !== undefined)) return { kind: "enum", values: consts as (string | number)[] };
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== "null") : node.type;
  if (type === "integer" || type === "number" || type === "boolean" || type === "string") return { kind: type };
  if (type === "array") return { kind: "list" };
  return { kind: "string" };
}

/**
 * The leaf fields of an object's JSON Schema, nested objects flattened into dotted names; a
 * `$ref` to the document's own `$defs` (a schema registered with an id) is followed.
 */
export function fieldsOfJsonSchema(node: JsonSchemaNode, path: string[] = [], root: JsonSchemaNode = node): FieldInfo[] {
  const deref = (n: JsonSchemaNode): JsonSchemaNode => (n.$ref?.startsWith("#/$defs/") ? (root.$defs?.[n.$ref.slice(8)] ?? n) : n);
  return Object.entries(deref(node).properties ?? {}).flatMap(([key, raw]) => {
    const at = [...path, key];
    const child = deref(raw);
    // an optional object reads as anyOf [object, null] in some converters: take the object
    const obj = child.properties ? child : child.anyOf?.map(deref).find((n) => n.properties);
    if (obj) return fieldsOfJsonSchema(obj, at, root);
    const { description, minimum, maximum, maxLength } = child;
    return [{ path: at, name: at.join("."), ...kindOf(child), description, minimum, maximum, maxLength }];
  });
}

/** The leaf fields of a request body schema (an object; refinements are ignored). */
export function fieldsOf(schema: z.ZodType): FieldInfo[] {
  return fieldsOfJsonSchema(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchemaNode);
}

/**
 * A field's value typed in as text (a CLI flag, a form field) as the API takes it: numbers as
 * numbers, "true"/"false" as booleans, an enum of numbers as a number. Text that is not what the
 * kind asks is passed on as it is, so the schema's own message says what to change.
 */
export function fieldValue(field: FieldInfo, text: string): unknown {
  const numeric = field.kind === "integer" || field.kind === "number" || (field.kind === "enum" && typeof field.values?.[0] === "number");
  if (numeric) return text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
  if (field.kind === "boolean") return text === "true" ? true : text === "false" ? false : text;
  return text;
}

/** Sets `value` at `path` in `target`, making the objects on the way. */
export function setField(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let at = target;
  for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
  at[path[path.length - 1]!] = value;
}

/** The value at `path` in `source`, undefined when any step is missing. */
export function getField(source: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((at, key) => (at && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined), source);
}

/**
 * A door's hand-written input for a body `T` (an MCP tool's input shape, a form's controls): every
 * field of `T` must be there, so a field the API adds and the door forgets is a type error.
 * `satisfies EveryField<T, V>` on the door's object.
 */
export type EveryField<T, V = unknown> = { [K in keyof Required<T>]: V } & Record<string, V>;
