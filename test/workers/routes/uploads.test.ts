// Uploads (spec "POST /uploads", "POST /uploads/{id}/complete"; issue 3 "Uploads"): reserve,
// PUT to the signed local upload URL, complete; reservations never completed are swept.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hmacSha256Hex } from "../../../src/lib/crypto";
import { ErrorSchema } from "../../../src/schemas/common";
import { JobCreatedSchema, JobSchema, UploadReservationSchema } from "@katto/protocol/api";
import { sweepExpiredUploads } from "../../../src/services/uploads/sweep";
import { uploadKey } from "../../../src/storage/keys";
import { api, BASE, createAccount, type Client } from "../helpers";
import { APP_SECRET, fakeMp4, reserveAndPut, usageOf } from "../render-callbacks";

const GB = 1024 ** 3;
const reserve = (c: Client, body: unknown) => api(c, "/uploads", { method: "POST", json: body });
const complete = (c: Client, id: string, body?: unknown) => api(c, `/uploads/${id}/complete`, { method: "POST", ...(body === undefined ? {} : { json: body }) });
const valid = { filename: "episode 12.mp4", content_type: "video/mp4", size: 64 };

async function reservation(c: Client, body: Record<string, unknown> = valid) {
  const r = await reserve(c, body);
  expect(r.status, await r.clone().text()).toBe(201);
  return UploadReservationSchema.parse(await r.json());
}
const put = (url: string, bytes: Uint8Array, type = "video/mp4", length = bytes.length) =>
  SELF.fetch(url, { method: "PUT", headers: { "content-type": type, "content-length": String(length) }, body: bytes });

