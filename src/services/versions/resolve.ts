// The version a consumer names (issue 41): exports, publications, the dashboard, the MCP tools and
// the CLI read one version of a clip, `version` ("original" or a re-render id); when none is named,
// the newest completed version (what a creator last made and wants to finish or post).
import { ORIGINAL_VERSION } from "@katto/protocol";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { clips, rerenders } from "../../db/schema";
import type { Env } from "../../env";
import { ConflictError, NotFoundError } from "../../errors";
import type { ClipRow } from "../jobs/view";
import { rerenderFile, type VersionFile } from "./stored";
import { newestCompleted, originalFile } from "./versions";

/**
 * The clip and the facts of the version `name` names (absent: the newest completed one); undefined
 * when the job has no such clip. A version the clip does not have is 404 naming the ones it has; one
 * that has not completed (or failed) is 409 naming its status.
 */
export async function clipVersionFile(env: Env, jobId: string, clipIndex: number, name?: string): Promise<{ clip: ClipRow; file: VersionFile } | undefined> {
  const db = drizzle(env.DB);
  const [clip, rows] = await Promise.all([
    db.select().from(clips).where(and(eq(clips.jobId, jobId), eq(clips.clipIndex, clipIndex))).get(),
    db.select().from(rerenders).where(and(eq(rerenders.jobId, jobId), eq(rerenders.clipIndex, clipIndex))).all(),
  ]);
  if (!clip) return undefined;
  if (name === undefined) {
    const newest = newestCompleted(rows);
    return { clip, file: newest ? rerenderFile(newest, clip) : originalFile(clip) };
  }
  if (name === ORIGINAL_VERSION) return { clip, file: originalFile(clip) };
  const r = rows.find((x) => x.id === name);
  if (!r) {
    const names = [ORIGINAL_VERSION, ...rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((x) => x.id)];
    throw new NotFoundError(`Version ${name} not found: clip ${clipIndex} of this job has the versions ${names.join(", ")} (each clip's versions are listed on GET /jobs/{id}).`);
  }
  if (r.status !== "completed" || !r.videoKey) {
    const why = r.status === "failed" ? `failed (${r.error ?? "no reason given"}) and has no file` : `is ${r.status}: it has no file yet; poll GET /jobs/${jobId}/rerenders/${name} until it is completed`;
    throw new ConflictError(`Version ${name} ${why}. Name a completed version, or leave version out for the newest completed one.`);
  }
  return { clip, file: rerenderFile(r, clip) };
}
