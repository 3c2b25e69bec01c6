// The SDK's committed snapshot (sdk/openapi.json) and the types generated from it
// (sdk/src/generated/katto-api.ts) must match what the running Worker serves at /openapi.json.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateTypes } from "../../sdk/src/generate";
import { baseUrl, repoRoot } from "./helpers";

const FIX = "run `npm run generate -w @katto/sdk -- <url of a running Worker>` (or `npm run sdk:generate -- <url>`) and commit sdk/";

describe("SDK drift", () => {
  it("the snapshot equals the served document, and the generated types equal what it generates", async () => {
    const res = await fetch(`${baseUrl()}/openapi.json`);
    expect(res.status).toBe(200);
    const served = (await res.json()) as Record<string, unknown>;
    const snapshot = JSON.parse(readFileSync(path.join(repoRoot, "sdk/openapi.json"), "utf8")) as Record<string, unknown>;
    expect(snapshot, `sdk/openapi.json differs from the served /openapi.json: ${FIX}`).toEqual(served);
    const committed = readFileSync(path.join(repoRoot, "sdk/src/generated/katto-api.ts"), "utf8");
    expect(committed === (await generateTypes(served)), `sdk/src/generated/katto-api.ts is stale: ${FIX}`).toBe(true);
  });
});
