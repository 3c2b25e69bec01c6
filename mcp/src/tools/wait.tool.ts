// service_wait_for_job: one bounded call instead of dozens of polls. It polls the API itself, sends
// MCP progress notifications (step + pct) to the caller's progressToken, and returns before common
// client call timeouts (60 s in the MCP TypeScript SDK and Claude Desktop), saying whether it is done.
import { z } from "zod";
import { JobSchema, RerenderSchema } from "@katto/protocol/api";
import { KattoApiError } from "@katto/sdk";
import { defineTool, sendProgress, unwrap, type ToolContext } from "../tool";
import { jobId } from "./jobs.tool";

export const WAIT_DEFAULT_SECONDS = 50;
export const WAIT_MAX_SECONDS = 55;
const POLL_MS = 3000;

const WaitResultSchema = z.object({
  done: z.boolean().describe("True when the job or re-render reached its end (completed with HD ready, failed, or cancelled); false when the wait ran out first."),
  waited_seconds: z.number(),
  job: JobSchema.optional(),
  rerender: RerenderSchema.optional(),
});

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(t), resolve()), { once: true });
  });

const progress = (ctx: ToolContext, pct: number, message: string) => sendProgress(ctx.extra, pct, message);

/** A poll that answers 429 waits Retry-After (inside the deadline) instead of failing the whole wait. */
async function poll<T>(get: () => Promise<T>, deadline: number, signal: AbortSignal): Promise<T | undefined> {
  try {
    return await get();
  } catch (err) {
    if (!(err instanceof KattoApiError) || err.status !== 429) throw err;
    const pause = (err.retryAfter ?? 1) * 1000;
    if (Date.now() + pause + POLL_MS > deadline) throw err;
    await sleep(pause, signal);
    return undefined;
  }
}

export const waitForJob = defineTool({
  name: "service_wait_for_job",
  title: "Wait for a job or re-render",
  description:
    `Wait up to timeout_seconds (default ${WAIT_DEFAULT_SECONDS}, at most ${WAIT_MAX_SECONDS}) for a job to finish (completed with final HD files and every clip made by hand landed or failed, failed or cancelled), or with rerender_id for a re-render or dub to finish. ` +
    "Sends progress notifications (step and percentage) while waiting and returns the job or re-render. If done is false, call it again: a source of 20 minutes takes about 5 minutes. Free and read-only.",
  input: {
    job_id: jobId,
    rerender_id: z.string().min(1).max(64).optional().describe("Wait for this re-render or dub of the job instead of the job itself."),
    timeout_seconds: z.number().min(1).max(WAIT_MAX_SECONDS).optional().describe(`How long to wait at most, in seconds (default ${WAIT_DEFAULT_SECONDS}, max ${WAIT_MAX_SECONDS}, below common client timeouts).`),
  },
  output: WaitResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async ({ job_id, rerender_id, timeout_seconds }, ctx) => {
    const started = Date.now();
    const deadline = started + (timeout_seconds ?? WAIT_DEFAULT_SECONDS) * 1000;
    const waited = () => Math.round((Date.now() - started) / 100) / 10;
    let last = "";
    for (;;) {
      if (rerender_id) {
        const r = await poll(() => unwrap(ctx.api.GET("/api/v1/jobs/{id}/rerenders/{rerender_id}", { params: { path: { id: job_id, rerender_id } } })), deadline, ctx.extra.signal);
        if (!r) continue;
        const done = r.status === "completed" || r.status === "failed";
        const pct = r.status === "completed" ? 100 : r.status === "processing" ? 50 : 0;
        if (r.status !== last) await progress(ctx, pct, r.status);
        last = r.status;
        if (done || Date.now() + POLL_MS > deadline || ctx.extra.signal.aborted) return { done, waited_seconds: waited(), rerender: r };
      } else {
        const j = await poll(() => unwrap(ctx.api.GET("/api/v1/jobs/{id}", { params: { path: { id: job_id } } })), deadline, ctx.extra.signal);
        if (!j) continue;
        // a clip made by hand on a completed job is waited for too, until it lands or fails
        const making = (j.manual_clips ?? []).filter((m) => m.status === "queued" || m.status === "rendering").length;
        const done = j.status === "failed" || j.status === "cancelled" || (j.status === "completed" && j.hd_ready && making === 0);
        const key = `${j.progress.step}:${j.progress.pct}:${j.hd_ready}:${making}`;
        if (key !== last) await progress(ctx, j.progress.pct, j.status === "completed" && !j.hd_ready ? "finishing HD files" : making ? `making ${making} clip${making > 1 ? "s" : ""} by hand` : j.progress.step);
        last = key;
        if (done || Date.now() + POLL_MS > deadline || ctx.extra.signal.aborted) return { done, waited_seconds: waited(), job: j };
      }
      await sleep(POLL_MS, ctx.extra.signal);
    }
  },
  summary: (w) =>
    w.rerender
      ? `Re-render ${w.rerender.rerender_id}: ${w.rerender.status}${w.done ? "" : " (still running; call again)"}.`
      : `Job ${w.job?.id}: ${w.job?.status}, ${w.job?.progress.step} ${w.job?.progress.pct}%${w.done ? "" : " (still running; call service_wait_for_job again)"}.`,
});
