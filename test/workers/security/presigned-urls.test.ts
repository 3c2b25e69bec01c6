// Upload URLs are capabilities for one object and a limited time (docs/threat-model.md "Uploads").
import { env } from "cloudflare:test";
import { AwsClient } from "aws4fetch";
import { describe, expect, it } from "vitest";
import { UPLOAD_URL_TTL_S, uploadUrl, verifyLocalUploadSignature } from "../../../src/storage/presign";

const OLD = "old-app-secret-0123456789abcdef2";
const NEW = "new-app-secret-0123456789abcdef2";

describe("presigned upload URLs", () => {
  it("production: the SigV4 signature covers the object key, so the URL cannot be pointed at another object", async () => {
    const prod = { ...env, LOCAL_MODE: "false", R2_S3_ENDPOINT: "https://0123456789abcdef.r2.cloudflarestorage.com", R2_BUCKET_NAME: "katto-files", R2_ACCESS_KEY_ID: "AKIDEXAMPLE", R2_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const urlA = new URL(await uploadUrl(prod, "https://api.example.com", a, "video/mp4", Date.now() + UPLOAD_URL_TTL_S * 1000));
    // What R2 computes for the same query (date, expiry, credential) on B's key: another signature,
    // so A's signature on B's path is refused by R2 (SigV4 canonical request includes the path).
    const client = new AwsClient({ accessKeyId: prod.R2_ACCESS_KEY_ID, secretAccessKey: prod.R2_SECRET_ACCESS_KEY, service: "s3", region: "auto" });
    const resign = async (jobId: string) => {
      const u = new URL(`${prod.R2_S3_ENDPOINT}/katto-files/uploads/${jobId}/source`);
      u.searchParams.set("X-Amz-Expires", String(UPLOAD_URL_TTL_S));
      const signed = await client.sign(new Request(u, { method: "PUT", headers: { "Content-Type": "video/mp4" } }), { aws: { signQuery: true, allHeaders: true, datetime: urlA.searchParams.get("X-Amz-Date")! } });
      return new URL(signed.url).searchParams.get("X-Amz-Signature");
    };
    expect(await resign(a)).toBe(urlA.searchParams.get("X-Amz-Signature"));
    expect(await resign(b)).not.toBe(urlA.searchParams.get("X-Amz-Signature"));
    // Expiry is part of the signed query: 7200 s, not extendable by the holder.
    expect(urlA.searchParams.get("X-Amz-Expires")).toBe(String(UPLOAD_URL_TTL_S));
  });

  it("local mode: a URL expires, opens only its own reservation, and survives an APP_SECRET rotation until it expires", async () => {
    const before = { ...env, APP_SECRET: OLD, APP_SECRET_PREVIOUS: undefined };
    const during = { ...env, APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD };
    const after = { ...env, APP_SECRET: NEW, APP_SECRET_PREVIOUS: undefined };
    const jobId = crypto.randomUUID();
    const u = new URL(await uploadUrl(before, "http://127.0.0.1:8787", jobId, "video/mp4", Date.now() + 7200_000));
    const [expires, sig] = [u.searchParams.get("expires")!, u.searchParams.get("sig")!];
    expect(await verifyLocalUploadSignature(before, jobId, expires, sig)).toBeNull();
    expect(await verifyLocalUploadSignature(during, jobId, expires, sig)).toBeNull();
    expect(await verifyLocalUploadSignature(after, jobId, expires, sig)).toMatch(/signature is invalid/);
    expect(await verifyLocalUploadSignature(during, crypto.randomUUID(), expires, sig)).toMatch(/signature is invalid/);
    expect(await verifyLocalUploadSignature(during, jobId, String(Number(expires) + 3600), sig)).toMatch(/signature is invalid/);
    expect(await verifyLocalUploadSignature(during, jobId, expires, sig, (Number(expires) + 1) * 1000)).toMatch(/expired/);
  });
});
