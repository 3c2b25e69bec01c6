// fast-check arbitraries from the JSON Schemas (OpenAPI 3.1) in /openapi.json: `valid` follows
// the schema (examples, enums, bounds, formats, required and optional properties), `invalid`
// breaks it in the ways a careless or hostile client does (wrong types, missing or unknown
// fields, out-of-range numbers, oversized or odd strings, prototype keys).
import fc from "fast-check";

export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
};

export type Components = Record<string, Schema>;

/** Strings a hostile client sends: traversal, injection, control and odd Unicode, overlong. */
export const nastyString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "../../etc/passwd",
    "..%2f..%2f",
    "%00",
    "\u0000",
    "' OR '1'='1' --",
    "\"; DROP TABLE jobs; --",
    "<script>alert(1)</script>",
    "${7*7}{{7*7}}",
    "__proto__",
    "constructor",
    "\ud800",
    "\u202e\u0000\uffff",
    "𝓀𝒶𝓉𝓉𝑜 🎬",
    "NaN",
    "-1",
    "1e309",
    "0x10",
    "null",
    "true",
    "[]",
    "{}",
    "a".repeat(5000),
    "http://169.254.169.254/latest/meta-data/",
    "file:///etc/passwd",
    "javascript:alert(1)",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
);

const types = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

export function resolve(s: Schema, components: Components): Schema {
  let cur = s;
  for (let i = 0; cur.$ref && i < 20; i++) cur = components[cur.$ref.replace("#/components/schemas/", "")] ?? {};
  return cur;
}

function stringOf(s: Schema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 60, minLength + 60);
  switch (s.format) {
    case "uuid":
      return fc.uuid();
    case "uri":
    case "url":
      return fc.oneof(fc.webUrl({ withQueryParameters: true }), fc.constant("https://www.youtube.com/watch?v=dQw4w9WgXcQ"));
    case "email":
      return fc.emailAddress();
    case "date-time":
      return fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString());
  }
  return fc.string({ minLength, maxLength });
}

function numberOf(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-6) : -1e6);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-6) : 1e6);
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values that satisfy `schema` (as far as its keywords say; free-text patterns are not solved). */
export function valid(schema: Schema, components: Components, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  const samples = [s.example, ...(s.examples ?? []), s.default].filter((x) => x !== undefined);
  const core = validCore(s, components, depth);
  return samples.length ? fc.oneof({ arbitrary: fc.constantFrom(...samples), weight: 1 }, { arbitrary: core, weight: 2 }) : core;
}

function validCore(s: Schema, components: Components, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return fc.oneof(...alts.map((a) => valid(a, components, depth + 1)));
  if (s.allOf) return valid(Object.assign({}, ...s.allOf.map((a) => resolve(a, components))), components, depth + 1);
  const ts = types(s);
  if (ts.length > 1) return fc.oneof(...ts.map((t) => validCore({ ...s, type: t }, components, depth)));
  switch (ts[0]) {
    case "string":
      return stringOf(s);
    case "integer":
      return numberOf(s, true);
    case "number":
      return numberOf(s, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return depth > 4 ? fc.constant([]) : fc.array(valid(s.items ?? {}, components, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, (s.minItems ?? 0) + 5) });
    case "object":
    default: {
      if (!s.properties) return depth > 4 ? fc.constant({}) : fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(s.properties)) record[k] = valid(v, components, depth + 1);
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
    }
  }
}

/** A value of another JSON type than any the schema allows (or a nasty one of the same type). */
function wrongType(s: Schema): fc.Arbitrary<unknown> {
  const ts = types(s);
  const all: [string, fc.Arbitrary<unknown>][] = [
    ["string", nastyString],
    ["number", fc.oneof(fc.double(), fc.constantFrom(-1, 0, 1e308, -1e308, 0.5, Number.MAX_SAFE_INTEGER + 2))],
    ["integer", fc.integer()],
    ["boolean", fc.boolean()],
    ["null", fc.constant(null)],
    ["array", fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 })],
    ["object", fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })],
  ];
  const others = all.filter(([t]) => !ts.includes(t) && !(t === "integer" && ts.includes("number")));
  return fc.oneof(...(others.length ? others : all).map(([, a]) => a));
}

/** Out-of-range, out-of-enum or oversized values of the right JSON type, where the schema bounds them. */
function outOfBounds(s: Schema): fc.Arbitrary<unknown> | null {
  const ts = types(s);
  if (s.enum) return fc.oneof(nastyString, fc.constantFrom(...s.enum.map((e) => (typeof e === "string" ? e.toUpperCase() + " " : e))));
  if (ts.includes("string")) {
    const opts: fc.Arbitrary<unknown>[] = [nastyString];
    if (s.maxLength !== undefined) opts.push(fc.constant("x".repeat(s.maxLength + 1)));
    if ((s.minLength ?? 0) > 0) opts.push(fc.constant(""));
    return fc.oneof(...opts);
  }
  if (ts.includes("integer") || ts.includes("number")) {
    const opts: fc.Arbitrary<unknown>[] = [fc.constantFrom(0.5, -0.0, 1e21)];
    if (s.minimum !== undefined) opts.push(fc.constant(s.minimum - 1));
    if (s.maximum !== undefined) opts.push(fc.constant(s.maximum + 1));
    return fc.oneof(...opts);
  }
  if (ts.includes("array") && s.maxItems !== undefined) return fc.constant(Array.from({ length: s.maxItems + 1 }, () => null));
  return null;
}

/** Values that break `schema` somewhere (at the top or in one property). */
export function invalid(schema: Schema, components: Components, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  const opts: fc.Arbitrary<unknown>[] = [wrongType(s)];
  const oob = outOfBounds(s);
  if (oob) opts.push(oob);
  if (s.properties && depth < 3) {
    const base = valid(s, components, depth) as fc.Arbitrary<Record<string, unknown>>;
    const keys = Object.keys(s.properties);
    const req = s.required ?? [];
    // One property replaced by an invalid value.
    opts.push(
      fc.tuple(base, fc.constantFrom(...keys)).chain(([obj, k]) => invalid(s.properties![k], components, depth + 1).map((bad) => ({ ...obj, [k]: bad }))),
    );
    // A required property missing.
    if (req.length) opts.push(fc.tuple(base, fc.constantFrom(...req)).map(([obj, k]) => Object.fromEntries(Object.entries(obj).filter(([x]) => x !== k))));
    // Unknown and prototype-polluting keys.
    opts.push(
      fc.tuple(base, fc.constantFrom("__proto__", "constructor", "prototype", "cliplength", "id", "account_id", "status", "plan", "is_admin")).map(([obj, k]) =>
        JSON.parse(JSON.stringify(obj).replace(/^\{/, `{${JSON.stringify(k)}:${k === "__proto__" ? '{"polluted":true}' : '"x"'}${Object.keys(obj).length ? "," : ""}`)),
      ),
    );
  }
  return fc.oneof(...opts);
}
