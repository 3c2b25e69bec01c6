import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { UPLOAD_URL_TTL_S, uploadUrl, usesPresignedR2, verifyLocalUploadSignature } from "../../../src/storage/presign";

describe("upload URLs", () => {
  it("production: a presigned R2 (S3 API) PUT URL, SigV4 in the query, valid 7200 s, signing the content type", async () => {
    const prod = { ...env, LOCAL_MODE: "false", R2_S3_ENDPOINT: "https://0123456789abcdef.r2.cloudflarestorage.com", R2_BUCKET_NAME: "katto-files", R2_ACCESS_KEY_ID: "AKIDEXAMPLE", R2_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };
    expect(usesPresignedR2(prod)).toBe(true);
    const jobId = crypto.randomUUID();
    const u = new URL(await uploadUrl(prod, "https://api.example.com", jobId, "video/mp4", Date.now() + UPLOAD_URL_TTL_S * 1000));
    expect(u.origin).toBe("https://0123456789abcdef.r2.cloudflarestorage.com");
    expect(u.pathname).toBe(`/katto-files/uploads/${jobId}/source`);
    const q = u.searchParams;
    expect(q.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(q.get("X-Amz-Expires")).toBe("7200");
    expect(q.get("X-Amz-Credential")).toMatch(/^AKIDEXAMPLE\/\d{8}\/auto\/s3\/aws4_request$/);
    expect(q.get("X-Amz-SignedHeaders")?.split(";")).toEqual(expect.arrayContaining(["content-type", "host"]));
    expect(q.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    // Another content type gives another signature: R2 refuses a PUT whose type differs.
    const other = new URL(await uploadUrl(prod, "https://api.example.com", jobId, "video/webm", Date.now() + UPLOAD_URL_TTL_S * 1000));
    expect(other.searchParams.get("X-Amz-Signature")).not.toBe(q.get("X-Amz-Signature"));
  });

  it("local mode: a signed, expiring URL on the Worker itself", async () => {
    expect(usesPresignedR2(env)).toBe(false);
    const jobId = crypto.randomUUID();
    const u = new URL(await uploadUrl(env, "http://127.0.0.1:8787", jobId, "video/mp4", Date.now() + 7200_000));
    expect(u.pathname).toBe(`/uploads/${jobId}`);
    const expires = u.searchParams.get("expires")!;
    const sig = u.searchParams.get("sig")!;
    expect(await verifyLocalUploadSignature(env, jobId, expires, sig)).toBeNull();
    expect(await verifyLocalUploadSignature(env, crypto.randomUUID(), expires, sig)).toMatch(/signature is invalid/);
    expect(await verifyLocalUploadSignature(env, jobId, expires, sig, Date.now() + 7201_000)).toMatch(/expired/);
  });
});
