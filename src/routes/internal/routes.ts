// Render backend callbacks (docs/render-protocol.md). Not in the public OpenAPI document.
// Each job (and re-render) has its own bearer token, so a backend can only touch its own work.
import type { Context, Hono } from "hono";
import type { z } from "zod";
import { errorBody, ValidationError } from "../../errors";
import type { AppEnv } from "../../middleware/types";
import { brollWorkId, requireCallbackToken } from "../../render-backend/callbacks";
import { readBrollAsset } from "../../services/broll/library";
import { RenderEventSchema } from "../../schemas/render-protocol";
import { RerenderEventSchema } from "@katto/protocol";
import { publicBaseUrl } from "../../services/context";
import { applyRenderEvent } from "../../services/render/events";
import { readJobFile, readJobSource, storeJobFile, type IncomingFile } from "../../services/render/files";
import { applyRerenderEvent, storeRerenderFile } from "../../services/rerenders/events";
import { r2Response } from "../../storage/r2-response";

const bearer = (c: Context<AppEnv>) => /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];

/** Parse a callback body with its event schema; a malformed one is a 400 naming the fields. */
async function parseEvent<T>(req: Request, schema: z.ZodType<T>, what: string): Promise<T> {
  const ev = schema.safeParse(await req.json().catch(() => null));
  if (!ev.success) throw new ValidationError(`Invalid ${what}: ${ev.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return ev.data;
}

const incomingFile = (c: Context<AppEnv>, name: string): IncomingFile => ({ name, body: c.req.raw.body, contentType: c.req.header("content-type") });

/** A stored file, or the protocol's 404. */
const fileResponse = (c: Context<AppEnv>, obj: R2ObjectBody | null, what: string) =>
  obj ? r2Response(obj, c.req.raw) : c.json(errorBody("not_found", `${what} not found.`), 404);

export function registerInternal(app: Hono<AppEnv>) {
  app.post("/internal/v1/jobs/:id/events", async (c) => {
    const id = c.req.param("id");
    await requireCallbackToken(c.env, id, bearer(c));
    await applyRenderEvent(c.env, id, await parseEvent(c.req.raw, RenderEventSchema, "render event"));
    return c.json({ ok: true });
  });

  app.put("/internal/v1/jobs/:id/files/:name", async (c) => {
    const { id, name } = c.req.param();
    await requireCallbackToken(c.env, id, bearer(c));
    return c.json(await storeJobFile(c.env, publicBaseUrl(c.env, c.req.url), id, incomingFile(c, name)), 201);
  });

  app.post("/internal/v1/rerenders/:rid/events", async (c) => {
    const rid = c.req.param("rid");
    await requireCallbackToken(c.env, rid, bearer(c));
    await applyRerenderEvent(c.env, rid, await parseEvent(c.req.raw, RerenderEventSchema, "re-render event"));
    return c.json({ ok: true });
  });

  app.put("/internal/v1/rerenders/:rid/files/:name", async (c) => {
    const { rid, name } = c.req.param();
    await requireCallbackToken(c.env, rid, bearer(c));
    return c.json(await storeRerenderFile(c.env, publicBaseUrl(c.env, c.req.url), rid, incomingFile(c, name)), 201);
  });

  // The uploaded source of a job, for the backend to fetch (token in the query: the backend's
  // downloader treats it as a plain URL).
  app.get("/internal/v1/jobs/:id/source", async (c) => {
    const id = c.req.param("id");
    await requireCallbackToken(c.env, id, c.req.query("token"));
    return fileResponse(c, await readJobSource(c.env, id, c.req.raw.headers), "Source");
  });

  // A B-roll library asset a render cuts away to (style `broll: library`); its token is the asset's own.
  app.get("/internal/v1/broll/:id", async (c) => {
    const id = c.req.param("id");
    await requireCallbackToken(c.env, brollWorkId(id), c.req.query("token"));
    return fileResponse(c, await readBrollAsset(c.env, id, c.req.raw.headers), "B-roll asset");
  });

  // A file the job's backend stored, for another backend instance to fetch: in HD fan-out each
  // clip's HD task reads the clip's mezzanine here (docs/render-protocol.md "HD fan-out").
  app.get("/internal/v1/jobs/:id/files/:name", async (c) => {
    const { id, name } = c.req.param();
    await requireCallbackToken(c.env, id, c.req.query("token"));
    return fileResponse(c, await readJobFile(c.env, id, name, c.req.raw.headers), "File");
  });
}
