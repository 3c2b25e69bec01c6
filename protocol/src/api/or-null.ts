// How the public API writes a field that may be null.
import type { z } from "zod";

/**
 * `schema` or null, described on the non-null branch. zod's JSON Schema, which the MCP tools
 * publish, folds `anyOf: [{ "type": "string" }, { "type": "null" }]` into
 * `"type": ["string", "null"]`: legal, but clients that map tool schemas onto a single-type dialect
 * (Gemini's function declarations) reject it or drop the constraint, and the MCP Inspector's
 * `--strict` check reports it. A branch that carries a description is left alone. The OpenAPI
 * document is the same either way (`type: ["string", "null"]` with the description).
 */
export const orNull = <T extends z.ZodType>(schema: T, description: string) => schema.meta({ description }).nullable();