describe("POST /uploads (reserve)", () => {
  it("201 with the reservation: PUT, Content-Type header, 2-hour expiry, complete_url; charges nothing and the job stays invisible", async () => {
    const c = await createAccount("free");
    const before = Date.now();
    const res = await reservation(c, { ...valid, content_type: "video/webm" });
    expect(res.method).toBe("PUT");
    expect(res.headers).toEqual({ "Content-Type": "video/webm" });
    expect(res.expires_in).toBe(7200);
    expect(res.complete_url).toBe(`${BASE}/api/v1/uploads/${res.job_id}/complete`);
    const url = new URL(res.upload_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE}/uploads/${res.job_id}`);
    const expires = Number(url.searchParams.get("expires")) * 1000;
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 7200_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7200_000);
    expect((await usageOf(c)).videos_used).toBe(0);
    expect((await api(c, `/jobs/${res.job_id}`)).status).toBe(404);
  });

  it("accepts each of the four content types and sizes up to the plan cap (1 GB free, 5 GB creator)", async () => {
    const free = await createAccount("free");
    for (const t of ["video/mp4", "video/quicktime", "video/webm", "video/x-matroska"]) await reservation(free, { ...valid, content_type: t });
    await reservation(free, { ...valid, size: GB });
    await reservation(free, { ...valid, filename: "f".repeat(200) });
    const creator = await createAccount("creator");
    await reservation(creator, { ...valid, size: 5 * GB });
  });

  it.each([
    ["free", { ...valid, size: GB + 1 }, /exceeds the free plan's upload cap of 1 GB/],
    ["creator", { ...valid, size: 5 * GB + 1 }, /exceeds the creator plan's upload cap of 5 GB/],
    ["free", { ...valid, filename: "f".repeat(201) }, /filename must be at most 200 characters/],
    ["free", { ...valid, filename: "" }, /filename must not be empty/],
    ["free", { ...valid, content_type: "video/avi" }, /content_type must be one of video\/mp4, video\/quicktime, video\/webm, video\/x-matroska/],
    ["free", { ...valid, content_type: "application/octet-stream" }, /content_type/],
    ["free", { ...valid, size: 0 }, /size must be positive/],
    ["free", { ...valid, size: 1.5 }, /size must be a whole number/],
    ["free", { ...valid, size: "64" }, /size/],
    ["free", { content_type: "video/mp4", size: 64 }, /filename/],
    ["free", { filename: "a.mp4", size: 64 }, /content_type/],
    ["free", { filename: "a.mp4", content_type: "video/mp4" }, /size/],
    ["free", { ...valid, extra: true }, /extra/],
  ])("400 (%s) for %j", async (plan, body, message) => {
    const c = await createAccount(plan);
    const r = await reserve(c, body);
    expect(r.status).toBe(400);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(message);
  });

  it("403 without the write scope", async () => {
    const c = await createAccount("creator", ["read"]);
    const r = await reserve(c, valid);
    expect(r.status).toBe(403);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/write/);
  });
});

describe("PUT upload_url (local upload target)", () => {
  it("streams the bytes into storage under the reservation's key", async () => {
    const c = await createAccount();
    const bytes = fakeMp4(4096);
    const res = await reservation(c, { ...valid, size: bytes.length });
    expect((await put(res.upload_url, bytes)).status).toBe(200);
    const obj = await env.FILES.get(uploadKey(res.job_id));
    expect(obj?.size).toBe(4096);
    expect(new Uint8Array(await obj!.arrayBuffer())).toEqual(bytes);
  });

  it("403 for a wrong, missing or expired signature", async () => {
    const c = await createAccount();
    const res = await reservation(c);
    const url = new URL(res.upload_url);
    const wrong = new URL(url);
    wrong.searchParams.set("sig", "0".repeat(64));
    const r1 = await put(wrong.toString(), fakeMp4());
    expect(r1.status).toBe(403);
    expect(ErrorSchema.parse(await r1.json()).error).toMatch(/signature is invalid/);
    const bare = `${url.origin}${url.pathname}`;
    expect((await put(bare, fakeMp4())).status).toBe(403);
    // A correctly signed URL whose expiry passed.
    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = `${bare}?expires=${past}&sig=${await hmacSha256Hex(APP_SECRET, `upload:${res.job_id}:${past}`)}`;
    const r3 = await put(expired, fakeMp4());
    expect(r3.status).toBe(403);
    expect(ErrorSchema.parse(await r3.json()).error).toMatch(/expired/);
    // Another reservation's signature does not open this one.
    const other = new URL((await reservation(c)).upload_url);
    expect((await put(`${bare}?${other.searchParams}`, fakeMp4())).status).toBe(403);
    expect(await env.FILES.head(uploadKey(res.job_id))).toBeNull();
  });

  it("400 for a Content-Length or Content-Type other than reserved", async () => {
    const c = await createAccount();
    const res = await reservation(c, { ...valid, size: 64 });
    const r1 = await put(res.upload_url, fakeMp4(65));
    expect(r1.status).toBe(400);
    expect(ErrorSchema.parse(await r1.json()).error).toMatch(/Content-Length 65 does not match the reserved size 64/);
    const r2 = await put(res.upload_url, fakeMp4(64), "video/webm");
    expect(r2.status).toBe(400);
    expect(ErrorSchema.parse(await r2.json()).error).toMatch(/Content-Type must be video\/mp4/);
    expect(await env.FILES.head(uploadKey(res.job_id))).toBeNull();
  });
});

describe("POST /uploads/{id}/complete", () => {
  it("201: verifies, charges one video, queues the job, which then shows as an upload", async () => {
    const c = await createAccount("free");
    const res = await reserveAndPut(c, fakeMp4(256));
    const r = await complete(c, res.job_id, { config: { clipLength: "30_60", topics: "pricing" } });
    expect(r.status).toBe(201);
    const done = JobCreatedSchema.parse(await r.json());
    expect(done).toEqual({ id: res.job_id, status: "queued", status_url: `${BASE}/api/v1/jobs/${res.job_id}` });
    expect((await usageOf(c)).videos_used).toBe(1);
    const job = JobSchema.parse(await (await api(c, `/jobs/${res.job_id}`)).json());
    expect(job).toMatchObject({ id: res.job_id, status: "queued", source: "upload", clips: [] });
    const row = await env.DB.prepare("SELECT config FROM jobs WHERE id = ?").bind(res.job_id).first<{ config: string }>();
    expect(JSON.parse(row!.config)).toEqual({ clipLength: "30_60", topics: "pricing" });
  });

  it("accepts WebM and Matroska bytes declared as such", async () => {
    const c = await createAccount();
    const ebml = (doc: string) => {
      const b = new Uint8Array(48);
      b.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, ...new TextEncoder().encode(doc)]);
      return b;
    };
    for (const [type, doc] of [["video/webm", "webm"], ["video/x-matroska", "matroska"]]) {
      const res = await reserveAndPut(c, ebml(doc), type);
      expect((await complete(c, res.job_id)).status).toBe(201);
    }
  });

  it("404 for an unknown id and for another account's reservation", async () => {
    const c = await createAccount();
    const other = await createAccount();
    const r = await complete(c, crypto.randomUUID());
    expect(r.status).toBe(404);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/Upload not found/);
    const theirs = await reserveAndPut(other);
    expect((await complete(c, theirs.job_id)).status).toBe(404);
    // A job created from a URL is not an upload either.
    const { id } = (await (await api(c, "/jobs", { method: "POST", json: { url: "http://127.0.0.1:9/a.mp4" } })).json()) as { id: string };
    expect((await complete(c, id)).status).toBe(404);
  });

  it("400 when nothing was uploaded", async () => {
    const c = await createAccount();
    const res = await reservation(c);
    const r = await complete(c, res.job_id);
    expect(r.status).toBe(400);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/has not been uploaded yet/);
    expect((await usageOf(c)).videos_used).toBe(0);
  });

  it("400 when the stored size differs from the reserved size", async () => {
    const c = await createAccount();
    const res = await reservation(c, { ...valid, size: 100 });
    await env.FILES.put(uploadKey(res.job_id), fakeMp4(80)); // e.g. a truncated direct-to-R2 upload
    const r = await complete(c, res.job_id);
    expect(r.status).toBe(400);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/Uploaded size 80 bytes does not match the reserved size 100/);
  });

  it("400 when the bytes are not a video, or not the declared kind", async () => {
    const c = await createAccount();
    const text = new TextEncoder().encode("this is a text file, not a video at all; really not".padEnd(64, "."));
    const res = await reserveAndPut(c, text);
    const r = await complete(c, res.job_id);
    expect(r.status).toBe(400);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/not a video container/);
    const webmBytes = new Uint8Array(64);
    webmBytes.set([0x1a, 0x45, 0xdf, 0xa3, ...new TextEncoder().encode("webm")]);
    const res2 = await reserveAndPut(c, webmBytes, "video/mp4");
    const r2 = await complete(c, res2.job_id);
    expect(r2.status).toBe(400);
    expect(ErrorSchema.parse(await r2.json()).error).toMatch(/WebM\/Matroska, but video\/mp4 was declared/);
    expect((await usageOf(c)).videos_used).toBe(0);
  });

  it("400 when the reservation expired", async () => {
    const c = await createAccount();
    const res = await reserveAndPut(c);
    await env.DB.prepare("UPDATE jobs SET upload_expires_at = ? WHERE id = ?").bind(new Date(Date.now() - 1000).toISOString(), res.job_id).run();
    const r = await complete(c, res.job_id);
    expect(r.status).toBe(400);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/reservation expired/);
    expect((await usageOf(c)).videos_used).toBe(0);
  });

  it("409 when already completed; the second call charges nothing, and a later PUT is refused", async () => {
    const c = await createAccount();
    const res = await reserveAndPut(c);
    expect((await complete(c, res.job_id)).status).toBe(201);
    const r = await complete(c, res.job_id);
    expect(r.status).toBe(409);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/Upload already completed/);
    expect((await usageOf(c)).videos_used).toBe(1);
    expect((await put(res.upload_url, fakeMp4())).status).toBe(409);
  });

  it("concurrent completes of one reservation charge once", async () => {
    const c = await createAccount();
    const res = await reserveAndPut(c);
    const rs = await Promise.all(Array.from({ length: 5 }, () => complete(c, res.job_id)));
    expect(rs.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await usageOf(c)).videos_used).toBe(1);
  });

  it("400 for an invalid config; 403 without the write scope", async () => {
    const c = await createAccount();
    const res = await reserveAndPut(c);
    const r = await complete(c, res.job_id, { config: { clipLength: "forever" } });
    expect(r.status).toBe(400);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/clipLength/);
    const reader = await createAccount("creator", ["read"]);
    expect((await complete(reader, res.job_id)).status).toBe(403);
  });
});

describe("sweepExpiredUploads", () => {
  it("removes expired, never-completed reservations with their bytes; keeps live ones and completed jobs", async () => {
    const c = await createAccount();
    const expired = await reserveAndPut(c);
    const live = await reserveAndPut(c);
    const completed = await reserveAndPut(c);
    expect((await complete(c, completed.job_id)).status).toBe(201);
    const past = new Date(Date.now() - 60_000).toISOString();
    await env.DB.prepare("UPDATE jobs SET upload_expires_at = ? WHERE id IN (?, ?)").bind(past, expired.job_id, completed.job_id).run();

    expect(await sweepExpiredUploads(env)).toBeGreaterThanOrEqual(1);
    const ids = (await env.DB.prepare("SELECT id FROM jobs WHERE id IN (?, ?, ?)").bind(expired.job_id, live.job_id, completed.job_id).all<{ id: string }>()).results.map((r) => r.id);
    expect(ids.sort()).toEqual([live.job_id, completed.job_id].sort());
    expect(await env.FILES.head(uploadKey(expired.job_id))).toBeNull();
    expect(await env.FILES.head(uploadKey(live.job_id))).not.toBeNull();
    expect(await env.FILES.head(uploadKey(completed.job_id))).not.toBeNull();
    expect((await usageOf(c)).videos_used).toBe(1);
    expect((await complete(c, expired.job_id)).status).toBe(404);
  });
});
