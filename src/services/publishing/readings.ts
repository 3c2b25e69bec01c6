// Reading a published post's numbers back from its platform 1 hour, 24 hours and 7 days after it
// went live (docs/publishing.md "Metrics"). The schedule lives on the publication row (metrics_next,
// metrics_due_ms); the cron sweep puts due readings on the publish Queue with a delay that lands on
// their time, and one delivery takes one reading. A rate-limited or failed read is never dropped: it
// is rescheduled after the wait the platform's headers ask for (or a growing back-off), and the
// connection's other due readings wait with it, so we do not keep calling a platform that said stop.
import { and, asc, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { clips, nowIso, publicationReadings, publications } from "../../db/schema";
import type { Env } from "../../env";
import { publicBaseUrl } from "../context";
import { availability, platformContext } from "./config";
import { getConnectionById, markNeedsReauth, openTokens, refreshConnection, type ConnectionRow } from "./connections";
import { queuePublicationEvent } from "./events";
import { sendMetrics } from "./messages";
import type { MetricsResult } from "./platforms/metrics";
import type { Platform, PlatformAccount, PlatformId } from "./platforms/platform";
import type { PublicationRow } from "./publications";
import { afterFailure, afterReading, metricsOnPublish, READING_LOOKAHEAD_MS, READING_STATUSES, readingValues, type MetricsWindow } from "./reading-schedule";

/** Readings the sweep dispatches at most per run (the rest wait for the next sweep). */
const DISPATCH_BATCH = 100;

const iso = (ms: number) => new Date(ms).toISOString();

/** Cron: readings due before the next sweep go on the Queue with a delay that lands on their time. */
export async function dispatchDueReadings(env: Env, nowMs = Date.now()): Promise<number> {
  const db = drizzle(env.DB);
  const due = await db
    .select({ id: publications.id, dueMs: publications.metricsDueMs })
    .from(publications)
    .where(
      and(
        inArray(publications.metricsStatus, [...READING_STATUSES]),
        lte(publications.metricsDueMs, nowMs + READING_LOOKAHEAD_MS),
        // Not sent yet, or sent long ago (a lost message): a duplicate is harmless (takeReading is conditional).
        or(isNull(publications.metricsDispatchedMs), lt(publications.metricsDispatchedMs, nowMs - READING_LOOKAHEAD_MS - 60_000)),
      ),
    )
    .orderBy(asc(publications.metricsDueMs))
    .limit(DISPATCH_BATCH)
    .all();
  for (const p of due) {
    await sendMetrics(env, p.id, ((p.dueMs ?? nowMs) - nowMs) / 1000);
    await db.update(publications).set({ metricsDispatchedMs: nowMs }).where(eq(publications.id, p.id));
  }
  return due.length;
}

export interface ReadingOptions {
  now?: () => number;
  fetch?: typeof fetch;
}

const accountOf = (conn: ConnectionRow): PlatformAccount => ({ id: conn.platformAccountId, handle: conn.handle, extra: JSON.parse(conn.extra ?? "{}") as Record<string, string> });

/**
 * Takes the publication's due reading (one Queue delivery). Conditional on the reading still being
 * the next one, so a duplicate message neither reads twice nor writes over a newer state.
 */
export async function takeReading(env: Env, id: string, opts: ReadingOptions = {}): Promise<"read" | "rescheduled" | "stopped" | "not_due"> {
  const now = opts.now ?? (() => Date.now());
  const db = drizzle(env.DB);
  const row = await db.select().from(publications).where(eq(publications.id, id)).get();
  if (!row || row.status !== "published" || !row.postId || !row.metricsNext || !(READING_STATUSES as readonly string[]).includes(row.metricsStatus ?? "")) return "not_due";
  // Early (a message sent ahead): the sweep sends it again when it is due.
  if ((row.metricsDueMs ?? 0) > now() + 1000) {
    await db.update(publications).set({ metricsDispatchedMs: null }).where(eq(publications.id, id));
    return "not_due";
  }
  const window = row.metricsNext as MetricsWindow;
  const name = row.platform as PlatformId;
  const avail = availability(env, name);
  const platform = avail.platform;
  if (platform && !platform.metrics.offered) return store(env, row, window, metricsOnPublish(platform, 0), "stopped");

  const conn = await getConnectionById(env, row.connectionId);
  let result: MetricsResult;
  if (!avail.available || !platform) result = { ok: false, error: { kind: "refused", reason: avail.available ? "unknown platform" : avail.reason, advice: "" } };
  else if (!conn) result = { ok: false, error: { kind: "needs_reauth", message: `the ${name} connection was removed` } };
  else if (conn.status !== "connected") result = { ok: false, error: { kind: "needs_reauth", message: conn.statusReason ?? "the platform refused the grant" } };
  else result = await readWithRefresh(env, platform, conn, row.postId, opts.fetch);

  const nowMs = now();
  if (result.ok) {
    const clip = await db.select({ startS: clips.startS, endS: clips.endS }).from(clips).where(and(eq(clips.jobId, row.jobId), eq(clips.clipIndex, row.clipIndex))).get();
    const publishedMs = row.publishedAt ? Date.parse(row.publishedAt) : nowMs;
    const values = readingValues(result.value, clip ? clip.endS - clip.startS : null);
    const [done] = await db.batch([
      db.update(publications).set({ ...afterReading(window, publishedMs), updatedAt: nowIso() }).where(and(eq(publications.id, id), eq(publications.metricsNext, window))).returning({ id: publications.id }),
      db.insert(publicationReadings).values({ publicationId: id, accountId: row.accountId, window, fetchedAt: iso(nowMs), ...values }).onConflictDoNothing(),
    ]);
    return done.length ? "read" : "not_due";
  }
  const fields = afterFailure(result.error, row.metricsTries, nowMs, platform?.displayName ?? name);
  const { waitSeconds, ...set } = fields;
  // A rate limit is the connection's, not the post's: its other readings due before then wait too.
  if (result.error.kind === "transient" && result.error.retryAfterSeconds !== undefined && waitSeconds) {
    const until = nowMs + waitSeconds * 1000;
    await db
      .update(publications)
      .set({ metricsDueMs: until, metricsDispatchedMs: null })
      .where(and(eq(publications.connectionId, row.connectionId), eq(publications.metricsStatus, "scheduled"), lt(publications.metricsDueMs, until)));
  }
  return store(env, row, window, set, set.metricsStatus === "post_deleted" ? "stopped" : "rescheduled");
}

async function store<T extends string>(env: Env, row: PublicationRow, window: MetricsWindow, set: Partial<PublicationRow>, outcome: T): Promise<T | "not_due"> {
  const done = await drizzle(env.DB)
    .update(publications)
    .set({ ...set, updatedAt: nowIso() })
    .where(and(eq(publications.id, row.id), eq(publications.metricsNext, window)))
    .returning({ id: publications.id });
  return done.length ? outcome : "not_due";
}

/** Reads with the connection's tokens, refreshing first when they expire soon and once more on a 401. */
async function readWithRefresh(env: Env, platform: Platform<unknown>, conn: ConnectionRow, postId: string, fetcher?: typeof fetch): Promise<MetricsResult> {
  if (!platform.metrics.offered) return { ok: false, error: { kind: "refused", reason: platform.metrics.reason, advice: "" } };
  const baseUrl = publicBaseUrl(env);
  const ctx = platformContext(env, baseUrl, platform, fetcher);
  let tokens = await openTokens(env, conn);
  const refresh = async () => {
    // A refused refresh marks the connection needs_reauth and fails its waiting posts, as on the publish path.
    const r = await refreshConnection({ env, baseUrl }, conn, async (c, reason) => {
      for (const failed of await markNeedsReauth(env, c, reason)) await queuePublicationEvent(env, failed, "publication.failed");
    });
    if (r.ok) tokens = r.value;
    return r;
  };
  const canRefresh = !!platform.refresh && !!tokens.refreshToken;
  if (canRefresh && tokens.expiresAt !== undefined && tokens.expiresAt - ctx.now() < 5 * 60_000) {
    const r = await refresh();
    if (!r.ok) return r;
  }
  const first = await platform.metrics.read(ctx, { tokens, account: accountOf(conn), postId });
  if (first.ok || first.error.kind !== "needs_reauth" || !canRefresh) return first;
  const r = await refresh();
  if (!r.ok) return r;
  return platform.metrics.read(ctx, { tokens, account: accountOf(conn), postId });
}
