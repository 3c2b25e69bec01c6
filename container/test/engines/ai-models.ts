// The Workers AI model names that exist, read from the model map that `wrangler types` generated
// into worker-configuration.d.ts (interface AiModels). Tests check every model the backend uses
// against it, and the loopback double of the REST API refuses any other name, as the real API does.
import { readFileSync } from "node:fs";
import path from "node:path";

const typesFile = path.resolve(import.meta.dirname, "../../../src/generated/worker-configuration.d.ts");

export function workersAiModelNames(): Set<string> {
  const text = readFileSync(typesFile, "utf8");
  const start = text.indexOf("interface AiModels {");
  if (start < 0) throw new Error(`no AiModels interface in ${typesFile}; run wrangler types`);
  const body = text.slice(start, text.indexOf("\n}", start));
  const names = new Set([...body.matchAll(/^\s*"(@cf\/[^"]+)":/gm)].map((m) => m[1]!));
  if (names.size < 20) throw new Error(`only ${names.size} models read from ${typesFile}`);
  return names;
}
