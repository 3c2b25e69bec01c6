// Clip and caption downloads: a plain GET, no API key (the key carries an unguessable HMAC tag;
// docs/storage-layout.md). Objects never change under a key, so they are cached as immutable.
import type { Hono } from "hono";
import { errorBody } from "../../errors";
import type { AppEnv } from "../../middleware/types";
import { r2Response } from "../../storage/r2-response";
import { uploadKey } from "../../storage/keys";
import { verifySourceSignature } from "../../services/export/export";

export function registerFiles(app: Hono<AppEnv>) {
  app.on(["GET", "HEAD"], "/files/clips/*", async (c) => {
    const key = decodeURIComponent(new URL(c.req.url).pathname.slice("/files/".length));
    const obj = await c.env.FILES.get(key, { range: c.req.raw.headers });
    if (!obj || !("body" in obj)) return c.json(errorBody("not_found", "File not found."), 404);
    const res = r2Response(obj, c.req.raw);
    return c.req.method === "HEAD" ? new Response(null, { status: res.status, headers: res.headers }) : res;
  });

  // An uploaded source (GET /api/v1/jobs/{id}/source hands out this link): signed and expiring,
  // because it is the caller's private original; the name in the path is the download's file name.
  app.on(["GET", "HEAD"], "/files/sources/:jobId/:name", async (c) => {
    const jobId = c.req.param("jobId");
    const bad = /^[0-9a-f-]{36}$/.test(jobId) ? await verifySourceSignature(c.env, jobId, c.req.query("expires"), c.req.query("sig")) : "Not a job's source link.";
    if (bad) return c.json(errorBody("forbidden", bad), 403);
    const obj = await c.env.FILES.get(uploadKey(jobId), { range: c.req.raw.headers });
    if (!obj || !("body" in obj)) return c.json(errorBody("not_found", "This job's uploaded source is no longer stored."), 404);
    const res = r2Response(obj, c.req.raw);
    const headers = new Headers(res.headers);
    headers.set("content-disposition", `attachment; filename="${c.req.param("name").replace(/[^A-Za-z0-9._-]/g, "_")}"`);
    // the link expires: nothing may keep serving it from a cache after that
    headers.set("cache-control", "private, no-store");
    return new Response(c.req.method === "HEAD" ? null : res.body, { status: res.status, headers });
  });
}
