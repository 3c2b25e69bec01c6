// The account's B-roll library (docs/api-decisions.md "B-roll library"): an upload is started with
// its keywords (a `pending` row and a PUT URL, presigned R2 like a video upload), completed once
// the bytes are checked (present, of the declared size, an image or video of the declared type),
// listed and deleted. Nothing here charges a quota; the library's size is capped instead.
import { BROLL_CONTENT_TYPES, BROLL_LIMITS, isJpeg, isPng, type BrollAsset, type BrollContentType } from "@katto/protocol";
import { and, count, desc, eq, gt, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { insertWhere } from "../../db/insert-where";
import { accounts, brollAssets } from "../../db/schema";
import { ConflictError, NotFoundError, ValidationError } from "../../errors";
import { newId } from "../../lib/ids";
import { brollKey } from "../../storage/keys";
import { checkDeclaredType } from "../../storage/magic";
import { brollUploadUrl, UPLOAD_URL_TTL_S } from "../../storage/presign";
import { requireScope } from "../auth/keys";
import type { AccountContext } from "../context";
import type { Env } from "../../env";
import { brollAssetUrl } from "../../render-backend/callbacks";

type Row = typeof brollAssets.$inferSelect;

const view = (r: Row) => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  filename: r.filename,
  content_type: r.contentType,
  size: r.size,
  keywords: JSON.parse(r.keywords) as string[],
  created_at: r.createdAt,
});

/** The account's ready assets, newest first. */
const readyAssets = (d1: D1Database, accountId: string) =>
  drizzle(d1).select().from(brollAssets).where(and(eq(brollAssets.accountId, accountId), eq(brollAssets.status, "ready"))).orderBy(desc(brollAssets.createdAt), sql`rowid DESC`);

const mb = (n: number) => `${n / 1024 ** 2} MB`;

/** Keywords as stored: trimmed, case kept, duplicates (ignoring case) dropped. */
export const normaliseKeywords = (ks: readonly string[]) => [...new Map(ks.map((k) => [k.trim().replace(/\s+/g, " ").toLowerCase(), k.trim().replace(/\s+/g, " ")])).values()];

export async function startBrollUpload(ctx: AccountContext, input: { filename: string; content_type: string; size: number; keywords: string[] }) {
  requireScope(ctx, "write");
  const kind = BROLL_CONTENT_TYPES[input.content_type as BrollContentType];
  const cap = kind === "image" ? BROLL_LIMITS.imageBytes : BROLL_LIMITS.videoBytes;
  if (input.size > cap) throw new ValidationError(`size ${input.size} exceeds the ${mb(cap)} limit of a B-roll ${kind}. Trim or compress it first.`);
  const id = newId();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_S * 1000);
  // One conditional insert: only while the library (ready assets and live reservations) has room.
  const db = drizzle(ctx.env.DB);
  const accountId = ctx.principal.accountId;
  const held = db
    .select({ n: count() })
    .from(brollAssets)
    .where(and(eq(brollAssets.accountId, accountId), or(eq(brollAssets.status, "ready"), gt(brollAssets.uploadExpiresAt, now.toISOString()))));
  const row: Row = {
    id, accountId, kind, filename: input.filename, contentType: input.content_type, size: input.size, keywords: JSON.stringify(normaliseKeywords(input.keywords)),
    status: "pending", uploadExpiresAt: expiresAt.toISOString(), createdAt: now.toISOString(),
  };
  const inserted = await insertWhere(db, brollAssets, row, accounts, and(eq(accounts.id, accountId), sql`(${held}) < ${BROLL_LIMITS.assets}`)).run();
  if (inserted.meta.changes !== 1) throw new ConflictError(`The B-roll library is full (${BROLL_LIMITS.assets} assets). Delete assets you no longer use (DELETE /api/v1/broll/{id}), then upload again.`);
  return {
    asset: view(row),
    upload_url: await brollUploadUrl(ctx.env, ctx.baseUrl, ctx.principal.accountId, id, input.content_type, expiresAt.getTime()),
    method: "PUT" as const,
    headers: { "Content-Type": input.content_type },
    expires_in: UPLOAD_URL_TTL_S,
    complete_url: `${ctx.baseUrl}/api/v1/broll/${id}/complete`,
  };
}

/** null when the first bytes fit the declared type, else what is wrong (pure). */
export function checkBrollBytes(contentType: string, head: Uint8Array): string | null {
  if (contentType === "image/png") return isPng(head) ? null : `The uploaded file is not a PNG image (image/png was declared${isJpeg(head) ? "; it is a JPEG: start again with content_type image/jpeg" : ""}).`;
  if (contentType === "image/jpeg") return isJpeg(head) ? null : `The uploaded file is not a JPEG image (image/jpeg was declared${isPng(head) ? "; it is a PNG: start again with content_type image/png" : ""}).`;
  return checkDeclaredType(contentType, head);
}

