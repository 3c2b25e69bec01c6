// A publication's metrics schedule as pure rules (docs/publishing.md "Metrics"): the columns a
// publication gets when it goes live, after a reading and after a failed read, and the metrics the
// API shows; readings.ts takes the readings these rules schedule (the cron sweep and the Queue step).
import { inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { METRICS_WINDOW_MS, METRICS_WINDOWS, type PublicationMetricsSchema } from "@katto/protocol/api";
import type { z } from "zod";
import { publicationReadings, type publications } from "../../db/schema";
import type { Env } from "../../env";
import { backoffSeconds } from "../../lib/backoff";
import type { MetricsError, MetricsNumbers } from "./platforms/metrics";
import type { Platform } from "./platforms/platform";

type PublicationRow = typeof publications.$inferSelect;
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
const iso = (ms: number) => new Date(ms).toISOString();

/** The metrics columns a publication gets when it goes live: its first reading, or why there will be none. */
export function metricsOnPublish(platform: Pick<Platform<unknown>, "metrics">, publishedMs: number): Partial<PublicationRow> {
  if (!platform.metrics.offered) return { metricsStatus: "not_offered", metricsReason: platform.metrics.reason, metricsNext: null, metricsDueMs: null };
  return { metricsStatus: "scheduled", metricsReason: null, metricsNext: "1h", metricsDueMs: publishedMs + METRICS_WINDOW_MS["1h"], metricsTries: 0 };
}

/** The reading after `window`, or null after the last. */
export const windowAfter = (window: MetricsWindow): MetricsWindow | null => METRICS_WINDOWS[METRICS_WINDOWS.indexOf(window) + 1] ?? null;

/** Back-off for a failed try with no wait from the platform: 5 minutes, doubling, at most 6 hours. */
const readingBackoff = (tries: number) => backoffSeconds(tries, { firstS: 300, maxS: MAX_BACKOFF_S });

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
      const seconds = error.retryAfterSeconds ?? readingBackoff(tries);
      return retry("scheduled", `${error.message}; tried again at ${iso(nowMs + seconds * 1000)}.`, seconds);
    }
    default: {
      // refused / unknown: the platform said no for now; try again later rather than lose the reading.
      const why = error.kind === "refused" ? error.reason : error.message;
      const seconds = readingBackoff(tries);
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
