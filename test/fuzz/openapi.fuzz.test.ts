// Property-based fuzz of every operation in /openapi.json, inside workerd against the real Worker
// (SELF) with its real D1, R2, Durable Objects and Queue. Inputs are generated from the document's
// own schemas (valid and broken bodies, query strings, path parameters, headers, keys), with a
// fixed seed. For every request: no 5xx, only statuses the operation documents, every error the
// spec's {error} object, no stack trace or exception text, no secret, and nothing of another
// account: its resources answer 404 and its data never shows up in a response.
import { createExecutionContext, env, SELF } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { addKey, BASE, createAccount, freshIp, type Client } from "../workers/helpers";
import { advance, clipReport, newJob, reserveAndPut, sendEvent, storeClipFiles } from "../workers/render-callbacks";
import worker from "../../src/index";
import { type Components, invalid, nastyString, type Schema, valid } from "./json-schema-arbitrary";

const SEED = 20261123;
/** At least 5,000 cases in all, spread evenly over the operations. */
const TOTAL_CASES = 5_200;
/** Independent request chains per operation, so the Worker always has work while one waits on D1 or a Durable Object. */
const CHAINS = 4;

const APP_SECRET = "test-app-secret-0123456789abcdef";
const ADMIN_TOKEN = "test-admin-token";
const MAX_JSON_BODY_BYTES = 64 * 1024;

type Operation = {
  operationId: string;
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
};

type Owned = { completedJob: string; queuedJob: string; uploadJob: string; rerender: string };

interface World {
  doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Components } };
  /** The fuzzing account: several write keys (per-key limits), one read-only key. */
  keys: string[];
  readOnlyKey: string;
  own: Owned;
  victim: Owned & { email: string; key: string; webhookSecret: string; accountId: string; marker: string };
}

/** Makes a completed job with clips and a transcript, a queued job, an upload and a re-render. */
async function populate(c: Client, marker: string): Promise<Owned> {
  const completedJob = await newJob(c, { url: `https://www.youtube.com/watch?v=${marker}` });
  await advance(completedJob, "scoring");
  const clips = [clipReport(0, 80), clipReport(1, 60)].map((x) => ({ ...x, title: `${marker} clip ${x.clip_index}` }));
  await storeClipFiles(completedJob, clips);
  expect((await sendEvent(completedJob, { type: "transcript", lang: "en", segments: [{ start: 0, end: 1, text: `${marker} said` }], words: [{ start: 0, end: 1, word: marker }] })).status).toBe(200);
  expect((await sendEvent(completedJob, { type: "clips", clips })).status).toBe(200);
  const queuedJob = await newJob(c, { url: `https://www.youtube.com/watch?v=${marker}` });
  const upload = await reserveAndPut(c);
  const r = await SELF.fetch(`${BASE}/api/v1/jobs/${completedJob}/clips/0/rerender`, {
    method: "POST",
    headers: { authorization: `Bearer ${c.key.key}`, "cf-connecting-ip": freshIp(), "content-type": "application/json" },
    body: JSON.stringify({ layout_mode: "wide" }),
  });
  expect(r.status, await r.clone().text()).toBe(202);
  const rerender = ((await r.json()) as { rerender_id: string }).rerender_id;
  return { completedJob, queuedJob, uploadJob: upload.job_id, rerender };
}

async function setUp(): Promise<World> {
  const doc = (await (await SELF.fetch(`${BASE}/openapi.json`)).json()) as World["doc"];
  const me = await createAccount("internal");
  const extra = await Promise.all(Array.from({ length: 39 }, () => addKey(me.account.id, ["read", "write"])));
  const readOnly = await addKey(me.account.id, ["read"]);
  const victimClient = await createAccount("internal");
  const victimMarker = "VICTIMzz9Q1";
  const [own, victimOwned] = await Promise.all([populate(me, "OWNERaa1234"), populate(victimClient, victimMarker)]);
  const wh = await SELF.fetch(`${BASE}/api/v1/webhook`, { headers: { authorization: `Bearer ${victimClient.key.key}`, "cf-connecting-ip": freshIp() } });
  const webhookSecret = ((await wh.json()) as { signing_secret: string }).signing_secret;
  return {
    doc,
    keys: [me.key.key, ...extra.map((k) => k.key)],
    readOnlyKey: readOnly.key,
    own,
    victim: { ...victimOwned, email: victimClient.account.email, key: victimClient.key.key, webhookSecret, accountId: victimClient.account.id, marker: victimMarker },
  };
}

