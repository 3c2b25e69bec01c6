// Clip and caption downloads: a plain GET, no API key (the key carries an unguessable HMAC tag;
// docs/storage-layout.md). Objects never change under a key, so they are cached as immutable.
import type { Hono } from "hono";
import { errorBody } from "../../errors";
import type { AppEnv } from "../../middleware/types";
import { r2Response } from "../../storage/r2-response";

export function registerFiles(app: Hono<AppEnv>) {
  app.on(["GET", "HEAD"], "/files/clips/*", async (c) => {
    const key = decodeURIComponent(new URL(c.req.url).pathname.slice("/files/".length));
    const obj = await c.env.FILES.get(key, { range: c.req.raw.headers });
    if (!obj || !("body" in obj)) return c.json(errorBody("not_found", "File not found."), 404);
    const res = r2Response(obj, c.req.raw);
    return c.req.method === "HEAD" ? new Response(null, { status: res.status, headers: res.headers }) : res;
  });
}
