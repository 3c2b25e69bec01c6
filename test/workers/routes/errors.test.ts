// The error model (spec "Errors"): {error} always, unknown routes 404, wrong method 405 with
// Allow, malformed JSON 400, 401 without a key, no internals in any error body.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { errorCodes } from "../../../src/errors";
import { ErrorSchema } from "../../../src/schemas/common";
import { api, BASE, createAccount, freshIp, SAMPLE_URL } from "../helpers";
import { newJob } from "../render-callbacks";

const noStack = (text: string) => {
  expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
  expect(text).not.toMatch(/stack/i);
};

describe("unknown routes and methods", () => {
  it.each(["/nope", "/jobs/abc/def/ghi", "/api/v1"])("404 with {error} for GET /api/v1%s (with a key)", async (p) => {
    const c = await createAccount();
    const r = await api(c, p);
    expect(r.status).toBe(404);
    const text = await r.text();
    expect(ErrorSchema.parse(JSON.parse(text)).error).toMatch(/No route for GET/);
    noStack(text);
  });

  it("404 with {error} outside /api/v1 too", async () => {
    const r = await SELF.fetch(`${BASE}/definitely/not/here`);
    expect(r.status).toBe(404);
    ErrorSchema.parse(await r.json());
  });

  it.each([
    ["PUT", "/jobs", "GET, HEAD, POST"],
    ["PATCH", `/jobs/${"0b6f7c1e-2a4d-4f8e-9c3b-5d1a2e3f4a5b"}`, "DELETE, GET, HEAD"],
    ["DELETE", "/usage", "GET, HEAD"],
    ["POST", "/me", "GET, HEAD"],
    ["GET", "/uploads", "POST"],
    ["GET", `/uploads/${"0b6f7c1e-2a4d-4f8e-9c3b-5d1a2e3f4a5b"}/complete`, "POST"],
    ["POST", "/webhook", "GET, HEAD"],
  ])("405 with Allow for %s /api/v1%s", async (method, p, allow) => {
    const c = await createAccount();
    const r = await api(c, p, { method });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe(allow);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(new RegExp(`Method ${method} is not allowed here`));
  });
});

describe("malformed requests", () => {
  it.each(["{not json", "", "[1,2", '{"url": }'])("400 for a malformed JSON body %j", async (body) => {
    const c = await createAccount();
    const r = await api(c, "/jobs", { method: "POST", body, headers: { "content-type": "application/json" } });
    expect(r.status).toBe(400);
    const text = await r.text();
    ErrorSchema.parse(JSON.parse(text));
    noStack(text);
  });

  it("400 for malformed JSON on the upload routes too", async () => {
    const c = await createAccount();
    const r = await api(c, "/uploads", { method: "POST", body: "{", headers: { "content-type": "application/json" } });
    expect(r.status).toBe(400);
    ErrorSchema.parse(await r.json());
  });

  it("413 for a body over 64 KiB on any public route", async () => {
    const c = await createAccount();
    const r = await api(c, "/uploads", { method: "POST", json: { filename: "x".repeat(70_000), content_type: "video/mp4", size: 1 } });
    expect(r.status).toBe(413);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/too large/);
  });

  it("a JSON body that is not an object gets 400, not 500", async () => {
    const c = await createAccount();
    for (const body of ["null", "42", '"url"', "[]"]) {
      const r = await api(c, "/jobs", { method: "POST", body, headers: { "content-type": "application/json" } });
      expect(r.status, body).toBe(400);
      ErrorSchema.parse(await r.json());
    }
  });
});

describe("authentication errors carry {error}", () => {
  it("401 without a key on every public route", async () => {
    const ip = freshIp();
    for (const [method, p] of [["GET", "/jobs"], ["POST", "/jobs"], ["GET", "/usage"], ["GET", "/me"], ["GET", "/brand-kit"], ["GET", "/webhook"], ["POST", "/uploads"]]) {
      const r = await SELF.fetch(`${BASE}/api/v1${p}`, { method, headers: { "cf-connecting-ip": ip, "content-type": "application/json" }, body: method === "POST" ? JSON.stringify({ url: SAMPLE_URL }) : undefined });
      expect(r.status, `${method} ${p}`).toBe(401);
      ErrorSchema.parse(await r.json());
    }
  });
});

describe("OpenAPI documents", () => {
  it("the public document is served without a key and holds only public operations; the admin one is separate", async () => {
    const r = await SELF.fetch(`${BASE}/openapi.json`);
    expect(r.status).toBe(200);
    const doc = (await r.json()) as { openapi: string; paths: Record<string, unknown>; components: { securitySchemes: Record<string, unknown> } };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).every((p) => p.startsWith("/api/v1/"))).toBe(true);
    expect(Object.keys(doc.components.securitySchemes)).toEqual(["bearerAuth"]);
    expect((await SELF.fetch(`${BASE}/api/v1/openapi.json`)).status).toBe(200);
    const admin = (await (await SELF.fetch(`${BASE}/admin/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(admin.paths).every((p) => p.startsWith("/admin/v1/"))).toBe(true);
  });
});

describe("500", () => {
  it("an unexpected failure answers a generic {error} with a request id, never the exception or its stack", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    // A corrupt row (segments that are not JSON) makes the transcript read throw a SyntaxError.
    await env.DB.prepare("INSERT INTO transcripts (job_id, lang, segments, words, created_at) VALUES (?, 'en', '{corrupt', '[]', ?)").bind(id, new Date().toISOString()).run();
    const r = await api(c, `/jobs/${id}/transcript`, { headers: { "cf-ray": "test-ray-123" } });
    expect(r.status).toBe(500);
    const text = await r.text();
    const body = ErrorSchema.extend({ request_id: ErrorSchema.shape.error }).parse(JSON.parse(text));
    expect(body.error).toMatch(/^Internal server error/);
    expect(body.request_id).toBe("test-ray-123");
    expect(text).not.toMatch(/SyntaxError|JSON\.parse|corrupt|position/);
    noStack(text);
    expect(r.headers.get("X-RateLimit-Limit")).toMatch(/^\d+$/);
  });
});

describe("stable error codes", () => {
  it("are exactly the documented codes with their statuses", () => {
    // docs/api-decisions.md "Errors": clients branch on `code`; renaming one breaks them.
    expect(errorCodes).toEqual({
      bad_request: 400,
      unauthorized: 401,
      forbidden: 403,
      quota_exceeded: 403,
      not_found: 404,
      method_not_allowed: 405,
      conflict: 409,
      idempotency_in_flight: 409,
      payload_too_large: 413,
      rate_limited: 429,
      internal: 500,
      unavailable: 503,
    });
  });

  it("each answer carries its code: 400, 401, 404, 405, 413", async () => {
    const c = await createAccount("free");
    const code = async (r: Response) => ((await r.json()) as { code?: string }).code;
    expect(await code(await api(c, "/jobs", { method: "POST", json: { url: "nope" } }))).toBe("bad_request");
    expect(await code(await SELF.fetch(`${BASE}/api/v1/jobs`, { headers: { "CF-Connecting-IP": freshIp() } }))).toBe("unauthorized");
    expect(await code(await api(c, `/jobs/${crypto.randomUUID()}`))).toBe("not_found");
    expect(await code(await api(c, "/jobs", { method: "PUT" }))).toBe("method_not_allowed");
    expect(await code(await api(c, "/jobs", { method: "POST", body: JSON.stringify({ url: "x".repeat(70_000) }), headers: { "content-type": "application/json" } }))).toBe("payload_too_large");
  });
});

