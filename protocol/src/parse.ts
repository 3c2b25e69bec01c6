// Parsing at the boundary: a zod schema's first issue becomes one sentence that names the field,
// the way both sides answer a bad body (`400 {error}` on the backend, a refused event on the Worker).
import type { z } from "zod";

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** `at` prefixes the field path, e.g. "config.brandKit" when a kit is read on its own. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, at?: string): Parsed<z.output<S>> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0]!;
  const path = [at, ...issue.path.map(String)].filter((p) => p !== undefined && p !== "").join(".");
  return { ok: false, error: `${path || "body"} ${issue.message}` };
}
