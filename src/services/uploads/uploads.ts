// Uploads (spec POST /uploads, POST /uploads/{id}/complete; docs/api-decisions.md "Uploads").
// A reservation is a job in the internal state `reserved`: invisible in lists and gets, never
// charged. Complete verifies the object (present, size, magic bytes), then charges and queues in one
// transaction; reservations never completed are swept after expiry.
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
  await ctx.env.DB.prepare(
    `INSERT INTO jobs (id, account_id, status, progress_step, progress_pct, source, source_url, created_ms, updated_at,
                       upload_key, upload_filename, upload_content_type, upload_size, upload_expires_at)
     VALUES (?1, ?2, 'reserved', 'awaiting_upload', 0, 'upload', ?3,
             ${createdMsSql("?4", "?2")}, ?5, ?6, ?7, ?8, ?9, ?10)`,
  )
    .bind(id, ctx.principal.accountId, `upload://${id}/${encodeURIComponent(input.filename)}`, nowMs, new Date(nowMs).toISOString(), uploadKey(id), input.filename, input.content_type, input.size, new Date(expiresAtMs).toISOString())
    .run();
  return {
    job_id: id,
    upload_url: await uploadUrl(ctx.env, ctx.baseUrl, id, input.content_type, expiresAtMs),
    method: "PUT" as const,
    headers: { "Content-Type": input.content_type },
    expires_in: UPLOAD_URL_TTL_S,
    complete_url: `${ctx.baseUrl}/api/v1/uploads/${id}/complete`,
  };
}

interface ReservedRow {
  status: string;
  upload_content_type: string;
  upload_size: number;
  upload_expires_at: string;
  source: string;
}

export async function completeUpload(ctx: AccountContext, id: string, input: { config?: Config }) {
  requireScope(ctx, "write");
  const db = ctx.env.DB;
  const job = await db
    .prepare("SELECT status, upload_content_type, upload_size, upload_expires_at, source FROM jobs WHERE id = ? AND account_id = ?")
    .bind(id, ctx.principal.accountId)
    .first<ReservedRow>();
  if (!job || job.source !== "upload") throw new NotFoundError("Upload not found. Use the job_id returned by POST /uploads.");
  if (job.status !== "reserved") throw new ConflictError(`Upload already completed: the job is ${job.status}. Poll ${statusUrl(ctx.baseUrl, id)}.`);
  if (Date.parse(job.upload_expires_at) < Date.now()) throw new ValidationError("The upload reservation expired (2 hours). Reserve a new upload.");
  await requireJobBrollAvailable(ctx.env, ctx.principal.accountId, input.config?.style);
  const head = await ctx.env.FILES.get(uploadKey(id), { range: { offset: 0, length: 64 } });
  if (!head) throw new ValidationError("The file has not been uploaded yet: PUT it to upload_url with the reservation's headers, then call complete.");
  if (head.size !== job.upload_size) {
    throw new ValidationError(`Uploaded size ${head.size} bytes does not match the reserved size ${job.upload_size}. Upload the whole file, or reserve again with its exact size.`);
  }
  const bad = checkDeclaredType(job.upload_content_type, new Uint8Array(await head.arrayBuffer()));
  if (bad) throw new ValidationError(bad);

  const scoreWeights = await scoreWeightsFor(ctx, input.config?.score_with);
  const now = new Date();
  // One transaction: charge only while the job is still reserved, then flip it only if charged.
  const [charged, queued] = await db.batch([
    chargeStatement(db, ctx.principal.accountId, ctx.principal.plan, now, id),
    db
      .prepare(
        `UPDATE jobs SET status = 'queued', progress_step = 'queued', charged = 1, config = ?3, updated_at = ?4, score_weights = ?6,
           created_ms = ${createdMsSql("?5", "?2")}
         WHERE changes() = 1 AND id = ?1 AND account_id = ?2 AND status = 'reserved'`,
      )
      .bind(id, ctx.principal.accountId, input.config ? JSON.stringify(input.config) : null, now.toISOString(), now.getTime(), scoreWeights),
  ]);
  if (queued.meta.changes !== 1) {
    if (charged.meta.changes === 0) {
      const again = await db.prepare("SELECT status FROM jobs WHERE id = ?").bind(id).first<{ status: string }>();
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
  const job = await env.DB.prepare("SELECT status, upload_content_type, upload_size FROM jobs WHERE id = ?").bind(id).first<ReservedRow>();
  if (!job) throw new NotFoundError("Upload not found.");
  if (job.status !== "reserved") throw new ConflictError("This upload was already completed.");
  const type = req.headers.get("content-type") ?? "";
  if (type.split(";")[0].trim() !== job.upload_content_type) throw new ValidationError(`Content-Type must be ${job.upload_content_type}, as reserved.`);
  const length = Number(req.headers.get("content-length") ?? Number.NaN);
  if (!Number.isFinite(length)) throw new ValidationError("Content-Length is required.");
  if (length !== job.upload_size) throw new ValidationError(`Content-Length ${length} does not match the reserved size ${job.upload_size}.`);
  if (!req.body) throw new ValidationError("Empty body.");
  await env.FILES.put(uploadKey(id), req.body, { httpMetadata: { contentType: job.upload_content_type } });
}
