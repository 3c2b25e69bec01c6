import { ForbiddenError, QuotaExceededError, ValidationError } from "../../errors";
import type { Config } from "../../schemas/config";
import { isLocalMode } from "../../env";
import { newId } from "../../lib/ids";
import { checkWebhookUrl } from "../../webhooks/url-safety";
import type { AccountContext } from "../context";
import { chargeStatement } from "../quota";
import { planOf } from "../plans";
import { enqueueRender } from "./dispatch";
import { classifySourceUrl } from "./sources";
import { statusUrl } from "./view";

export interface CreateJobInput {
  url: string;
  webhook_url?: string;
  config?: Config;
}

export function requireScope(ctx: AccountContext, scope: "read" | "write") {
  if (!ctx.principal.scopes.includes(scope)) {
    throw new ForbiddenError(`This API key lacks the '${scope}' scope required here. Create a key with scopes ["${scope}"].`);
  }
}

export function quotaMessage(plan: string) {
  const limit = planOf(plan).videosPerMonth;
  return `Monthly video quota reached: the ${plan} plan includes ${limit} videos per month. It resets at the start of next month (UTC); upgrade the plan for more.`;
}

export function validateWebhookUrl(ctx: AccountContext, raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const r = checkWebhookUrl(raw, { localMode: isLocalMode(ctx.env) });
  if (!r.ok) throw new ValidationError(r.error);
  return r.url.toString();
}

/**
 * SQL that inserts a job only when the statement before it (the quota charge) changed a row, with
 * a created_ms unique per account (bumped past the newest job on a tie) so date-time cursors are exact.
 */
export function insertJobIfChargedStatement(
  db: D1Database,
  j: { id: string; accountId: string; status: string; step: string; source: string; sourceUrl: string; config: string | null; webhookUrl: string | null; nowMs: number },
): D1PreparedStatement {
  const now = new Date(j.nowMs).toISOString();
  return db
    .prepare(
      `INSERT INTO jobs (id, account_id, status, progress_step, progress_pct, source, source_url, config, webhook_url, charged, created_ms, updated_at)
       SELECT ?1, ?2, ?3, ?4, 0, ?5, ?6, ?7, ?8, 1,
              MAX(?9, COALESCE((SELECT MAX(created_ms) FROM jobs WHERE account_id = ?2), 0) + 1), ?10
       WHERE changes() = 1`,
    )
    .bind(j.id, j.accountId, j.status, j.step, j.source, j.sourceUrl, j.config, j.webhookUrl, j.nowMs, now);
}

/** POST /jobs: validate, charge one video and insert the job atomically, then queue it. */
export async function createJob(ctx: AccountContext, input: CreateJobInput) {
  requireScope(ctx, "write");
  const { source, url } = classifySourceUrl(input.url, isLocalMode(ctx.env));
  const webhookUrl = validateWebhookUrl(ctx, input.webhook_url);
  const id = newId();
  const nowMs = Date.now();
  const db = ctx.env.DB;
  const [, inserted] = await db.batch([
    chargeStatement(db, ctx.principal.accountId, ctx.principal.plan, new Date(nowMs)),
    insertJobIfChargedStatement(db, {
      id, accountId: ctx.principal.accountId, status: "queued", step: "queued", source, sourceUrl: url,
      config: input.config ? JSON.stringify(input.config) : null, webhookUrl, nowMs,
    }),
  ]);
  if (inserted.meta.changes !== 1) throw new QuotaExceededError(quotaMessage(ctx.principal.plan));
  await enqueueRender(ctx.env, id);
  return { id, status: "queued" as const, status_url: statusUrl(ctx.baseUrl, id) };
}
