// R2 key scheme (docs/storage-layout.md). Clip keys carry an HMAC of the job and file name, so a
// clip URL can be shared without an API key but cannot be guessed from a job id.
import { hmacSha256Hex } from "../lib/crypto";

export const uploadKey = (jobId: string) => `uploads/${jobId}/source`;

export async function jobFileKey(appSecret: string, jobId: string, name: string): Promise<string> {
  const tag = (await hmacSha256Hex(appSecret, `file:${jobId}:${name}`)).slice(0, 24);
  return `clips/${jobId}/${tag}/${name}`;
}

/** Re-render files live beside the job's clips, under the re-render id (versioned). */
export const rerenderFileKey = (appSecret: string, jobId: string, rid: string, name: string) => jobFileKey(appSecret, jobId, `${rid}-${name}`);

/** The file name a job file's key ends with (`clips/<job>/<tag>/<name>`). */
export const fileNameOfKey = (key: string) => key.slice(key.lastIndexOf("/") + 1);

export const fileUrl = (baseUrl: string, key: string) => `${baseUrl}/files/${key}`;

/** A B-roll library asset (docs/storage-layout.md): under its account, so an account's assets can be listed and removed together. */
export const brollKey = (accountId: string, assetId: string) => `broll/${accountId}/${assetId}`;
