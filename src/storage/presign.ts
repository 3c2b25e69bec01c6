// Upload URLs. Production: a presigned R2 (S3 API) PUT URL made with aws4fetch, valid 2 hours,
// signing the Content-Type too (allHeaders), so the PUT must carry the reserved type.
// Without R2 S3 credentials (local mode): a signed, expiring URL on the Worker itself, which streams
// the body into the R2 binding (registerLocalUploadTarget in src/routes/uploads/local-target.ts).
import { AwsClient } from "aws4fetch";
import { workerConfig } from "../config";
import type { Env } from "../env";
import { signWithKeyring, verifyWithKeyring } from "../lib/crypto";
import { brollKey, uploadKey } from "./keys";

export const UPLOAD_URL_TTL_S = 7200; // spec: upload URL lifetime 2 hours

export const usesPresignedR2 = (env: Env) => workerConfig(env).presignedUploads !== null;

export async function uploadUrl(env: Env, baseUrl: string, jobId: string, contentType: string, expiresAtMs: number): Promise<string> {
  const r2 = await presignedPut(env, uploadKey(jobId), contentType);
  if (r2) return r2;
  const expires = Math.floor(expiresAtMs / 1000);
  const sig = await signWithKeyring(workerConfig(env).keyring, uploadSignedMessage(jobId, expires));
  return `${baseUrl}/uploads/${jobId}?expires=${expires}&sig=${sig}`;
}

/** A presigned R2 PUT URL of `key` (2 hours, Content-Type signed), or null without R2 S3 credentials. */
async function presignedPut(env: Env, key: string, contentType: string): Promise<string | null> {
  const r2 = workerConfig(env).presignedUploads;
  if (!r2) return null;
  const client = new AwsClient({ accessKeyId: r2.accessKeyId, secretAccessKey: r2.secretAccessKey, service: "s3", region: "auto" });
  const url = new URL(`${r2.endpoint}/${r2.bucket}/${key}`);
  url.searchParams.set("X-Amz-Expires", String(UPLOAD_URL_TTL_S));
  const signed = await client.sign(new Request(url, { method: "PUT", headers: { "Content-Type": contentType } }), { aws: { signQuery: true, allHeaders: true } });
  return signed.url;
}

/**
 * The upload URL of a B-roll asset (POST /broll): presigned R2 like a video upload, else a signed
 * URL on the Worker (PUT /broll-uploads/{id}, src/routes/broll/local-target.ts).
 */
export async function brollUploadUrl(env: Env, baseUrl: string, accountId: string, assetId: string, contentType: string, expiresAtMs: number): Promise<string> {
  const r2 = await presignedPut(env, brollKey(accountId, assetId), contentType);
  if (r2) return r2;
  const expires = Math.floor(expiresAtMs / 1000);
  const sig = await signWithKeyring(workerConfig(env).keyring, brollSignedMessage(assetId, expires));
  return `${baseUrl}/broll-uploads/${assetId}?expires=${expires}&sig=${sig}`;
}

const brollSignedMessage = (assetId: string, expires: number) => `broll-upload:${assetId}:${expires}`;

export async function verifyLocalBrollSignature(env: Env, assetId: string, expires: string | undefined, sig: string | undefined, nowMs = Date.now()) {
  if (!expires || !sig || !/^\d+$/.test(expires)) return "Upload URL is missing its signature; use the upload_url from POST /broll exactly.";
  if (Number(expires) * 1000 < nowMs) return "Upload URL expired (2 hours). Start the upload again with POST /broll.";
  return (await verifyWithKeyring(workerConfig(env).keyring, brollSignedMessage(assetId, Number(expires)), sig)) ? null : "Upload URL signature is invalid; use the upload_url from POST /broll exactly.";
}

// The job id is in the signed message, so a URL signed for one reservation cannot be pointed at another.
const uploadSignedMessage = (jobId: string, expires: number) => `upload:${jobId}:${expires}`;

export async function verifyLocalUploadSignature(env: Env, jobId: string, expires: string | undefined, sig: string | undefined, nowMs = Date.now()) {
  if (!expires || !sig || !/^\d+$/.test(expires)) return "Upload URL is missing its signature; use the upload_url from POST /uploads exactly.";
  if (Number(expires) * 1000 < nowMs) return "Upload URL expired (2 hours). Reserve a new upload.";
  // URLs handed out before an APP_SECRET rotation stay valid until they expire (APP_SECRET_PREVIOUS).
  return (await verifyWithKeyring(workerConfig(env).keyring, uploadSignedMessage(jobId, Number(expires)), sig)) ? null : "Upload URL signature is invalid; use the upload_url from POST /uploads exactly.";
}
