// A clip report (the render backend's ClipReport) as a row of the clips table, and the files it
// names: one builder for the two events that store clips of a job's own selection, `clip_ready`
// (one clip while the job runs, ready-clip-events.ts) and `clips` (all of them as it completes,
// completion-events.ts), so a clip delivered early is stored exactly as it is stored again.
import { sql } from "drizzle-orm";
import { workerConfig } from "../../config";
import type { clips } from "../../db/schema";
import type { Env } from "../../env";
import { jobFileKey } from "../../storage/keys";
import type { ClipReport } from "@katto/protocol";
import { postCopyColumns } from "./event-checks";

export interface ClipRow {
  c: ClipReport;
  values: typeof clips.$inferInsert;
  /** every file the clip names, with its R2 key: each must be stored before the row is written */
  files: { name: string; key: string }[];
}

export async function clipRow(env: Env, jobId: string, c: ClipReport, now: string): Promise<ClipRow> {
  const secret = workerConfig(env).appSecret;
  const key = (name: string) => jobFileKey(secret, jobId, name);
  const [videoKey, captionsKey, originalKey, coverKey] = await Promise.all([key(c.file), key(c.captions_file), c.captions_original_file ? key(c.captions_original_file) : null, c.cover_file ? key(c.cover_file) : null]);
  return {
    c,
    values: {
      jobId, clipIndex: c.clip_index, title: c.title, score: c.score, subscores: JSON.stringify(c.subscores), justification: c.justification, startS: c.start, endS: c.end,
      videoKey, captionsKey, hd: c.hd, metadata: JSON.stringify(c.metadata), createdAt: now, captionsOriginalKey: originalKey, quality: c.quality ? JSON.stringify(c.quality) : null,
      coverKey, coverTimeS: coverKey ? (c.cover_time ?? null) : null, ...postCopyColumns(c),
    },
    files: [
      { name: c.file, key: videoKey },
      { name: c.captions_file, key: captionsKey },
      ...(c.captions_original_file && originalKey ? [{ name: c.captions_original_file, key: originalKey }] : []),
      ...(c.cover_file && coverKey ? [{ name: c.cover_file, key: coverKey }] : []),
    ],
  };
}

/** In an upsert's DO UPDATE: the value the insert brought for `column`. */
const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * The columns a clip's row takes from the `clips` event when `clip_ready` stored it before: all
 * the report says (its final numbers; the files are the same), none of what the Worker keeps
 * (HD attempts, origin, created_at).
 */
export const REPORTED_COLUMNS = {
  title: excluded("title"), score: excluded("score"), subscores: excluded("subscores"), justification: excluded("justification"), startS: excluded("start_s"), endS: excluded("end_s"),
  videoKey: excluded("video_key"), captionsKey: excluded("captions_key"), captionsOriginalKey: excluded("captions_original_key"), hd: excluded("hd"), metadata: excluded("metadata"),
  quality: excluded("quality"), coverKey: excluded("cover_key"), coverTimeS: excluded("cover_time_s"), description: excluded("description"), hashtags: excluded("hashtags"),
};
