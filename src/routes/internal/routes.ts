// Render backend callbacks (docs/render-protocol.md). Not in the public OpenAPI document.
// Each job has its own bearer token, an HMAC of the job id, so a backend can only touch its job.
import type { Context, Hono } from "hono";
import type { z } from "zod";
import { ConflictError, errorBody, NotFoundError, UnauthorizedError, ValidationError } from "../../errors";
import { timingSafeEqualStr } from "../../lib/ids";
import type { AppEnv } from "../../middleware/types";
import { renderCallbackToken } from "../../render/backend";
import { RenderEventSchema } from "../../schemas/render-protocol";
import { RerenderEventSchema } from "../../schemas/rerender";
import { applyRerenderEvent, rerenderFileKey } from "../../services/rerenders/rerenders";
import { applyRenderEvent } from "../../services/render/events";
import { FILE_NAME, jobFileKey, uploadKey } from "../../storage/keys";
import { publicBaseUrl } from "../../services/context";
import { fileUrl } from "../../storage/keys";

async function requireJobToken(env: AppEnv["Bindings"], jobId: string, presented: string | undefined) {
  const expected = await renderCallbackToken(env.APP_SECRET ?? "", jobId);
  if (!presented || !timingSafeEqualStr(presented, expected)) throw new UnauthorizedError("Invalid render callback token.");
}
const bearer = (h: string | undefined) => /^Bearer\s+(\S+)$/i.exec(h ?? "")?.[1];

const checkFileName = (name: string) => {
  if (!FILE_NAME.test(name)) throw new ValidationError("File name must match ^[a-z0-9][a-z0-9._-]{0,80}$.");
};

/** Parse a callback body with its event schema; a malformed one is a 400 naming the fields. */
async function parseEvent<T>(req: Request, schema: z.ZodType<T>, what: string): Promise<T> {
  const ev = schema.safeParse(await req.json().catch(() => null));
  if (!ev.success) throw new ValidationError(`Invalid ${what}: ${ev.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return ev.data;
}

/** Stream a PUT body into R2 under `key` (immutable: keys never change content). */
async function storeFile(c: Context<AppEnv>, key: string) {
  if (!c.req.raw.body) throw new ValidationError("Empty body.");
  await c.env.FILES.put(key, c.req.raw.body, {
    httpMetadata: { contentType: c.req.header("content-type") ?? "application/octet-stream", cacheControl: "public, max-age=31536000, immutable" },
  });
  return c.json({ key, url: fileUrl(publicBaseUrl(c.env, c.req.url), key) }, 201);
}

export function registerInternal(app: Hono<AppEnv>) {
  app.post("/internal/v1/jobs/:id/events", async (c) => {
    const id = c.req.param("id");
    await requireJobToken(c.env, id, bearer(c.req.header("authorization")));
    await applyRenderEvent(c.env, id, await parseEvent(c.req.raw, RenderEventSchema, "render event"));
    return c.json({ ok: true });
  });

  app.put("/internal/v1/jobs/:id/files/:name", async (c) => {
    const { id, name } = c.req.param();
    await requireJobToken(c.env, id, bearer(c.req.header("authorization")));
    checkFileName(name);
    // HD files land after `completed`, so completed jobs still accept files; stopped jobs do not.
    const job = await c.env.DB.prepare("SELECT status FROM jobs WHERE id = ?").bind(id).first<{ status: string }>();
    if (!job) throw new NotFoundError("Job not found.");
    if (!["queued", "processing", "scoring", "completed"].includes(job.status)) throw new ConflictError(`Job is ${job.status}; no more files are accepted.`);
    return storeFile(c, await jobFileKey(c.env.APP_SECRET ?? "", id, name));
  });

  app.post("/internal/v1/rerenders/:rid/events", async (c) => {
    const rid = c.req.param("rid");
    await requireJobToken(c.env, rid, bearer(c.req.header("authorization")));
    await applyRerenderEvent(c.env, rid, await parseEvent(c.req.raw, RerenderEventSchema, "re-render event"));
    return c.json({ ok: true });
  });

  app.put("/internal/v1/rerenders/:rid/files/:name", async (c) => {
    const { rid, name } = c.req.param();
    await requireJobToken(c.env, rid, bearer(c.req.header("authorization")));
    checkFileName(name);
    const r = await c.env.DB.prepare("SELECT job_id, status FROM rerenders WHERE id = ?").bind(rid).first<{ job_id: string; status: string }>();
    if (!r) throw new NotFoundError("Re-render not found.");
    if (r.status !== "queued" && r.status !== "processing") throw new ConflictError(`Re-render is ${r.status}; no more files are accepted.`);
    return storeFile(c, await rerenderFileKey(c.env.APP_SECRET ?? "", r.job_id, rid, name));
  });

  // The uploaded source of a job, for the backend to fetch (token in the query: the backend's
  // downloader treats it as a plain URL).
  app.get("/internal/v1/jobs/:id/source", async (c) => {
    const id = c.req.param("id");
    await requireJobToken(c.env, id, c.req.query("token"));
    const obj = await c.env.FILES.get(uploadKey(id), { range: c.req.raw.headers });
    if (!obj) return c.json(errorBody("not_found", "Source not found."), 404);
    return r2Response(obj, c.req.raw);
  });

  // A file the job's backend stored, for another backend instance to fetch: in HD fan-out each
  // clip's HD task reads the clip's mezzanine here (docs/render-protocol.md "HD fan-out").
  app.get("/internal/v1/jobs/:id/files/:name", async (c) => {
    const { id, name } = c.req.param();
    await requireJobToken(c.env, id, c.req.query("token"));
    checkFileName(name);
    const obj = await c.env.FILES.get(await jobFileKey(c.env.APP_SECRET ?? "", id, name), { range: c.req.raw.headers });
    if (!obj) return c.json(errorBody("not_found", "File not found."), 404);
    return r2Response(obj, c.req.raw);
  });
}

/** A GET response for an R2 object, honouring Range (206) so players can seek. */
export function r2Response(obj: R2ObjectBody, req: Request): Response {
  const headers = new Headers();
  obj.writeHttpMetadata(headers);
  headers.set("etag", obj.httpEtag);
  headers.set("accept-ranges", "bytes");
  const range = obj.range as { offset?: number; length?: number; suffix?: number } | undefined;
  if (req.headers.has("range") && range) {
    const offset = range.suffix !== undefined ? obj.size - range.suffix : (range.offset ?? 0);
    const length = range.suffix !== undefined ? range.suffix : (range.length ?? obj.size - offset);
    headers.set("content-range", `bytes ${offset}-${offset + length - 1}/${obj.size}`);
    headers.set("content-length", String(length));
    return new Response(obj.body, { status: 206, headers });
  }
  headers.set("content-length", String(obj.size));
  return new Response(obj.body, { status: 200, headers });
}
