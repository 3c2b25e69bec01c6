// Files the render backend PUTs for a job, and the job files it GETs back (the uploaded source; in
// HD fan-out a clip's mezzanine). docs/render-protocol.md "Files".
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { jobs } from "../../db/schema";
import { FILE_NAME_RE } from "@katto/protocol";
import { workerConfig } from "../../config";
import type { Env } from "../../env";
import { ConflictError, NotFoundError, ValidationError } from "../../errors";
import { fileUrl, jobFileKey, uploadKey } from "../../storage/keys";
import { putImmutable } from "../../storage/r2-response";
import { ACCEPTS_FILES } from "../jobs/status";

export interface IncomingFile {
  name: string;
  body: ReadableStream | null;
  contentType: string | undefined;
}

export function requireFileName(name: string): void {
  if (!FILE_NAME_RE.test(name)) throw new ValidationError(`File name must match ${FILE_NAME_RE.source}.`);
}

/** Store a file the backend sent under `key`; answers the `{key, url}` of the protocol's 201. */
export async function storeBackendFile(env: Env, baseUrl: string, key: string, file: IncomingFile) {
  if (!file.body) throw new ValidationError("Empty body.");
  await putImmutable(env.FILES, key, file.body, file.contentType);
  return { key, url: fileUrl(baseUrl, key) };
}

/** PUT /internal/v1/jobs/{id}/files/{name}: a running or completed job accepts files; a stopped one does not. */
export async function storeJobFile(env: Env, baseUrl: string, jobId: string, file: IncomingFile) {
  requireFileName(file.name);
  const job = await drizzle(env.DB).select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)).get();
  if (!job) throw new NotFoundError("Job not found.");
  if (!(ACCEPTS_FILES as readonly string[]).includes(job.status)) throw new ConflictError(`Job is ${job.status}; no more files are accepted.`);
  return storeBackendFile(env, baseUrl, await jobFileKey(workerConfig(env).appSecret, jobId, file.name), file);
}

/** The job's uploaded source, honouring the request's Range; null when absent. */
export async function readJobSource(env: Env, jobId: string, range: Headers): Promise<R2ObjectBody | null> {
  return env.FILES.get(uploadKey(jobId), { range });
}

/** A file the job's backend stored, honouring the request's Range; null when absent. */
export async function readJobFile(env: Env, jobId: string, name: string, range: Headers): Promise<R2ObjectBody | null> {
  requireFileName(name);
  return env.FILES.get(await jobFileKey(workerConfig(env).appSecret, jobId, name), { range });
}
