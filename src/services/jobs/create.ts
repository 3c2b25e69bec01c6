import { ValidationError } from "../../errors";
import type { Config } from "@katto/protocol/api";
import { workerConfig } from "../../config";
import { newId } from "../../lib/ids";
import { enqueueRender } from "../../render-queue/producers";
import { checkWebhookUrl } from "../../webhooks/url-safety";
import { requireScope } from "../auth/keys";
import { requireJobBrollAvailable } from "../broll/task";
import type { AccountContext } from "../context";
import { chargeStatement, quotaExceeded } from "../quota";
import { createdMsSql } from "./cursor";
import { classifySourceUrl } from "./sources";
import { statusUrl } from "./view";
import { scoreWeightsFor } from "../insights/get";

export interface CreateJobInput {
  url: string;
  webhook_url?: string;
  config?: Config;
}

export function validateWebhookUrl(ctx: AccountContext, raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const r = checkWebhookUrl(raw, { localMode: workerConfig(ctx.env).localMode });
  if (!r.ok) throw new ValidationError(r.error);
  return r.url.toString();
}

/** SQL that inserts a job only when the statement before it (the quota charge) changed a row. */
export function insertJobIfChargedStatement(
  db: D1Database,
  j: { id: string; accountId: string; status: string; step: string; source: string; sourceUrl: string; config: string | null; webhookUrl: string | null; nowMs: number; scoreWeights?: string | null },
): D1PreparedStatement {
  const now = new Date(j.nowMs).toISOString();
  return db
    .prepare(
      `INSERT INTO jobs (id, account_id, status, progress_step, progress_pct, source, source_url, config, webhook_url, charged, created_ms, updated_at, score_weights)
       SELECT ?1, ?2, ?3, ?4, 0, ?5, ?6, ?7, ?8, 1,
              ${createdMsSql("?9", "?2")}, ?10, ?11
       WHERE changes() = 1`,
    )
    .bind(j.id, j.accountId, j.status, j.step, j.source, j.sourceUrl, j.config, j.webhookUrl, j.nowMs, now, j.scoreWeights ?? null);
}

/** POST /jobs: validate, charge one video and insert the job atomically, then queue it. */
export async function createJob(ctx: AccountContext, input: CreateJobInput) {
  requireScope(ctx, "write");
  const { source, url } = classifySourceUrl(input.url, workerConfig(ctx.env).localMode);
  const webhookUrl = validateWebhookUrl(ctx, input.webhook_url);
  await requireJobBrollAvailable(ctx.env, ctx.principal.accountId, input.config?.style);
  const scoreWeights = await scoreWeightsFor(ctx, input.config?.score_with);
  const id = newId();
  const nowMs = Date.now();
  const db = ctx.env.DB;
  const [, inserted] = await db.batch([
    chargeStatement(db, ctx.principal.accountId, ctx.principal.plan, new Date(nowMs)),
    insertJobIfChargedStatement(db, {
      id, accountId: ctx.principal.accountId, status: "queued", step: "queued", source, sourceUrl: url,
      config: input.config ? JSON.stringify(input.config) : null, webhookUrl, nowMs, scoreWeights,
    }),
  ]);
  if (inserted.meta.changes !== 1) throw quotaExceeded(ctx.principal.plan);
  await enqueueRender(ctx.env, id);
  return { id, status: "queued" as const, status_url: statusUrl(ctx.baseUrl, id) };
}
