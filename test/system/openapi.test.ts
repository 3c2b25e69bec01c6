// The public OpenAPI document, as the running stack serves it (STYLE.md "OpenAPI from one
// source"): its shape is asserted, it is linted with Redocly's recommended ruleset, and a
// TypeScript client generated from it (openapi-typescript + openapi-fetch) must type-check and
// must work against the running API. Drift between routes and document fails here.
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, newClient, repoRoot } from "./helpers";

type Obj = Record<string, any>;
const methods = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

let doc: Obj;
let docFile: string;
const ops = () =>
  Object.entries(doc.paths as Obj).flatMap(([p, item]) =>
    methods.filter((m) => (item as Obj)[m]).map((m) => ({ path: p, method: m, op: (item as Obj)[m] as Obj })),
  );
const resolveRef = (o: Obj): Obj => (o?.$ref ? doc.components.schemas[o.$ref.split("/").pop()] : o);

beforeAll(async () => {
  const r = await fetch(`${baseUrl()}/openapi.json`);
  expect(r.status).toBe(200);
  doc = (await r.json()) as Obj;
  docFile = path.join(mkdtempSync(path.join(tmpdir(), "katto-openapi-")), "openapi.json");
  writeFileSync(docFile, JSON.stringify(doc, null, 2));
});
afterAll(() => docFile && rmSync(path.dirname(docFile), { recursive: true, force: true }));

describe("document shape", () => {
  it("is OpenAPI 3.1, numbered 1.5.0, and served identically at /openapi.json and /api/v1/openapi.json", async () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.version).toBe("1.5.0");
    const again = await (await fetch(`${baseUrl()}/api/v1/openapi.json`)).json();
    expect(again).toEqual(doc);
    // Only the public API: admin and internal routes have their own (or no) document.
    for (const p of Object.keys(doc.paths)) expect(p).toMatch(/^\/api\/v1\//);
  });

  it("every operation has a unique camelCase operationId, a summary, a tag and bearer security", () => {
    const ids = new Set<string>();
    for (const { path: p, method, op } of ops()) {
      const where = `${method.toUpperCase()} ${p}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(ids.has(op.operationId), `duplicate operationId ${op.operationId}`).toBe(false);
      ids.add(op.operationId);
      expect(op.summary, where).toEqual(expect.stringMatching(/\S/));
      expect(op.tags?.length, where).toBeGreaterThan(0);
      expect(op.security, where).toEqual([{ bearerAuth: [] }]);
    }
    for (const id of ["createJob", "listJobs", "getJob", "cancelJob", "getTranscript", "getClips", "reserveUpload", "completeUpload", "rerenderClip", "getRerender", "getUsage", "getAccount", "listBrandKits", "getWebhookDetails"]) {
      expect(ids, id).toContain(id);
    }
  });

  it("declares the bearer security scheme", () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("names the component schemas of the contract", () => {
    const names = Object.keys(doc.components.schemas);
    for (const n of ["Job", "JobSummary", "Clip", "Transcript", "Usage", "Account", "Config", "UploadReservation", "BrandKit", "WebhookDetails", "Error", "Rerender", "RerenderRequest", "RerenderCreated"]) {
      expect(names, n).toContain(n);
    }
    expect(Object.keys(doc.components.schemas.Rerender.properties)).toEqual(
      expect.arrayContaining(["rerender_id", "status", "clip_url", "captions_url", "duration", "error"]),
    );
    expect(doc.components.schemas.Error).toMatchObject({ type: "object", required: ["error"], properties: { error: { type: "string" } } });
  });

  it("every non-2xx response has the Error schema; every response carries X-RateLimit-*; 429 adds Retry-After", () => {
    for (const { path: p, method, op } of ops()) {
      const where = `${method.toUpperCase()} ${p}`;
      const statuses = Object.keys(op.responses);
      expect(statuses, where).toEqual(expect.arrayContaining(["401", "429", "500"]));
      for (const [status, res] of Object.entries(op.responses as Obj)) {
        if (!status.startsWith("2")) {
          expect(res.content?.["application/json"]?.schema, `${where} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
        }
        if (status !== "405") {
          for (const h of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]) expect(res.headers?.[h], `${where} ${status} ${h}`).toBeDefined();
        }
        if (status === "429") expect(res.headers?.["Retry-After"], `${where} 429`).toMatchObject({ schema: { type: "integer" } });
      }
    }
  });

  it("createJob takes an optional Idempotency-Key header of at most 255 characters and documents 200 replay and 201", () => {
    const op = doc.paths["/api/v1/jobs"].post;
    const h = op.parameters.find((p: Obj) => p.in === "header" && p.name.toLowerCase() === "idempotency-key");
    expect(h).toMatchObject({ name: "Idempotency-Key", required: false, schema: { type: "string", maxLength: 255 } });
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["200", "201", "400", "401", "403", "409", "413", "429"]));
  });

  it("request bodies carry examples that validate against the spec's limits", () => {
    for (const { path: p, method, op } of ops()) {
      if (!op.requestBody) continue;
      const media = op.requestBody.content["application/json"];
      expect(media.example ?? media.examples, `${method.toUpperCase()} ${p}`).toBeDefined();
    }
    const job = resolveRef(doc.paths["/api/v1/jobs"].post.requestBody.content["application/json"].schema);
    expect(job.required).toEqual(["url"]);
    const config = resolveRef(job.properties.config);
    expect(config.properties.customPrompt.maxLength).toBe(1000);
    expect(config.properties.topics.maxLength).toBe(500);
    expect(config.properties.clipLength.enum).toEqual(["lt30", "30_60", "60_90", "90_180"]);
    const reserve = resolveRef(doc.paths["/api/v1/uploads"].post.requestBody.content["application/json"].schema);
    expect(reserve.properties.filename.maxLength).toBe(200);
    expect(reserve.properties.content_type.enum).toEqual(["video/mp4", "video/quicktime", "video/webm", "video/x-matroska"]);
    const list = doc.paths["/api/v1/jobs"].get.parameters.find((p: Obj) => p.name === "limit");
    expect(list.schema).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
  });
});

