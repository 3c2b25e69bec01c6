// The render backend's callbacks about one re-render (docs/render-protocol.md "Re-renders"): its
// events and its files. Every write is conditional on the re-render still running.
import { and, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { workerConfig } from "../../config";
import { rerenders } from "../../db/schema";
import type { Env } from "../../env";
import { ConflictError, NotFoundError } from "../../errors";
import type { RerenderEvent } from "@katto/protocol";
import { rerenderFileKey } from "../../storage/keys";
import { requireFileName, storeBackendFile, type IncomingFile } from "../render/files";
import { rerenderColumns } from "../versions/stored";

/** The re-render's row, while it still runs. */
const running = (rid: string) => and(eq(rerenders.id, rid), inArray(rerenders.status, ["queued", "processing"]));

export async function applyRerenderEvent(env: Env, rid: string, ev: RerenderEvent) {
  const now = new Date().toISOString();
  const db = drizzle(env.DB);
  let changes = 0;
  if (ev.type === "progress") {
    changes = (await db.update(rerenders).set({ status: "processing", updatedAt: now }).where(running(rid)).run()).meta.changes;
  } else if (ev.type === "completed") {
    const job = await db.select({ jobId: rerenders.jobId }).from(rerenders).where(eq(rerenders.id, rid)).get();
    if (!job) throw new NotFoundError("Re-render not found.");
    const secret = workerConfig(env).appSecret;
    const key = (name: string) => rerenderFileKey(secret, job.jobId, rid, name);
    const set = {
      status: "completed", videoKey: await key(ev.file), captionsKey: await key(ev.captions_file), updatedAt: now,
      captionsOriginalKey: ev.captions_original_file ? await key(ev.captions_original_file) : null,
      coverKey: ev.cover_file ? await key(ev.cover_file) : null,
      // what the version was rendered with and made (issue 33, 41): its whole record, its timeline among it
      ...rerenderColumns(ev),
    };
    changes = (await db.update(rerenders).set(set).where(running(rid)).run()).meta.changes;
  } else {
    changes = await failRerender(env, rid, ev.error);
  }
  if (changes !== 1) throw new ConflictError("Re-render is no longer running.");
}

/** Fails a re-render that is still running; answers how many rows changed (0 or 1). */
export async function failRerender(env: Env, rid: string, error: string): Promise<number> {
  const r = await drizzle(env.DB).update(rerenders).set({ status: "failed", error, updatedAt: new Date().toISOString() }).where(running(rid)).run();
  return r.meta.changes;
}

/** PUT /internal/v1/rerenders/{rid}/files/{name}: only while the re-render runs. */
export async function storeRerenderFile(env: Env, baseUrl: string, rid: string, file: IncomingFile) {
  requireFileName(file.name);
  const r = await drizzle(env.DB).select({ jobId: rerenders.jobId, status: rerenders.status }).from(rerenders).where(eq(rerenders.id, rid)).get();
  if (!r) throw new NotFoundError("Re-render not found.");
  if (r.status !== "queued" && r.status !== "processing") throw new ConflictError(`Re-render is ${r.status}; no more files are accepted.`);
  return storeBackendFile(env, baseUrl, await rerenderFileKey(workerConfig(env).appSecret, r.jobId, rid, file.name), file);
}
