// Posts of a finished clip to a connected platform: create (now or scheduled), read, list, cancel.
// The Queue runner (runner.ts, run.ts) moves them through uploading/processing to published.
import { and, desc, eq, inArray, lt } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { nowIso, publications } from "../../db/schema";
import type { Env } from "../../env";
import { ConflictError, NotFoundError, QuotaExceededError, ValidationError } from "../../errors";
import { requireScope } from "../auth/keys";
import type { AccountContext } from "../context";
import { parseCursor } from "../jobs/cursor";
import { loadOwnJob } from "../jobs/read";
import { availability } from "./config";
import { dailyPostsUsed, getConnection, requireWrite } from "./connections";
import { newPublicationId } from "./ids";
import { clipFacts, clipVersionToPost } from "./clip-versions";
import type { Platform, PlatformId, Privacy } from "./platforms/platform";
import { QUEUE_MAX_DELAY_SECONDS, sendPublish } from "./messages";
import { factsAsPosted } from "./renditions";
import { metricsView, readingsOf, type ReadingRow } from "./reading-schedule";
import { withPostDefaults } from "./post-text";
import { isUniqueViolation } from "../../db/errors";
import { PLATFORM_IDS, platformAspects, platformShapesText, type Aspect } from "@katto/protocol";

export type PublicationRow = typeof publications.$inferSelect;
export type PublicationStatus = "scheduled" | "queued" | "uploading" | "processing" | "published" | "unconfirmed" | "failed" | "cancelled";

/** A scheduled_at this close to now (or past) means "now". */
const NOW_SLACK_MS = 5_000;

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

export function publicationView(r: PublicationRow, readings: ReadingRow[] = []) {
  return {
    id: r.id,
    job_id: r.jobId,
    clip_index: r.clipIndex,
    platform: r.platform as PlatformId,
    connection_id: r.connectionId,
    status: r.status as PublicationStatus,
    version: r.version ?? null,
    caption: r.caption,
    title: r.title,
    privacy: r.privacy as Privacy,
    scheduled_at: iso(r.scheduledMs),
    post_id: r.postId,
    post_url: r.postUrl,
    error: r.error,
    advice: r.advice,
    created_at: new Date(r.createdMs).toISOString(),
    updated_at: r.updatedAt,
    published_at: r.publishedAt,
    metrics: metricsView(r, readings),
  };
}

const requireRead = (ctx: AccountContext) => requireScope(ctx, "read");

/** A clip of a shape the platform does not take (PLATFORM_SHAPES) is refused before anything is uploaded, saying where it can go instead. */
function refuseShape(platform: Platform<unknown>, aspect: Aspect, jobId: string, clipIndex: number) {
  if (platformAspects(platform.id).includes(aspect)) return;
  const elsewhere = PLATFORM_IDS.filter((p) => platformAspects(p).includes(aspect));
  throw new ValidationError(
    `${platform.displayName} takes ${platformShapesText(platform.id)}; clip ${clipIndex} is ${aspect}. Re-render it in ${platformAspects(platform.id).join(" or ")} (POST /api/v1/jobs/${jobId}/clips/${clipIndex}/rerender with "aspect") and publish that version${elsewhere.length ? `, or publish it to ${elsewhere.join(", ")}, which take ${aspect}` : ""}.`,
  );
}

export interface CreatePublicationInput {
  platform: PlatformId;
  /** absent: the clip's post copy fitted to the platform (postDefaults) */
  caption?: string;
  title?: string;
  privacy?: Privacy;
  scheduled_at?: string;
  webhook_url?: string;
  /** the clip version to post: "original" or a re-render id; absent: the newest completed one */
  version?: string;
}

