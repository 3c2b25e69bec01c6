// The ManualClipTask of a queued manual clip (docs/render-protocol.md "Manual clips"): the job's
// source, the snapped range, the transcript words around it, the job's config with the style
// resolved (the kit's, the job's, then the request's, field by field), the B-roll that style asks
// for, and the job's callback.
import { resolveStyle, type Style, type TranscriptWord } from "@katto/protocol";
import type { Config, CreateClipBody } from "@katto/protocol/api";
import type { Env } from "../../env";
import { callbackFor, jobSourceUrl } from "../../render-backend/callbacks";
import type { BackendTask } from "../../render-backend/send-task";
import { defaultKit } from "../render/brand-kit";
import { taskBroll } from "../broll/task";

/** Words this far around the range go with the task: what scoring reads of the clip's edges. */
const WORD_MARGIN_S = 5;

/** The task of a manual clip still queued (it becomes `rendering`), or null (redelivered, or gone). */
export async function manualClipTask(env: Env, jobId: string, clipIndex: number): Promise<BackendTask | null> {
  const db = env.DB;
  const row = await db
    .prepare(
      `SELECT m.status, m.start_s, m.end_s, m.params, j.source, j.source_url, j.config, j.account_id, t.lang, t.words, t.engine
       FROM manual_clips m JOIN jobs j ON j.id = m.job_id LEFT JOIN transcripts t ON t.job_id = m.job_id
       WHERE m.job_id = ?1 AND m.clip_index = ?2 AND j.status = 'completed'`,
    )
    .bind(jobId, clipIndex)
    .first<{ status: string; start_s: number; end_s: number; params: string; source: string; source_url: string; config: string | null; account_id: string; lang: string | null; words: string | null; engine: string | null }>();
  if (!row || row.status !== "queued") return null;
  await db.prepare("UPDATE manual_clips SET status = 'rendering', updated_at = ?3 WHERE job_id = ?1 AND clip_index = ?2 AND status = 'queued'").bind(jobId, clipIndex, new Date().toISOString()).run();
  const params = JSON.parse(row.params) as Pick<CreateClipBody, "layout_mode" | "style" | "title">;
  const config = row.config ? (JSON.parse(row.config) as Config) : {};
  const { kit, style: kitStyle } = await defaultKit(db, row.account_id);
  const style: Style = resolveStyle(resolveStyle(kitStyle, config.style), params.style);
  const words = (row.words ? (JSON.parse(row.words) as TranscriptWord[]) : []).filter((w) => w.end > row.start_s - WORD_MARGIN_S && w.start < row.end_s + WORD_MARGIN_S);
  const upload = row.source === "upload";
  const { style: _s, min_clips: _min, max_clips: _max, ...rest } = config;
  // B-roll as a job's task carries it: the account's library, or the operator's stock provider
  const broll = await taskBroll(env, row.account_id, style);
  return {
    kind: "manual",
    body: {
      job_id: jobId,
      clip_index: clipIndex,
      source: { url: upload ? await jobSourceUrl(env, jobId) : row.source_url, kind: upload ? "upload" : "url" },
      range: { start: row.start_s, end: row.end_s },
      transcript: { lang: row.lang, words, engine: row.engine },
      config: { ...rest, ...(Object.keys(style).length > 0 ? { style } : {}), ...(kit ? { brandKit: kit } : {}) },
      params: { ...(params.layout_mode ? { layout_mode: params.layout_mode } : {}), ...(params.title ? { title: params.title } : {}) },
      ...(broll ? { broll } : {}),
      callback: await callbackFor(env, jobId),
    },
  };
}

/**
 * A manual clip could not be made (the backend reported it, or its task could not be handed over):
 * it is marked failed with the reason, and a candidate it was promoted from can be promoted again.
 */
export async function failManualClip(env: Env, jobId: string, clipIndex: number, error: string): Promise<void> {
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE clip_candidates SET promoted_clip_index = NULL WHERE job_id = ?1 AND promoted_clip_index = ?2 AND id = (SELECT candidate_id FROM manual_clips WHERE job_id = ?1 AND clip_index = ?2 AND status IN ('queued', 'rendering'))",
    ).bind(jobId, clipIndex),
    env.DB.prepare("UPDATE manual_clips SET status = 'failed', error = ?3, updated_at = ?4 WHERE job_id = ?1 AND clip_index = ?2 AND status IN ('queued', 'rendering')").bind(jobId, clipIndex, error.slice(0, 500), now),
  ]);
}
