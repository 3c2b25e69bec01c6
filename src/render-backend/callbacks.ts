// What the backend is given to reach the Worker: the callback base URL with a bearer token per job
// (or per re-render), and signed URLs of a job's source and stored files. The token is an HMAC of
// the work's id, so a backend can only touch the work it was given (docs/render-protocol.md).
import { workerConfig } from "../config";
import type { Env } from "../env";
import { UnauthorizedError } from "../errors";
import { hmacSha256Hex, verifyWithKeyring } from "../lib/crypto";
import { publicBaseUrl } from "../services/context";

const callbackMessage = (workId: string) => `render-callback:${workId}`;

export async function renderCallbackToken(appSecret: string, workId: string): Promise<string> {
  return hmacSha256Hex(appSecret, callbackMessage(workId));
}

/** Throws UnauthorizedError unless `presented` is the token of `workId`. Work dispatched before an
 * APP_SECRET rotation holds a token of the previous secret, still accepted while APP_SECRET_PREVIOUS is set. */
export async function requireCallbackToken(env: Env, workId: string, presented: string | undefined): Promise<void> {
  if (!(await verifyWithKeyring(workerConfig(env).keyring, callbackMessage(workId), presented))) throw new UnauthorizedError("Invalid render callback token.");
}

/** The `callback` of a task: events and files of `workId` go to /internal/v1 with its token. */
export async function callbackFor(env: Env, workId: string): Promise<{ base_url: string; token: string }> {
  return { base_url: `${publicBaseUrl(env)}/internal/v1`, token: await renderCallbackToken(workerConfig(env).appSecret, workId) };
}

/** The uploaded source of a job (GET /internal/v1/jobs/{id}/source; token in the query, a plain URL to the downloader). */
export async function jobSourceUrl(env: Env, jobId: string): Promise<string> {
  return `${publicBaseUrl(env)}/internal/v1/jobs/${jobId}/source?token=${await renderCallbackToken(workerConfig(env).appSecret, jobId)}`;
}

/** A file the job's backend stored (GET /internal/v1/jobs/{id}/files/{name}), e.g. a clip's mezzanine. */
export async function jobFileSourceUrl(env: Env, jobId: string, name: string): Promise<string> {
  return `${publicBaseUrl(env)}/internal/v1/jobs/${jobId}/files/${name}?token=${await renderCallbackToken(workerConfig(env).appSecret, jobId)}`;
}

/**
 * A B-roll library asset for the backend (GET /internal/v1/broll/{id}): its token is an HMAC of
 * the asset id, so the URL reaches that asset only, and it stays valid as long as the asset does
 * (clip metadata keeps it, so HD files and re-renders draw the same cutaway).
 */
export async function brollAssetUrl(env: Env, assetId: string): Promise<string> {
  return `${publicBaseUrl(env)}/internal/v1/broll/${assetId}?token=${await renderCallbackToken(workerConfig(env).appSecret, brollWorkId(assetId))}`;
}

/** The work id a B-roll asset's token signs (never a job or re-render id: those are bare ids). */
export const brollWorkId = (assetId: string) => `broll:${assetId}`;
