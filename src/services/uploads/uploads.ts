// Uploads (spec POST /uploads, POST /uploads/{id}/complete; docs/api-decisions.md "Uploads").
// A reservation is a job in the internal state `reserved`: invisible in lists and gets, never
// charged. Complete verifies the object (present, size, magic bytes), then charges and queues in one
// transaction; reservations never completed are swept after expiry.
import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { jobs } from "../../db/schema";
import { ConflictError, NotFoundError, ValidationError } from "../../errors";
import { newId } from "../../lib/ids";
import { enqueueRender } from "../../render-queue/producers";
import type { Config } from "@katto/protocol/api";
import { uploadKey } from "../../storage/keys";
import { checkDeclaredType } from "../../storage/magic";
import { UPLOAD_URL_TTL_S, uploadUrl } from "../../storage/presign";
import { requireScope } from "../auth/keys";
import { requireJobBrollAvailable } from "../broll/task";
import { scoreWeightsFor } from "../insights/get";
import type { AccountContext } from "../context";
import { createdMsSql } from "../jobs/cursor";
import { resolveJobAspect } from "../jobs/aspect";
import { statusUrl } from "../jobs/view";
import { planOf } from "../plans";
import { chargeStatement, quotaExceeded } from "../quota";

const formatBytes = (n: number) => (n >= 1024 ** 3 ? `${n / 1024 ** 3} GB` : `${Math.round(n / 1024 ** 2)} MB`);

export async function reserveUpload(ctx: AccountContext, input: { filename: string; content_type: string; size: number }) {
  requireScope(ctx, "write");
  const cap = planOf(ctx.principal.plan).uploadCapBytes;
  if (input.size > cap) throw new ValidationError(`size ${input.size} exceeds the ${ctx.principal.plan} plan's upload cap of ${formatBytes(cap)}.`);
  const id = newId();
  const nowMs = Date.now();
  const expiresAtMs = nowMs + UPLOAD_URL_TTL_S * 1000;
  const db = drizzle(ctx.env.DB);
  await db.insert(jobs).values({
    id, accountId: ctx.principal.accountId, status: "reserved", progressStep: "awaiting_upload", progressPct: 0, source: "upload", sourceUrl: `upload://${id}/${encodeURIComponent(input.filename)}`,
    createdMs: createdMsSql(db, nowMs, ctx.principal.accountId), updatedAt: new Date(nowMs).toISOString(),
    uploadKey: uploadKey(id), uploadFilename: input.filename, uploadContentType: input.content_type, uploadSize: input.size, uploadExpiresAt: new Date(expiresAtMs).toISOString(),
  });
  return {
    job_id: id,
    upload_url: await uploadUrl(ctx.env, ctx.baseUrl, id, input.content_type, expiresAtMs),
    method: "PUT" as const,
    headers: { "Content-Type": input.content_type },
    expires_in: UPLOAD_URL_TTL_S,
    complete_url: `${ctx.baseUrl}/api/v1/uploads/${id}/complete`,
  };
}

/** A reservation's columns that completing it checks. */
const reserved = { status: jobs.status, uploadContentType: jobs.uploadContentType, uploadSize: jobs.uploadSize, uploadExpiresAt: jobs.uploadExpiresAt, source: jobs.source };

export async function completeUpload(ctx: AccountContext, id: string, input: { config?: Config }) {
  requireScope(ctx, "write");
  const db = drizzle(ctx.env.DB);
  const job = await db.select(reserved).from(jobs).where(and(eq(jobs.id, id), eq(jobs.accountId, ctx.principal.accountId))).get();
  const notFound = new NotFoundError("Upload not found. Use the job_id returned by POST /uploads.");
  if (!job || job.source !== "upload") throw notFound;
  if (job.status !== "reserved") throw new ConflictError(`Upload already completed: the job is ${job.status}. Poll ${statusUrl(ctx.baseUrl, id)}.`);
  // A reservation always has its upload columns (reserveUpload writes them).
  if (job.uploadSize === null || job.uploadContentType === null || job.uploadExpiresAt === null) throw notFound;
  if (Date.parse(job.uploadExpiresAt) < Date.now()) throw new ValidationError("The upload reservation expired (2 hours). Reserve a new upload.");
  await requireJobBrollAvailable(ctx.env, ctx.principal.accountId, input.config?.style);
  const head = await ctx.env.FILES.get(uploadKey(id), { range: { offset: 0, length: 64 } });
  if (!head) throw new ValidationError("The file has not been uploaded yet: PUT it to upload_url with the reservation's headers, then call complete.");
  if (head.size !== job.uploadSize) {
    throw new ValidationError(`Uploaded size ${head.size} bytes does not match the reserved size ${job.uploadSize}. Upload the whole file, or reserve again with its exact size.`);
  }
  const bad = checkDeclaredType(job.uploadContentType, new Uint8Array(await head.arrayBuffer()));
  if (bad) throw new ValidationError(bad);

  const scoreWeights = await scoreWeightsFor(ctx, input.config?.score_with);
  const aspect = await resolveJobAspect(ctx.env.DB, ctx.principal.accountId, input.config);
  const now = new Date();
  // One transaction: charge only while the job is still reserved, then flip it only if charged.
  const [charged, queued] = await db.batch([
    chargeStatement(db, ctx.principal.accountId, ctx.principal.plan, now, id),
    db
      .update(jobs)
      .set({
        status: "queued", progressStep: "queued", charged: true, config: input.config ? JSON.stringify(input.config) : null, aspect, updatedAt: now.toISOString(), scoreWeights,
        createdMs: createdMsSql(db, now.getTime(), ctx.principal.accountId),
      })
      .where(and(sql`changes() = 1`, eq(jobs.id, id), eq(jobs.accountId, ctx.principal.accountId), eq(jobs.status, "reserved"))),
  ]);
  if (queued.meta.changes !== 1) {
    if (charged.meta.changes === 0) {
      const again = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)).get();
      if (again && again.status !== "reserved") throw new ConflictError(`Upload already completed: the job is ${again.status}.`);
      throw quotaExceeded(ctx.principal.plan);
    }
    throw new ConflictError("Upload already completed.");
  }
  await enqueueRender(ctx.env, id);
  return { id, status: "queued" as const, status_url: statusUrl(ctx.baseUrl, id) };
}

/** Local-mode PUT target: stream the body into R2 under the reservation's key. */
export async function receiveLocalUpload(env: AccountContext["env"], id: string, req: Request) {
  const job = await drizzle(env.DB).select(reserved).from(jobs).where(eq(jobs.id, id)).get();
  if (!job) throw new NotFoundError("Upload not found.");
  if (job.status !== "reserved") throw new ConflictError("This upload was already completed.");
  if (job.uploadSize === null || job.uploadContentType === null) throw new NotFoundError("Upload not found.");
  const type = req.headers.get("content-type") ?? "";
  if (type.split(";")[0].trim() !== job.uploadContentType) throw new ValidationError(`Content-Type must be ${job.uploadContentType}, as reserved.`);
  const length = Number(req.headers.get("content-length") ?? Number.NaN);
  if (!Number.isFinite(length)) throw new ValidationError("Content-Length is required.");
  if (length !== job.uploadSize) throw new ValidationError(`Content-Length ${length} does not match the reserved size ${job.uploadSize}.`);
  if (!req.body) throw new ValidationError("Empty body.");
  await env.FILES.put(uploadKey(id), req.body, { httpMetadata: { contentType: job.uploadContentType } });
}