/** One generated request, before it is turned into a fetch. */
type Case = {
  auth: { kind: "owner" | "read_only" | "none" | "garbage" | "basic"; n: number };
  path: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  body?: { kind: "json"; value: unknown } | { kind: "raw"; text: string; contentType?: string };
};

const enc = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

function pathValue(name: string, schema: Schema, w: World, components: Components): fc.Arbitrary<string> {
  const own = w.own;
  const victim = w.victim;
  const common = [fc.uuid(), nastyString.filter((s) => s.length > 0), valid(schema, components).map(enc)];
  if (name === "id") {
    return fc.oneof(
      fc.constantFrom(own.completedJob, own.completedJob, own.queuedJob, own.uploadJob, victim.completedJob, victim.uploadJob, victim.queuedJob, own.completedJob.toUpperCase()),
      ...common,
    );
  }
  if (name === "rerender_id") return fc.oneof(fc.constantFrom(own.rerender, own.rerender, victim.rerender), ...common);
  if (name === "index") return fc.oneof(fc.integer({ min: 0, max: 2 }).map(String), fc.constantFrom("-1", "10", "1.5", "01", "1e0", "abc", "9", "99999999999999999999"), ...common);
  return fc.oneof(...common);
}

function caseFor(op: Operation, w: World): fc.Arbitrary<Case> {
  const components = w.doc.components.schemas;
  const params = op.parameters ?? [];
  const path: Record<string, fc.Arbitrary<string>> = {};
  for (const p of params.filter((x) => x.in === "path")) path[p.name] = pathValue(p.name, p.schema, w, components);
  const query = fc
    .tuple(
      ...params
        .filter((p) => p.in === "query")
        .map((p) =>
          fc.option(
            fc.oneof({ arbitrary: valid(p.schema, components).map(enc), weight: 2 }, { arbitrary: invalid(p.schema, components).map(enc), weight: 1 }).map((v) => [p.name, v] as [string, string]),
            { freq: 2 },
          ),
        ),
      fc.option(fc.tuple(fc.constantFrom("foo", "limit[]", "__proto__", "status", "cursor"), nastyString), { freq: 4 }),
    )
    .map((xs) => xs.filter((x): x is [string, string] => x !== null));
  const headers = fc
    .tuple(
      ...params
        .filter((p) => p.in === "header")
        .map((p) => fc.option(fc.oneof(valid(p.schema, components).map(enc), fc.constantFrom("", "x".repeat(256), "é")).map((v) => [p.name, v] as const), { freq: 2 })),
    )
    .map((xs) => Object.fromEntries(xs.filter((x) => x !== null && /^[\t\x20-\x7e]*$/.test(x[1]))));
  const schema = op.requestBody?.content["application/json"]?.schema;
  const body: fc.Arbitrary<Case["body"]> = schema
    ? fc.oneof(
        { arbitrary: valid(schema, components).map((value) => ({ kind: "json" as const, value })), weight: 4 },
        { arbitrary: invalid(schema, components).map((value) => ({ kind: "json" as const, value })), weight: 4 },
        {
          arbitrary: fc.oneof(
            fc.constantFrom("", "{", "{'url': 1}", "[", "nul", "\u0000", '{"a":1}{"b":2}', "[".repeat(5000) + "]".repeat(5000), `{"x":"${"a".repeat(MAX_JSON_BODY_BYTES)}"}`),
            nastyString,
          ).map((text) => ({ kind: "raw" as const, text, contentType: "application/json" })),
          weight: 1,
        },
        {
          arbitrary: fc
            .tuple(valid(schema, components), fc.constantFrom(undefined, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=latin1"))
            .map(([v, contentType]) => ({ kind: "raw" as const, text: JSON.stringify(v), contentType })),
          weight: 1,
        },
      )
    : fc.constant(undefined);
  const auth = fc.record({
    kind: fc.oneof(
      { arbitrary: fc.constant("owner" as const), weight: 12 },
      { arbitrary: fc.constantFrom("read_only" as const, "none" as const, "garbage" as const, "basic" as const), weight: 3 },
    ),
    n: fc.nat(),
  });
  return fc.record({ auth, path: fc.record(path), query, headers, body });
}

/** Percent-encodes a path segment; a lone surrogate (not encodable as UTF-8) goes out as raw invalid UTF-8 bytes. */
function segment(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return "%ED%A0%80" + encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ""));
  }
}

