import { ConflictError } from "../../errors";
import { renderBackend } from "../../render-backend/client";
import type { AccountContext } from "../context";
import { requireScope } from "../auth/keys";
import { loadOwnJob } from "./read";
import { stopJob } from "./stop";

/**
 * DELETE /jobs/{id}. queued, processing and scoring jobs can be cancelled (docs/api-decisions.md):
 * one transaction flips the status, refunds the slot within the plan's refund cap and records it.
 * Then the backend is told to stop, and files it already uploaded are deleted.
 */
export async function cancelJob(ctx: AccountContext, id: string) {
  requireScope(ctx, "write");
  const job = await loadOwnJob(ctx, id);
  const { stopped, refunded } = await stopJob(
    ctx.env.DB,
    { id, accountId: ctx.principal.accountId, plan: ctx.principal.plan, createdMs: job.createdMs },
    { status: "cancelled", error: null, refund: true, countsTowardCap: true },
  );
  if (!stopped) {
    const current = await loadOwnJob(ctx, id);
    throw new ConflictError(`Job is ${current.status}; only queued, processing or scoring jobs can be cancelled.`);
  }
  const stop = stopRenderWork(ctx, id);
  if (ctx.waitUntil) ctx.waitUntil(stop);
  else await stop;
  return { id, status: "cancelled" as const, refunded };
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
