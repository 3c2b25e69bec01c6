// The cron sweep's part in publishing (every 5 minutes): scheduled posts due before the next sweep
// go on the Queue with a delay that lands on their time (so they fire within a minute of it, not
// at the next sweep), and tokens that expire soon are refreshed; a refused refresh marks the
// connection needs_reauth and fails the posts waiting on it; published posts' metrics readings due
// before the next sweep go on the Queue (readings.ts).
import { and, eq, isNull, lte, or, lt } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { publications } from "../../db/schema";
import type { Env } from "../../env";
import { publicBaseUrl } from "../context";
import { connectionsExpiringBefore, markNeedsReauth, REFRESH_AHEAD_MS, refreshConnection } from "./connections";
import { queuePublicationEvent } from "./events";
import { sendPublish } from "./messages";
import { dispatchDueReadings } from "./readings";

/** Covers the 5-minute cron period with room for a late sweep. */
export const SCHEDULE_LOOKAHEAD_MS = 10 * 60 * 1000;

export async function sweepPublishing(env: Env, nowMs = Date.now()) {
  await Promise.all([dispatchDueScheduled(env, nowMs), refreshExpiringTokens(env, nowMs), dispatchDueReadings(env, nowMs)]);
}

export async function dispatchDueScheduled(env: Env, nowMs = Date.now()): Promise<number> {
  const db = drizzle(env.DB);
  // Not sent yet, or sent long ago (a lost message): a duplicate message is harmless, the runner's
  // scheduled → queued transition happens once.
  const due = await db
    .select({ id: publications.id, scheduledMs: publications.scheduledMs })
    .from(publications)
    .where(and(eq(publications.status, "scheduled"), lte(publications.scheduledMs, nowMs + SCHEDULE_LOOKAHEAD_MS), or(isNull(publications.dispatchedMs), lt(publications.dispatchedMs, nowMs - SCHEDULE_LOOKAHEAD_MS - 60_000))))
    .limit(100)
    .all();
  for (const p of due) {
    await sendPublish(env, p.id, ((p.scheduledMs ?? nowMs) - nowMs) / 1000);
    await db.update(publications).set({ dispatchedMs: nowMs }).where(eq(publications.id, p.id));
  }
  return due.length;
}

export async function refreshExpiringTokens(env: Env, nowMs = Date.now()) {
  const ctx = { env, baseUrl: publicBaseUrl(env) };
  for (const row of await connectionsExpiringBefore(env, nowMs + REFRESH_AHEAD_MS)) {
    await refreshConnection(ctx, row, async (c, reason) => {
      for (const failed of await markNeedsReauth(env, c, reason)) await queuePublicationEvent(env, failed, "publication.failed");
    });
  }
}
