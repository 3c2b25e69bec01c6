// The protocol as TypeScript-like type text, rendered from the zod schemas themselves (through
// their JSON Schema), for docs/render-protocol.md: the document cannot drift from the code.
import { z } from "zod";
import { BrandKitSchema } from "./brand-kit.js";
import { ClipMetadataSchema, StoredClipMetadataSchema } from "./clip-metadata.js";
import { ClipReportSchema, RenderEventSchema, RerenderEventSchema } from "./events.js";
import { RenderJobSchema } from "./render-job.js";
import { HdClipTaskSchema, ManualClipTaskSchema, RenditionTaskSchema, RerenderTaskSchema } from "./tasks.js";

type Json = { [k: string]: unknown };

const NAMED: [string, z.ZodType][] = [
  ["RenderJob", RenderJobSchema],
  ["RerenderTask", RerenderTaskSchema],
  ["HdClipTask", HdClipTaskSchema],
  ["RenditionTask", RenditionTaskSchema],
  ["ManualClipTask", ManualClipTaskSchema],
  ["BrandKit", BrandKitSchema],
  ["RenderEvent", RenderEventSchema],
  ["ClipReport", ClipReportSchema],
  ["StoredClipMetadata", StoredClipMetadataSchema],
  ["ClipMetadata", ClipMetadataSchema],
  ["RerenderEvent", RerenderEventSchema],
];

/** A nested schema that is one of the named messages is written by its name. */
function typeText(s: Json, indent: string, refs: Map<string, string>, top = false): string {
  const named = top ? undefined : refs.get(JSON.stringify(s));
  if (named) return named;
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  const union = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (union) return union.map((u) => typeText(u, indent, refs)).join(" | ");
  if (s.type === "array") return `${wrap(typeText(s.items as Json, indent, refs))}[]`;
  if (s.type === "object") {
    const props = (s.properties ?? {}) as Record<string, Json>;
    const required = new Set((s.required ?? []) as string[]);
    const inner = indent + "  ";
    const lines = Object.entries(props).map(([k, v]) => `${inner}${k}${required.has(k) ? "" : "?"}: ${typeText(v, inner, refs)};${constraints(v)}`);
    if (s.additionalProperties && typeof s.additionalProperties === "object" && Object.keys(s.additionalProperties).length === 0) lines.push(`${inner}[other: string]: unknown;  // kept as sent`);
    return lines.length ? `{\n${lines.join("\n")}\n${indent}}` : "{}";
  }
  if (s.type === "integer") return "integer";
  if (Array.isArray(s.type)) return s.type.map((t) => (t === "integer" ? "integer" : t)).join(" | ");
  return typeof s.type === "string" ? s.type : "unknown";
}

const wrap = (t: string) => (t.includes(" | ") ? `(${t})` : t);

/** Bounds worth reading beside a field: lengths, ranges, patterns. */
function constraints(s: Json): string {
  const out: string[] = [];
  const max = s.maximum === Number.MAX_SAFE_INTEGER ? undefined : s.maximum;
  if (s.minimum !== undefined || max !== undefined) out.push(`${s.minimum ?? ""}..${max ?? ""}`);
  if (s.exclusiveMinimum !== undefined) out.push(`> ${s.exclusiveMinimum}`);
  if (s.maxLength !== undefined) out.push(`max ${s.maxLength} chars`);
  if (s.minItems !== undefined || s.maxItems !== undefined) out.push(`${s.minItems ?? 0}..${s.maxItems ?? "n"} items`);
  if (s.pattern !== undefined) out.push(`/${s.pattern}/`);
  return out.length ? `  // ${out.join(", ")}` : "";
}

/** Every wire shape, one TypeScript-like block per message (what the Worker sends = the input side). */
export function describeProtocol(): string {
  const jsonOf = (schema: z.ZodType) => {
    const { $schema: _, ...json } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;
    return json;
  };
  const refs = new Map<string, string>();
  for (const [name, schema] of NAMED) if (name === "BrandKit" || name === "ClipReport" || name === "StoredClipMetadata") refs.set(JSON.stringify(jsonOf(schema)), name);
  const blocks = NAMED.map(([name, schema]) => `${name} = ${typeText(jsonOf(schema), "", refs, true)}`);
  return ["```ts", blocks.join("\n\n"), "```"].join("\n");
}
