import { ConflictError } from "../../errors";
import { renderBackend } from "../../render/backend";
import type { AccountContext } from "../context";
import { refundStatement } from "../quota";
import { requireScope } from "./create";
import { loadOwnJob } from "./read";

/**
 * DELETE /jobs/{id}. queued, processing and scoring jobs can be cancelled (docs/api-decisions.md):
 * one batch flips the status, refunds the slot within the plan's refund cap and records the refund.
 * Then the backend is told to stop, and files it already uploaded are deleted.
 */
export async function cancelJob(ctx: AccountContext, id: string) {
  requireScope(ctx, "write");
  const job = await loadOwnJob(ctx, id);
  const db = ctx.env.DB;
  const now = new Date().toISOString();
  const [cancelled, , marked] = await db.batch([
    db
      .prepare(
        `UPDATE jobs SET status = 'cancelled', progress_step = 'cancelled', updated_at = ?3
         WHERE id = ?1 AND account_id = ?2 AND status IN ('queued', 'processing', 'scoring')`,
      )
      .bind(id, ctx.principal.accountId, now),
    refundStatement(db, ctx.principal.accountId, ctx.principal.plan, job.createdMs, true),
    db.prepare("UPDATE jobs SET refunded = 1 WHERE changes() = 1 AND id = ?1").bind(id),
  ]);
  if (cancelled.meta.changes !== 1) {
    const current = await loadOwnJob(ctx, id);
    throw new ConflictError(`Job is ${current.status}; only queued, processing or scoring jobs can be cancelled.`);
  }
  const stop = stopRenderWork(ctx, id);
  if (ctx.waitUntil) ctx.waitUntil(stop);
  else await stop;
  return { id, status: "cancelled" as const, refunded: marked.meta.changes === 1 };
}

async function stopRenderWork(ctx: AccountContext, id: string) {
  try {
    await renderBackend(ctx.env, id).fetch(`/v1/jobs/${id}`, { method: "DELETE" });
  } catch (e) {
    // The backend may be down or already done; events it sends later are refused with 409.
    console.log(JSON.stringify({ msg: "cancel: backend not reached", job_id: id, error: String(e) }));
  }
  await deleteJobFiles(ctx.env.FILES, id);
}

export async function deleteJobFiles(bucket: R2Bucket, jobId: string) {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: `clips/${jobId}/`, cursor });
    if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}
