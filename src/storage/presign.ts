// Upload URLs. Production: a presigned R2 (S3 API) PUT URL made with aws4fetch, valid 2 hours,
// signing the Content-Type too (allHeaders), so the PUT must carry the reserved type.
// Without R2 S3 credentials (local mode): a signed, expiring URL on the Worker itself, which streams
// the body into the R2 binding (registerLocalUploadTarget in src/routes/uploads/local-target.ts).
import { AwsClient } from "aws4fetch";
import { workerConfig } from "../config";
import type { Env } from "../env";
import { signWithKeyring, verifyWithKeyring } from "../lib/crypto";
import { uploadKey } from "./keys";

export const UPLOAD_URL_TTL_S = 7200; // spec: upload URL lifetime 2 hours

export const usesPresignedR2 = (env: Env) => workerConfig(env).presignedUploads !== null;

export async function uploadUrl(env: Env, baseUrl: string, jobId: string, contentType: string, expiresAtMs: number): Promise<string> {
  const { presignedUploads: r2, keyring } = workerConfig(env);
  if (r2) {
    const client = new AwsClient({ accessKeyId: r2.accessKeyId, secretAccessKey: r2.secretAccessKey, service: "s3", region: "auto" });
    const url = new URL(`${r2.endpoint}/${r2.bucket}/${uploadKey(jobId)}`);
    url.searchParams.set("X-Amz-Expires", String(UPLOAD_URL_TTL_S));
    const signed = await client.sign(new Request(url, { method: "PUT", headers: { "Content-Type": contentType } }), { aws: { signQuery: true, allHeaders: true } });
    return signed.url;
  }
  const expires = Math.floor(expiresAtMs / 1000);
  const sig = await signWithKeyring(keyring, uploadSignedMessage(jobId, expires));
  return `${baseUrl}/uploads/${jobId}?expires=${expires}&sig=${sig}`;
}

// The job id is in the signed message, so a URL signed for one reservation cannot be pointed at another.
const uploadSignedMessage = (jobId: string, expires: number) => `upload:${jobId}:${expires}`;

export async function verifyLocalUploadSignature(env: Env, jobId: string, expires: string | undefined, sig: string | undefined, nowMs = Date.now()) {
  if (!expires || !sig || !/^\d+$/.test(expires)) return "Upload URL is missing its signature; use the upload_url from POST /uploads exactly.";
  if (Number(expires) * 1000 < nowMs) return "Upload URL expired (2 hours). Reserve a new upload.";
  // URLs handed out before an APP_SECRET rotation stay valid until they expire (APP_SECRET_PREVIOUS).
  return (await verifyWithKeyring(workerConfig(env).keyring, uploadSignedMessage(jobId, Number(expires)), sig)) ? null : "Upload URL signature is invalid; use the upload_url from POST /uploads exactly.";
}