async function ownRow(ctx: AccountContext, id: string): Promise<Row> {
  const row = await drizzle(ctx.env.DB).select().from(brollAssets).where(and(eq(brollAssets.id, id), eq(brollAssets.accountId, ctx.principal.accountId))).get();
  if (!row) throw new NotFoundError("B-roll asset not found. Use an id from GET /api/v1/broll or POST /api/v1/broll.");
  return row;
}

export async function completeBrollUpload(ctx: AccountContext, id: string) {
  requireScope(ctx, "write");
  const row = await ownRow(ctx, id);
  if (row.status === "ready") throw new ConflictError("This B-roll upload was already completed.");
  if (Date.parse(row.uploadExpiresAt) < Date.now()) throw new ValidationError("The B-roll upload expired (2 hours). Start it again with POST /api/v1/broll.");
  const head = await ctx.env.FILES.get(brollKey(row.accountId, id), { range: { offset: 0, length: 64 } });
  if (!head) throw new ValidationError("The file has not been uploaded yet: PUT it to upload_url with the given headers, then call complete.");
  if (head.size !== row.size) throw new ValidationError(`Uploaded size ${head.size} bytes does not match the declared size ${row.size}. Upload the whole file, or start again with its exact size.`);
  const bad = checkBrollBytes(row.contentType, new Uint8Array(await head.arrayBuffer()));
  if (bad) throw new ValidationError(bad);
  const done = await drizzle(ctx.env.DB)
    .update(brollAssets)
    .set({ status: "ready" })
    .where(and(eq(brollAssets.id, id), eq(brollAssets.accountId, ctx.principal.accountId), eq(brollAssets.status, "pending")))
    .run();
  if (done.meta.changes !== 1) throw new ConflictError("This B-roll upload was already completed.");
  return view({ ...row, status: "ready" });
}

export async function listBroll(ctx: AccountContext) {
  requireScope(ctx, "read");
  return { assets: (await readyAssets(ctx.env.DB, ctx.principal.accountId).all()).map(view) };
}

export async function deleteBroll(ctx: AccountContext, id: string) {
  requireScope(ctx, "write");
  const row = await ownRow(ctx, id);
  const gone = await drizzle(ctx.env.DB).delete(brollAssets).where(and(eq(brollAssets.id, id), eq(brollAssets.accountId, ctx.principal.accountId))).run();
  if (gone.meta.changes !== 1) throw new NotFoundError("B-roll asset not found.");
  await ctx.env.FILES.delete(brollKey(row.accountId, id));
  return { id, deleted: true as const };
}

/** Local-mode PUT target: stream the body into R2 under the asset's key. */
export async function receiveLocalBrollUpload(env: Env, id: string, req: Request) {
  const row = await drizzle(env.DB).select().from(brollAssets).where(eq(brollAssets.id, id)).get();
  if (!row) throw new NotFoundError("B-roll upload not found.");
  if (row.status !== "pending") throw new ConflictError("This B-roll upload was already completed.");
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim();
  if (type !== row.contentType) throw new ValidationError(`Content-Type must be ${row.contentType}, as declared.`);
  const length = Number(req.headers.get("content-length") ?? Number.NaN);
  if (!Number.isFinite(length)) throw new ValidationError("Content-Length is required.");
  if (length !== row.size) throw new ValidationError(`Content-Length ${length} does not match the declared size ${row.size}.`);
  if (!req.body) throw new ValidationError("Empty body.");
  await env.FILES.put(brollKey(row.accountId, id), req.body, { httpMetadata: { contentType: row.contentType } });
}

/** The account's ready assets as a render task carries them, newest first, each with its signed download URL. */
export async function taskLibrary(env: Env, accountId: string): Promise<BrollAsset[]> {
  const results = await readyAssets(env.DB, accountId).limit(BROLL_LIMITS.assets).all();
  return Promise.all(results.map(async (r) => ({ id: r.id, kind: r.kind, url: await brollAssetUrl(env, r.id), keywords: JSON.parse(r.keywords) as string[] })));
}

/** A ready asset's bytes for the render backend (GET /internal/v1/broll/{id}); null when gone. */
export async function readBrollAsset(env: Env, id: string, headers: Headers): Promise<R2ObjectBody | null> {
  const row = await drizzle(env.DB).select({ accountId: brollAssets.accountId }).from(brollAssets).where(and(eq(brollAssets.id, id), eq(brollAssets.status, "ready"))).get();
  if (!row) return null;
  return env.FILES.get(brollKey(row.accountId, id), { range: headers });
}