export async function createPublication(ctx: AccountContext, jobId: string, clipIndex: number, input: CreatePublicationInput, nowMs = Date.now()) {
  requireWrite(ctx);
  const db = drizzle(ctx.env.DB);
  // the one ownership read: other accounts' jobs and upload reservations answer 404 alike
  const job = await loadOwnJob(ctx, jobId);
  if (job.status !== "completed") throw new ConflictError(`Job is ${job.status}: clips can be published once it is completed.`);
  const version = await clipVersionToPost(ctx.env, jobId, clipIndex, input.version);
  if (!version) throw new NotFoundError(`Clip ${clipIndex} not found in this job.`);

  const avail = availability(ctx.env, input.platform);
  if (!avail.available) throw new ValidationError(avail.reason);
  const platform: Platform<unknown> = avail.platform;
  const conn = await getConnection(ctx.env, ctx.principal.accountId, input.platform);
  if (!conn) throw new ConflictError(`No ${platform.displayName} account is connected. Connect one first (POST /api/v1/connections).`);
  if (conn.status !== "connected") throw new ConflictError(`The ${platform.displayName} connection needs to be connected again: ${conn.statusReason ?? "the platform refused the grant"}.`);

  if (platform.privacyRequired && !input.privacy) throw new ValidationError(`${platform.displayName} requires choosing the privacy of every post: privacy must be one of ${platform.privacyOptions.join(", ")}.`);
  const privacy = input.privacy ?? platform.privacyOptions[0];
  refuseShape(platform, version.aspect, jobId, clipIndex);
  const facts = await clipFacts(ctx.env, version);
  if (!facts) throw new ConflictError(`Clip ${clipIndex}'s file is not stored (yet). Try again once the job's clips are available.`);
  // a platform with its own frame (X) is checked against the rendition (of the clip's shape) it will get
  const posted = factsAsPosted(facts, platform.limits, version.aspect);
  const post = withPostDefaults(platform, posted, { caption: input.caption, title: input.title, privacy }, version.post);
  const violations = platform.checkLimits(posted, post);
  if (violations.length) throw new ValidationError(violations.map((v) => v.message).join(" "));

  const used = await dailyPostsUsed(ctx.env, conn.id, nowMs);
  if (used >= platform.limits.dailyPosts) {
    throw new QuotaExceededError(`${platform.displayName} allows ${platform.limits.dailyPosts} posts a day through this app; ${used} went out today (UTC). Schedule this one for tomorrow.`);
  }

  const scheduledMs = input.scheduled_at ? Date.parse(input.scheduled_at) : null;
  const scheduled = scheduledMs !== null && scheduledMs > nowMs + NOW_SLACK_MS;
  const delaySeconds = scheduled ? Math.ceil((scheduledMs - nowMs) / 1000) : 0;
  // Within the Queue's delay limit the message is sent now; later ones are sent by the cron sweep.
  const sendNow = delaySeconds <= QUEUE_MAX_DELAY_SECONDS;
  const id = newPublicationId();
  const row = {
    id,
    accountId: ctx.principal.accountId,
    connectionId: conn.id,
    platform: input.platform,
    jobId,
    clipIndex,
    // the version is fixed now, so a scheduled post sends what was checked, not a later re-render
    version: version.id,
    status: scheduled ? "scheduled" : "queued",
    caption: post.caption,
    title: post.title ?? null,
    privacy,
    scheduledMs: scheduled ? scheduledMs : null,
    dispatchedMs: sendNow ? nowMs : null,
    webhookUrl: input.webhook_url ?? job.webhookUrl ?? null,
    createdMs: nowMs,
    updatedAt: new Date(nowMs).toISOString(),
  };
  // created_ms is unique per account (keyset cursor); a tie moves this one 1 ms later.
  for (let bump = 0; ; bump++) {
    try {
      await db.insert(publications).values({ ...row, createdMs: nowMs + bump });
      row.createdMs = nowMs + bump;
      break;
    } catch (e) {
      if (bump >= 5 || !isUniqueViolation(e)) throw e;
    }
  }
  if (sendNow) await sendPublish(ctx.env, id, delaySeconds);
  return publicationView((await publicationById(ctx.env, id))!);
}

/** A publication whoever owns it (the Queue runner, webhook events). */
export const publicationById = (env: Env, id: string) => drizzle(env.DB).select().from(publications).where(eq(publications.id, id)).get();

/** The caller's publication, or 404 for unknown ids and other accounts' posts alike. */
async function loadOwnPublication(ctx: AccountContext, id: string): Promise<PublicationRow> {
  const r = await drizzle(ctx.env.DB)
    .select()
    .from(publications)
    .where(and(eq(publications.id, id), eq(publications.accountId, ctx.principal.accountId)))
    .get();
  if (!r) throw new NotFoundError("Publication not found. Check the id; publications of other accounts are not visible.");
  return r;
}

export async function getPublication(ctx: AccountContext, id: string) {
  requireRead(ctx);
  const row = await loadOwnPublication(ctx, id);
  return publicationView(row, (await readingsOf(ctx.env, [id])).get(id));
}

export async function listPublications(ctx: AccountContext, q: { limit: number; cursor?: string; status?: PublicationStatus; job_id?: string }) {
  requireRead(ctx);
  const conds = [eq(publications.accountId, ctx.principal.accountId)];
  if (q.status) conds.push(eq(publications.status, q.status));
  if (q.job_id) conds.push(eq(publications.jobId, q.job_id));
  if (q.cursor !== undefined) conds.push(lt(publications.createdMs, parseCursor(q.cursor)));
  const rows = await drizzle(ctx.env.DB).select().from(publications).where(and(...conds)).orderBy(desc(publications.createdMs)).limit(q.limit + 1).all();
  const page = rows.slice(0, q.limit);
  const readings = await readingsOf(ctx.env, page.map((r) => r.id));
  return { publications: page.map((r) => publicationView(r, readings.get(r.id))), next_cursor: rows.length > q.limit ? new Date(page[page.length - 1].createdMs).toISOString() : null };
}

/** Cancels a post that has not started uploading; one conditional statement, its row count checked. */
export async function cancelPublication(ctx: AccountContext, id: string) {
  requireWrite(ctx);
  await loadOwnPublication(ctx, id);
  const [done] = await drizzle(ctx.env.DB)
    .update(publications)
    .set({ status: "cancelled", updatedAt: nowIso() })
    .where(and(eq(publications.id, id), eq(publications.accountId, ctx.principal.accountId), inArray(publications.status, ["scheduled", "queued"])))
    .returning();
  if (!done) throw new ConflictError(`Publication is ${(await loadOwnPublication(ctx, id)).status}: only scheduled or queued posts can be cancelled.`);
  return publicationView(done);
}
