// Regenerates the SDK's types from the API's OpenAPI document.
//   npm run generate -w @katto/sdk                      from the committed snapshot sdk/openapi.json
//   npm run generate -w @katto/sdk -- http://127.0.0.1:8787   from a running Worker (updates the snapshot)
// test/system/sdk-drift.test.ts fails when the snapshot or the types differ from what the Worker serves.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateTypes } from "../src/generate";

const sdkRoot = path.resolve(import.meta.dirname, "..");
const snapshot = path.join(sdkRoot, "openapi.json");
const from = process.argv[2];
if (from) {
  const res = await fetch(new URL("/openapi.json", from));
  if (!res.ok) throw new Error(`GET ${from}/openapi.json: ${res.status}`);
  writeFileSync(snapshot, JSON.stringify(await res.json(), null, 2) + "\n");
}
const doc = JSON.parse(readFileSync(snapshot, "utf8"));
writeFileSync(path.join(sdkRoot, "src/generated/katto-api.ts"), await generateTypes(doc));
console.log(`sdk: types written from ${from ?? "sdk/openapi.json"}`);
