// Regressions the OpenAPI fuzz (test/fuzz/openapi.fuzz.test.ts) found, pinned as plain cases.
import { describe, expect, it } from "vitest";
import { api, createAccount } from "../helpers";

describe("hostile requests", () => {
  it.each([
    ["text/plain", "/jobs"],
    ["application/x-www-form-urlencoded", "/uploads"],
    ["multipart/form-data; boundary=x", "/jobs"],
  ])("a JSON body sent as %s to %s is a 400 that says to send application/json (the contract has no 415)", async (type, path) => {
    const c = await createAccount();
    const r = await api(c, path, { method: "POST", headers: { "content-type": type }, body: JSON.stringify({ url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }) });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: "Request bodies are JSON: send the body with Content-Type: application/json.", code: "bad_request" });
  });
});
