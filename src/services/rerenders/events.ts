// The render backend's callbacks about one re-render (docs/render-protocol.md "Re-renders"): its
// events and its files. Every write is conditional on the re-render still running.
import { workerConfig } from "../../config";
import type { Env } from "../../env";
import { ConflictError, NotFoundError } from "../../errors";
import type { RerenderEvent } from "@katto/protocol";
import { rerenderFileKey } from "../../storage/keys";
import { requireFileName, storeBackendFile, type IncomingFile } from "../render/files";

const RUNNING = `status IN ('queued', 'processing')`;

export async function applyRerenderEvent(env: Env, rid: string, ev: RerenderEvent) {
  const now = new Date().toISOString();
  const db = env.DB;
  let changes = 0;
  if (ev.type === "progress") {
    changes = (await db.prepare(`UPDATE rerenders SET status = 'processing', updated_at = ?2 WHERE id = ?1 AND ${RUNNING}`).bind(rid, now).run()).meta.changes;
  } else if (ev.type === "completed") {
    const job = await db.prepare("SELECT job_id FROM rerenders WHERE id = ?").bind(rid).first<{ job_id: string }>();
    if (!job) throw new NotFoundError("Re-render not found.");
    const secret = workerConfig(env).appSecret;
    changes = (
      await db
        .prepare(`UPDATE rerenders SET status = 'completed', video_key = ?2, captions_key = ?3, duration = ?4, updated_at = ?5, captions_original_key = ?6, quality = ?7 WHERE id = ?1 AND ${RUNNING}`)
        .bind(
          rid,
          await rerenderFileKey(secret, job.job_id, rid, ev.file),
          await rerenderFileKey(secret, job.job_id, rid, ev.captions_file),
          ev.duration,
          now,
          ev.captions_original_file ? await rerenderFileKey(secret, job.job_id, rid, ev.captions_original_file) : null,
          ev.quality ? JSON.stringify(ev.quality) : null,
        )
        .run()
    ).meta.changes;
  } else {
    changes = await failRerender(env, rid, ev.error);
  }
  if (changes !== 1) throw new ConflictError("Re-render is no longer running.");
}

/** Fails a re-render that is still running; answers how many rows changed (0 or 1). */
export async function failRerender(env: Env, rid: string, error: string): Promise<number> {
  const r = await env.DB.prepare(`UPDATE rerenders SET status = 'failed', error = ?2, updated_at = ?3 WHERE id = ?1 AND ${RUNNING}`)
    .bind(rid, error, new Date().toISOString())
    .run();
  return r.meta.changes;
}

/** PUT /internal/v1/rerenders/{rid}/files/{name}: only while the re-render runs. */
export async function storeRerenderFile(env: Env, baseUrl: string, rid: string, file: IncomingFile) {
  requireFileName(file.name);
  const r = await env.DB.prepare("SELECT job_id, status FROM rerenders WHERE id = ?").bind(rid).first<{ job_id: string; status: string }>();
  if (!r) throw new NotFoundError("Re-render not found.");
  if (r.status !== "queued" && r.status !== "processing") throw new ConflictError(`Re-render is ${r.status}; no more files are accepted.`);
  return storeBackendFile(env, baseUrl, await rerenderFileKey(workerConfig(env).appSecret, r.job_id, rid, file.name), file);
}