function toRequest(pathTemplate: string, method: string, c: Case, w: World): Request {
  const path = pathTemplate.replace(/\{(\w+)\}/g, (_m, name: string) => segment(c.path[name]));
  const url = new URL(`${BASE}${path}`);
  for (const [k, v] of c.query) url.searchParams.append(k, v);
  const headers = new Headers(c.headers);
  // A pool of client addresses, each used well under the per-IP limit (60/min), so the fuzz is not
  // all 429s; a pool rather than one address per request keeps the limiter objects warm. The pool is
  // the fuzz's own (TEST-NET-1): the MCP and insights tests' fixed addresses are in 198.51.100.0/24,
  // and a file that runs within the minute after the fuzz must not find its address's window spent.
  headers.set("cf-connecting-ip", `192.0.2.${c.auth.n % 200}`);
  const key = w.keys[c.auth.n % w.keys.length];
  if (c.auth.kind === "owner") headers.set("authorization", `Bearer ${key}`);
  if (c.auth.kind === "read_only") headers.set("authorization", `Bearer ${w.readOnlyKey}`);
  if (c.auth.kind === "garbage") headers.set("authorization", `Bearer katto_${"A".repeat(43)}`);
  if (c.auth.kind === "basic") headers.set("authorization", `Basic ${btoa(`x:${key}`)}`);
  let body: string | undefined;
  if (c.body?.kind === "json") {
    headers.set("content-type", "application/json");
    body = JSON.stringify(c.body.value);
  } else if (c.body?.kind === "raw") {
    if (c.body.contentType) headers.set("content-type", c.body.contentType);
    body = c.body.text;
  }
  return new Request(url, { method: method.toUpperCase(), headers, body });
}

const STACK_OR_EXCEPTION = [/\n\s+at\s/, /\.(ts|js|mjs):\d+/, /node_modules/, /\b(TypeError|ReferenceError|RangeError|SyntaxError|ZodError)\b/, /D1_ERROR|SQLITE_|SQL logic/i, /\[object Object\]/];