describe("lint", () => {
  it("passes Redocly's recommended ruleset with no errors", () => {
    const cli = path.join(repoRoot, "node_modules/@redocly/cli/bin/cli.js");
    const r = spawnSync(process.execPath, [cli, "lint", docFile, "--extends", "recommended", "--format", "json", "--max-problems", "500"], {
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
      timeout: 120_000,
    });
    const out = r.stdout.slice(r.stdout.indexOf("{"));
    const report = JSON.parse(out) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
    const errors = report.problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(r.status, r.stderr).toBe(0);
  });
});

describe("generated TypeScript client", () => {
  const clientDir = path.join(repoRoot, "test/system/client");
  const generated = path.join(clientDir, "generated/katto-api.ts");

  beforeAll(async () => {
    const ast = await openapiTS(JSON.stringify(doc));
    mkdirSync(path.dirname(generated), { recursive: true });
    writeFileSync(generated, `// Generated by openapi-typescript from /openapi.json in test/system/openapi.test.ts. Do not edit.\n${astToString(ast)}`);
  });

  it("compiles with tsc --noEmit (strict), together with a usage file", async () => {
    const tsc = path.join(repoRoot, "node_modules/typescript/bin/tsc");
    const args = ["--noEmit", "--strict", "--target", "ES2022", "--module", "ESNext", "--moduleResolution", "Bundler", "--lib", "ES2022,DOM", "--types", "node", "--skipLibCheck", "false", "--noUncheckedIndexedAccess"];
    try {
      // Not execFileSync: a blocked event loop for the whole compile misses the Worker closing idle
      // keep-alive sockets, and the next test's fetch then reuses a dead one ("other side closed").
      await promisify(execFile)(process.execPath, [tsc, ...args, path.join(clientDir, "usage.ts"), generated], { cwd: repoRoot, encoding: "utf8" });
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string };
      throw new Error(`tsc failed:\n${err.stdout}${err.stderr}`);
    }
  });

  it("calls the running API: createJob, getJob, listJobs, getUsage", async () => {
    const { key } = await newClient("free");
    const { walkThrough } = await import("./client/usage");
    const r = await walkThrough(baseUrl(), key.key, "http://127.0.0.1:9/sample.mp4");
    expect(r.created.status).toBe(201);
    expect(r.created.body).toMatchObject({ status: "queued", status_url: `${baseUrl()}/api/v1/jobs/${r.created.body.id}` });
    // The most restrictive limit that applied: create job (20/min per key) or, when the shared
    // loopback address has used more of its window, the per-IP limit (60/min).
    expect(["20", "60"]).toContain(r.created.rateLimit);
    expect(r.job).toMatchObject({ id: r.created.body.id, source: "direct", clips: [], hd_ready: false });
    expect(r.list.jobs.map((j) => j.id)).toEqual([r.created.body.id]);
    expect(r.list.next_cursor).toBeNull();
    expect(r.usage).toEqual({ plan: "free", videos_used: 1, videos_limit: 2, videos_remaining: 1 });
    expect(r.missing.status).toBe(404);
    expect(r.missing.error).toMatch(/not found/i);
  });
});
