import { and, eq, sql } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { insertWhere } from "../../db/insert-where";
import { accounts, jobs } from "../../db/schema";
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
import { resolveJobAspect } from "./aspect";
import type { Aspect } from "@katto/protocol";
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

/** The insert of a job that happens only when the statement before it in the batch (the quota charge) changed a row. */
export function insertJobIfChargedStatement(
  db: DrizzleD1Database,
  j: { id: string; accountId: string; status: string; step: string; source: string; sourceUrl: string; config: string | null; aspect: Aspect; webhookUrl: string | null; nowMs: number; scoreWeights?: string | null },
) {
  const values = {
    id: j.id, accountId: j.accountId, status: j.status, progressStep: j.step, progressPct: 0, source: j.source, sourceUrl: j.sourceUrl, config: j.config, aspect: j.aspect, webhookUrl: j.webhookUrl,
    charged: true, createdMs: createdMsSql(db, j.nowMs, j.accountId), updatedAt: new Date(j.nowMs).toISOString(), scoreWeights: j.scoreWeights ?? null,
  };
  return insertWhere(db, jobs, values, accounts, and(eq(accounts.id, j.accountId), sql`changes() = 1`));
}

/** POST /jobs: validate, charge one video and insert the job atomically, then queue it. */
export async function createJob(ctx: AccountContext, input: CreateJobInput) {
  requireScope(ctx, "write");
  const { source, url } = classifySourceUrl(input.url, workerConfig(ctx.env).localMode);
  const webhookUrl = validateWebhookUrl(ctx, input.webhook_url);
  await requireJobBrollAvailable(ctx.env, ctx.principal.accountId, input.config?.style);
  const scoreWeights = await scoreWeightsFor(ctx, input.config?.score_with);
  const aspect = await resolveJobAspect(ctx.env.DB, ctx.principal.accountId, input.config);
  const id = newId();
  const nowMs = Date.now();
  const db = drizzle(ctx.env.DB);
  const [, inserted] = await db.batch([
    chargeStatement(db, ctx.principal.accountId, ctx.principal.plan, new Date(nowMs)),
    insertJobIfChargedStatement(db, {
      id, accountId: ctx.principal.accountId, status: "queued", step: "queued", source, sourceUrl: url,
      config: input.config ? JSON.stringify(input.config) : null, aspect, webhookUrl, nowMs, scoreWeights,
    }),
  ]);
  if (inserted.meta.changes !== 1) throw quotaExceeded(ctx.principal.plan);
  await enqueueRender(ctx.env, id);
  return { id, status: "queued" as const, status_url: statusUrl(ctx.baseUrl, id) };
}
