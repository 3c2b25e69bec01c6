// Reading a published post's numbers back from its platform 1 hour, 24 hours and 7 days after it
// went live (docs/publishing.md "Metrics"). The schedule lives on the publication row (metrics_next,
// metrics_due_ms); the cron sweep puts due readings on the publish Queue with a delay that lands on
// their time, and one delivery takes one reading. A rate-limited or failed read is never dropped: it
// is rescheduled after the wait the platform's headers ask for (or a growing back-off), and the
// connection's other due readings wait with it, so we do not keep calling a platform that said stop.
import { and, asc, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { METRICS_WINDOW_MS, METRICS_WINDOWS, type PublicationMetricsSchema } from "@katto/protocol/api";
import type { z } from "zod";
import { clips, nowIso, publicationReadings, publications } from "../../db/schema";
import type { Env } from "../../env";
import { publicBaseUrl } from "../context";
import { availability, platformContext } from "./config";
import { getConnectionById, markNeedsReauth, openTokens, refreshConnection, type ConnectionRow } from "./connections";
import { queuePublicationEvent } from "./events";
import { sendMetrics } from "./messages";
import type { MetricsError, MetricsNumbers, MetricsResult } from "./platforms/metrics";
import type { Platform, PlatformAccount, PlatformId } from "./platforms/platform";
import type { PublicationRow } from "./publications";

export type MetricsWindow = (typeof METRICS_WINDOWS)[number];
export type MetricsStatus = z.infer<typeof PublicationMetricsSchema>["status"];
export type ReadingRow = typeof publicationReadings.$inferSelect;

/** Statuses under which a reading is still to be taken (the last two wait for the user to reconnect). */
export const READING_STATUSES = ["scheduled", "missing_permission", "needs_reauth"] as const;
/** A reading waiting on the user (reconnect, grant a permission) is tried again this often. */
export const WAIT_FOR_USER_MS = 6 * 3600_000;
/** Longest back-off between tries of one reading; it is never given up. */
export const MAX_BACKOFF_S = 6 * 3600;
/** Covers the 5-minute cron period with room for a late sweep (as scheduled posts). */
export const READING_LOOKAHEAD_MS = 10 * 60 * 1000;
/** Readings the sweep dispatches at most per run (the rest wait for the next sweep). */
const DISPATCH_BATCH = 100;

const iso = (ms: number) => new Date(ms).toISOString();

/** The metrics columns a publication gets when it goes live: its first reading, or why there will be none. */
export function metricsOnPublish(platform: Pick<Platform<unknown>, "metrics">, publishedMs: number): Partial<PublicationRow> {
  if (!platform.metrics.offered) return { metricsStatus: "not_offered", metricsReason: platform.metrics.reason, metricsNext: null, metricsDueMs: null };
  return { metricsStatus: "scheduled", metricsReason: null, metricsNext: "1h", metricsDueMs: publishedMs + METRICS_WINDOW_MS["1h"], metricsTries: 0 };
}

/** The reading after `window`, or null after the last. */
export const windowAfter = (window: MetricsWindow): MetricsWindow | null => METRICS_WINDOWS[METRICS_WINDOWS.indexOf(window) + 1] ?? null;

/** Back-off for a failed try with no wait from the platform: 5 minutes, doubling, at most 6 hours. */
export const backoffSeconds = (tries: number) => Math.min(300 * 2 ** tries, MAX_BACKOFF_S);

/** The columns after a reading was taken: the next window is due at its own time from published_at. */
export function afterReading(window: MetricsWindow, publishedMs: number): Partial<PublicationRow> {
  const next = windowAfter(window);
  if (!next) return { metricsStatus: "complete", metricsReason: null, metricsNext: null, metricsDueMs: null, metricsTries: 0, metricsDispatchedMs: null };
  return { metricsStatus: "scheduled", metricsReason: null, metricsNext: next, metricsDueMs: publishedMs + METRICS_WINDOW_MS[next], metricsTries: 0, metricsDispatchedMs: null };
}

/** The columns after a failed read: stopped for good (post deleted), waiting on the user, or retried later. */
export function afterFailure(error: MetricsError, tries: number, nowMs: number, platformName: string): Partial<PublicationRow> & { waitSeconds?: number } {
  const retry = (status: MetricsStatus, reason: string, seconds: number) => ({ metricsStatus: status, metricsReason: reason, metricsDueMs: nowMs + seconds * 1000, metricsTries: tries + 1, metricsDispatchedMs: null, waitSeconds: seconds });
  switch (error.kind) {
    case "post_deleted":
      return { metricsStatus: "post_deleted", metricsReason: error.message, metricsNext: null, metricsDueMs: null, metricsDispatchedMs: null };
    case "missing_permission":
      return retry("missing_permission", `${error.message} ${error.advice}`, WAIT_FOR_USER_MS / 1000);
    case "needs_reauth":
      return retry("needs_reauth", `The ${platformName} connection needs to be connected again (${error.message}); readings resume once it is.`, WAIT_FOR_USER_MS / 1000);
    case "transient": {
      const seconds = error.retryAfterSeconds ?? backoffSeconds(tries);
      return retry("scheduled", `${error.message}; tried again at ${iso(nowMs + seconds * 1000)}.`, seconds);
    }
    default: {
      // refused / unknown: the platform said no for now; try again later rather than lose the reading.
      const why = error.kind === "refused" ? error.reason : error.message;
      const seconds = backoffSeconds(tries);
      return retry("scheduled", `${why}; tried again at ${iso(nowMs + seconds * 1000)}.`, seconds);
    }
  }
}

/** A reading as stored: counts rounded, retention from the average watch time and the clip's length. */
export function readingValues(n: MetricsNumbers, clipSeconds: number | null): Pick<ReadingRow, "views" | "likes" | "comments" | "shares" | "avgWatchTimeS" | "retention"> {
  const round = (x: number | null) => (x === null ? null : Math.round(x));
  const retention = n.avg_watch_time_s !== null && clipSeconds && clipSeconds > 0 ? Math.round((n.avg_watch_time_s / clipSeconds) * 1000) / 1000 : null;
  return { views: round(n.views), likes: round(n.likes), comments: round(n.comments), shares: round(n.shares), avgWatchTimeS: n.avg_watch_time_s, retention };
}

/** The publication's `metrics` as the API shows it; null until it is published. */
export function metricsView(row: PublicationRow, readings: ReadingRow[]): z.infer<typeof PublicationMetricsSchema> | null {
  if (!row.metricsStatus) return null;
  const order = (w: string) => METRICS_WINDOWS.indexOf(w as MetricsWindow);
  return {
    status: row.metricsStatus as MetricsStatus,
    reason: row.metricsReason,
    next_reading: row.metricsNext && row.metricsDueMs != null ? { at: row.metricsNext as MetricsWindow, due_at: iso(row.metricsDueMs) } : null,
    readings: [...readings]
      .sort((a, b) => order(a.window) - order(b.window))
      .map((r) => ({ at: r.window as MetricsWindow, fetched_at: r.fetchedAt, views: r.views, likes: r.likes, comments: r.comments, shares: r.shares, avg_watch_time_s: r.avgWatchTimeS, retention: r.retention })),
  };
}

/** Readings of these publications, by publication id. */
export async function readingsOf(env: Env, ids: string[]): Promise<Map<string, ReadingRow[]>> {
  const out = new Map<string, ReadingRow[]>();
  if (!ids.length) return out;
  const rows = await drizzle(env.DB).select().from(publicationReadings).where(inArray(publicationReadings.publicationId, ids)).all();
  for (const r of rows) out.set(r.publicationId, [...(out.get(r.publicationId) ?? []), r]);
  return out;
}

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