/** What must hold for one response; returns the problems (empty when all is well). */
function judge(op: Operation, req: Request, status: number, text: string, w: World, requested: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  if (!(String(status) in op.responses)) problems.push(`undocumented status ${status}`);
  let json: unknown;
  // a success documented as a file (an export: XML, EDL text) need not be JSON; everything else must
  const content = (op.responses[String(status)] as { content?: Record<string, unknown> } | undefined)?.content ?? {};
  const fileAnswer = status < 300 && Object.keys(content).some((t) => !t.includes("json"));
  try {
    json = JSON.parse(text);
  } catch {
    if (!fileAnswer) problems.push("body is not JSON");
  }
  if (status >= 400) {
    const error = (json as { error?: unknown } | undefined)?.error;
    if (typeof error !== "string" || error.trim() === "") problems.push("error response without a non-empty `error` string");
  }
  for (const re of STACK_OR_EXCEPTION) if (re.test(text)) problems.push(`internal detail in the body (${re})`);
  const secrets = { APP_SECRET, ADMIN_TOKEN, "the other account's key": w.victim.key, "the other account's webhook secret": w.victim.webhookSecret, "the other account's e-mail": w.victim.email };
  for (const [what, value] of Object.entries(secrets)) if (text.includes(value)) problems.push(`leaks ${what}`);
  if (text.includes(w.victim.marker)) problems.push("leaks the other account's job data");
  const victimIds = [w.victim.completedJob, w.victim.queuedJob, w.victim.uploadJob, w.victim.rerender, w.victim.accountId];
  for (const id of victimIds) {
    const asked = requested.toLowerCase().includes(id.toLowerCase());
    if (!asked && text.toLowerCase().includes(id.toLowerCase())) problems.push(`leaks the other account's id ${id}`);
    if (asked && status >= 200 && status < 300) problems.push(`answered ${status} for the other account's resource ${id}`);
  }
  const auth = req.headers.get("authorization") ?? "";
  if ((auth === "" || !auth.startsWith("Bearer ") || auth.startsWith("Bearer katto_AAAA")) && status < 400) problems.push(`answered ${status} without a valid key`);
  return problems;
}

describe("fuzz: every operation of /openapi.json", () => {
  let w: World;
  beforeAll(async () => {
    w = await setUp();
  }, 120_000);

  it("answers every generated valid and invalid request without a 5xx, an undocumented status, a malformed error or a leak", async () => {
    const ops = Object.entries(w.doc.paths).flatMap(([p, byMethod]) =>
      Object.entries(byMethod)
        .filter(([m]) => ["get", "post", "put", "patch", "delete"].includes(m))
        .map(([m, op]) => ({ path: p, method: m, op })),
    );
    expect(ops.length).toBeGreaterThanOrEqual(14);
    const perOp = Math.ceil(TOTAL_CASES / ops.length);
    const statuses: Record<string, Record<number, number>> = {};
    const failures: string[] = [];
    let cases = 0;
    // Operations run side by side, each as CHAINS seeded properties; requests within one chain run in order.
    const runs = ops.flatMap((o, i) => Array.from({ length: CHAINS }, (_, j) => ({ ...o, seed: SEED + i * CHAINS + j })));
    await Promise.all(
      runs.map(({ path, method, op, seed }) =>
        fc.assert(
          fc.asyncProperty(caseFor(op, w), async (c) => {
            const req = toRequest(path, method, c, w);
            const requested = `${req.url} ${c.body?.kind === "json" ? JSON.stringify(c.body.value) : (c.body?.text ?? "")}`;
            // The Worker's own fetch handler, called in this isolate (SELF would add a hop per request).
            const res = await worker.fetch(req, env, createExecutionContext());
            const text = await res.text();
            cases++;
            (statuses[op.operationId] ??= {})[res.status] = (statuses[op.operationId][res.status] ?? 0) + 1;
            const problems = judge(op, req, res.status, text, w, requested);
            if (problems.length) failures.push(`${method.toUpperCase()} ${path} -> ${res.status}: ${problems.join("; ")}\n  request: ${requested.slice(0, 300)}\n  body: ${text.slice(0, 300)}`);
            return problems.length === 0;
          }),
          { seed, numRuns: Math.ceil(perOp / CHAINS), endOnFailure: true },
        ).catch((e: unknown) => {
          failures.push(String(e).slice(0, 2000));
        }),
      ),
    );
    console.log(`fuzz: ${cases} cases over ${ops.length} operations (seed ${SEED}), ${failures.length} failures`);
    for (const [id, by] of Object.entries(statuses)) console.log(`  ${id}: ${Object.entries(by).map(([s, n]) => `${s}×${n}`).join(" ")}`);
    expect(failures, failures.join("\n\n")).toEqual([]);
    expect(cases).toBeGreaterThanOrEqual(5_000);
  }, 300_000);
});
