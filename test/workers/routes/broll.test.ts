// The B-roll library (issue 26, style `broll: library`): start an upload with keywords, PUT the
// bytes to the signed URL, complete (the file checked), list, delete; the render task carries the
// library with signed URLs the backend downloads; `stock` is refused while no provider is enabled.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BrollAssetViewSchema, BrollDeletedSchema, BrollListSchema, BrollUploadSchema, RerenderCreatedSchema } from "@katto/protocol/api";
import { BROLL_LIMITS, ManualClipTaskSchema, RenderJobSchema, RerenderTaskSchema } from "@katto/protocol";
import { manualClipTask } from "../../../src/services/clips/task";
import { ErrorSchema } from "../../../src/schemas/common";
import { renderJobTask } from "../../../src/services/render/job-task";
import { rerenderTask } from "../../../src/services/rerenders/task";
import { requireBrollAvailable, STOCK_UNAVAILABLE, taskBroll } from "../../../src/services/broll/task";
import { brollKey } from "../../../src/storage/keys";
import { api, BASE, createAccount, SAMPLE_URL, type Client } from "../helpers";
import { clipReport, newJob, reserveAndPut, sendEvent, storeClipFiles } from "../render-callbacks";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(56).fill(7)]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(60).fill(1)]);
const MP4 = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode("ftypisom"), ...new Array(52).fill(0)]);
const image = { filename: "coffee.png", content_type: "image/png", size: PNG.length, keywords: ["coffee", " morning  routine "] };

const start = (c: Client, body: unknown) => api(c, "/broll", { method: "POST", json: body });
const complete = (c: Client, id: string) => api(c, `/broll/${id}/complete`, { method: "POST" });
const put = (url: string, bytes: Uint8Array, type: string) => SELF.fetch(url, { method: "PUT", headers: { "content-type": type, "content-length": String(bytes.length) }, body: bytes });
const errorOf = async (r: Response) => ErrorSchema.parse(await r.json()).error;

async function addAsset(c: Client, body: Record<string, unknown> = image, bytes = PNG) {
  const r = await start(c, body);
  expect(r.status, await r.clone().text()).toBe(201);
  const up = BrollUploadSchema.parse(await r.json());
  expect((await put(up.upload_url, bytes, String(body.content_type))).status).toBe(200);
  const done = await complete(c, up.asset.id);
  expect(done.status, await done.clone().text()).toBe(200);
  return BrollAssetViewSchema.parse(await done.json());
}

describe("POST /broll, PUT, complete", () => {
  it("201 with a pending asset and a signed PUT URL; after the PUT, complete makes it ready and it is listed with its keywords", async () => {
    const c = await createAccount("free");
    const r = await start(c, image);
    expect(r.status).toBe(201);
    const up = BrollUploadSchema.parse(await r.json());
    expect(up.asset).toMatchObject({ kind: "image", status: "pending", filename: "coffee.png", size: PNG.length, keywords: ["coffee", "morning routine"] });
    expect(up.complete_url).toBe(`${BASE}/api/v1/broll/${up.asset.id}/complete`);
    expect(up.headers).toEqual({ "Content-Type": "image/png" });
    expect(new URL(up.upload_url).pathname).toBe(`/broll-uploads/${up.asset.id}`);
    // not listed before it is complete
    expect(BrollListSchema.parse(await (await api(c, "/broll")).json()).assets).toEqual([]);
    expect((await put(up.upload_url, PNG, "image/png")).status).toBe(200);
    const done = await complete(c, up.asset.id);
    expect(done.status).toBe(200);
    expect(BrollAssetViewSchema.parse(await done.json()).status).toBe("ready");
    const list = BrollListSchema.parse(await (await api(c, "/broll")).json());
    expect(list.assets.map((a) => [a.id, a.status, a.keywords])).toEqual([[up.asset.id, "ready", ["coffee", "morning routine"]]]);
    // no quota: the account's video count is untouched
    expect(((await (await api(c, "/usage")).json()) as { videos_used: number }).videos_used).toBe(0);
    expect((await complete(c, up.asset.id)).status).toBe(409);
  });

  it("accepts JPEG stills and MP4 videos, each as its kind", async () => {
    const c = await createAccount();
    expect((await addAsset(c, { ...image, filename: "a.jpg", content_type: "image/jpeg", size: JPEG.length }, JPEG)).kind).toBe("image");
    expect((await addAsset(c, { ...image, filename: "a.mp4", content_type: "video/mp4", size: MP4.length }, MP4)).kind).toBe("video");
  });

  it.each([
    [{ ...image, keywords: [] }, /keywords must list at least one word or phrase/],
    [{ ...image, keywords: ["x".repeat(41)] }, /each keyword must be a string of 1 to 40 characters/],
    [{ ...image, keywords: Array.from({ length: 21 }, (_, i) => `k${i}`) }, /keywords must list at most 20/],
    [{ ...image, content_type: "image/gif" }, /content_type must be one of image\/png, image\/jpeg, video\/mp4, video\/quicktime, video\/webm/],
    [{ ...image, size: BROLL_LIMITS.imageBytes + 1 }, /exceeds the 20 MB limit of a B-roll image/],
    [{ ...image, content_type: "video/mp4", size: BROLL_LIMITS.videoBytes + 1 }, /exceeds the 200 MB limit of a B-roll video/],
    [{ ...image, colour: "red" }, /colour/],
    [{ filename: "a.png", content_type: "image/png", size: 10 }, /keywords/],
  ])("refuses %j with 400 and a message naming what to fix", async (body, message) => {
    const c = await createAccount();
    const r = await start(c, body);
    expect(r.status).toBe(400);
    expect(await errorOf(r)).toMatch(message);
  });

  it("complete refuses a missing file, a file of another type than declared, and another account's asset", async () => {
    const c = await createAccount();
    const up = BrollUploadSchema.parse(await (await start(c, image)).json());
    const missing = await complete(c, up.asset.id);
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toMatch(/has not been uploaded yet/);
    // a JPEG's bytes declared as PNG (written straight to R2, as a presigned PUT would)
    await env.FILES.put(brollKey(c.account.id, up.asset.id), JPEG);
    const wrong = await complete(c, up.asset.id);
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatch(/not a PNG image.*it is a JPEG: start again with content_type image\/jpeg/);
    const other = await createAccount();
    expect((await complete(other, up.asset.id)).status).toBe(404);
    expect((await api(other, `/broll/${up.asset.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("the PUT target refuses a bad signature, another content type and another size", async () => {
    const c = await createAccount();
    const up = BrollUploadSchema.parse(await (await start(c, image)).json());
    const u = new URL(up.upload_url);
    u.searchParams.set("sig", "0".repeat(64));
    expect((await put(u.toString(), PNG, "image/png")).status).toBe(403);
    const type = await put(up.upload_url, PNG, "image/jpeg");
    expect(type.status).toBe(400);
    expect(await errorOf(type)).toMatch(/Content-Type must be image\/png/);
    const size = await put(up.upload_url, PNG.slice(0, 10), "image/png");
    expect(size.status).toBe(400);
  });

  it("needs the write scope to add or delete, and a key at all to list", async () => {
    const c = await createAccount("creator", ["read"]);
    expect((await start(c, image)).status).toBe(403);
    expect((await api(c, "/broll")).status).toBe(200);
    const anon = await SELF.fetch(`${BASE}/api/v1/broll`);
    expect(anon.status).toBe(401);
  });
});

describe("DELETE /broll/{id}", () => {
  it("removes the asset and its file; it is no longer listed and a second delete is 404", async () => {
    const c = await createAccount();
    const a = await addAsset(c);
    const r = await api(c, `/broll/${a.id}`, { method: "DELETE" });
    expect(r.status).toBe(200);
    expect(BrollDeletedSchema.parse(await r.json())).toEqual({ id: a.id, deleted: true });
    expect(await env.FILES.head(brollKey(c.account.id, a.id))).toBeNull();
    expect(BrollListSchema.parse(await (await api(c, "/broll")).json()).assets).toEqual([]);
    expect((await api(c, `/broll/${a.id}`, { method: "DELETE" })).status).toBe(404);
    const bad = await api(c, "/broll/not-a-uuid", { method: "DELETE" });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toMatch(/B-roll asset id/);
  });
});

describe("B-roll in the render task", () => {
  it("a job with style broll library carries the account's ready assets with signed URLs the backend can download, and only this account's", async () => {
    const c = await createAccount();
    const a = await addAsset(c);
    await addAsset(await createAccount());
    const id = await newJob(c, { url: SAMPLE_URL, config: { style: { broll: "library" } } });
    const task = RenderJobSchema.parse((await renderJobTask(env, id))!.body);
    expect(task.broll?.stock).toBeNull();
    expect(task.broll?.library.map((x) => [x.id, x.kind, x.keywords])).toEqual([[a.id, "image", ["coffee", "morning routine"]]]);
    const url = task.broll!.library[0]!.url;
    const got = await SELF.fetch(url);
    expect(got.status).toBe(200);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PNG);
    // the token is the asset's own: another asset id with it is refused
    const forged = url.replace(a.id, crypto.randomUUID());
    expect((await SELF.fetch(forged)).status).toBe(401);
    // a job without B-roll carries none
    const plain = RenderJobSchema.parse((await renderJobTask(env, await newJob(c)))!.body);
    expect(plain.broll).toBeUndefined();
  });

  it("a deleted asset's URL answers 404, so a render drops its cutaway", async () => {
    const c = await createAccount();
    const a = await addAsset(c);
    const [asset] = (await taskBroll(env, c.account.id, { broll: "library" }))!.library!;
    await api(c, `/broll/${a.id}`, { method: "DELETE" });
    expect((await SELF.fetch(asset!.url)).status).toBe(404);
  });

  it("a re-render that turns B-roll on carries the library; one that keeps the clip's B-roll carries none (its cutaways are in the clip's metadata)", async () => {
    const c = await createAccount();
    await addAsset(c);
    const id = await newJob(c);
    const clip = { ...clipReport(0, 80), metadata: { layout: "face_tracking" as const, style: {} } };
    await storeClipFiles(id, [clip]);
    expect((await sendEvent(id, { type: "clips", clips: [clip] } as never)).status).toBe(200);
    const on = RerenderCreatedSchema.parse(await (await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { style: { broll: "library" } } })).json());
    const onTask = RerenderTaskSchema.parse((await rerenderTask(env, on.rerender_id))!.body);
    expect(onTask.broll?.library).toHaveLength(1);
    const other = RerenderCreatedSchema.parse(await (await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { style: { emoji: true } } })).json());
    expect(RerenderTaskSchema.parse((await rerenderTask(env, other.rerender_id))!.body).broll).toBeUndefined();
  });

  it("a trim of a clip with B-roll carries the library: its cutaways are placed anew on the new range (issue 33 case 2)", async () => {
    const c = await createAccount();
    await addAsset(c);
    const id = await newJob(c);
    const words = Array.from({ length: 40 }, (_, i) => ({ word: `w${i}`, start: i, end: i + 0.8 }));
    expect((await sendEvent(id, { type: "transcript", lang: "en", segments: [], words, source_duration: 41 })).status).toBe(200);
    const clip = { ...clipReport(0, 80), start: 5, end: 30, metadata: { layout: "wide" as const, style: { broll: "library" as const, remove_silences: true } } };
    await storeClipFiles(id, [clip]);
    expect((await sendEvent(id, { type: "clips", clips: [clip] } as never)).status).toBe(200);
    const trim = await api(c, `/jobs/${id}/clips/0/trim`, { method: "POST", json: { start: 12, end: 24 } });
    expect(trim.status).toBe(202);
    const task = RerenderTaskSchema.parse((await rerenderTask(env, ((await trim.json()) as { rerender_id: string }).rerender_id))!.body);
    expect(task.metadata_start).toBe(5);
    expect(task.broll?.library).toHaveLength(1);
    expect(task.broll?.stock).toBeNull();
  });
});

describe("B-roll in a clip by hand's task (issue 33 case 5)", () => {
  it("a clip by hand with style broll library carries the account's library; with stock and a provider, the provider", async () => {
    const c = await createAccount();
    const a = await addAsset(c);
    const id = await newJob(c);
    const words = Array.from({ length: 40 }, (_, i) => ({ word: `w${i}`, start: i, end: i + 0.8 }));
    expect((await sendEvent(id, { type: "transcript", lang: "en", segments: [], words, source_duration: 41 })).status).toBe(200);
    await storeClipFiles(id, [clipReport(0, 80)]);
    expect((await sendEvent(id, { type: "clips", clips: [clipReport(0, 80)], source_duration: 41 } as never)).status).toBe(200);
    const r = await api(c, `/jobs/${id}/clips`, { method: "POST", json: { start: 12, end: 24, style: { broll: "library" } } });
    expect(r.status, await r.clone().text()).toBe(202);
    const { clip_index } = (await r.json()) as { clip_index: number };
    await env.DB.prepare("UPDATE manual_clips SET status = 'queued' WHERE job_id = ? AND clip_index = ?").bind(id, clip_index).run();
    const task = ManualClipTaskSchema.parse((await manualClipTask(env, id, clip_index))!.body);
    expect(task.config.style?.broll).toBe("library");
    expect(task.broll?.library.map((x) => x.id)).toEqual([a.id]);
    await env.DB.prepare("UPDATE manual_clips SET status = 'queued' WHERE job_id = ? AND clip_index = ?").bind(id, clip_index).run();
    await env.DB.prepare("UPDATE manual_clips SET params = ? WHERE job_id = ? AND clip_index = ?").bind(JSON.stringify({ style: { broll: "stock" } }), id, clip_index).run();
    const withStock = { ...env, PEXELS_API_KEY: "k" };
    const stocked = ManualClipTaskSchema.parse((await manualClipTask(withStock, id, clip_index))!.body);
    expect(stocked.broll?.stock?.provider).toBe("pexels");
  });
});

describe("style broll stock", () => {
  it("is refused with 400 on a job, an upload's completion and a re-render while the operator enabled no stock provider", async () => {
    const c = await createAccount();
    const r = await api(c, "/jobs", { method: "POST", json: { url: SAMPLE_URL, config: { style: { broll: "stock" } } } });
    expect(r.status).toBe(400);
    expect(await errorOf(r)).toBe(STOCK_UNAVAILABLE);
    expect(((await (await api(c, "/usage")).json()) as { videos_used: number }).videos_used).toBe(0);
    const upload = await reserveAndPut(c);
    const done = await api(c, `/uploads/${upload.job_id}/complete`, { method: "POST", json: { config: { style: { broll: "stock" } } } });
    expect(done.status).toBe(400);
    expect(await errorOf(done)).toBe(STOCK_UNAVAILABLE);
    expect(((await (await api(c, "/usage")).json()) as { videos_used: number }).videos_used).toBe(0);
    const id = await newJob(c);
    const rr = await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { style: { broll: "stock" } } });
    expect(rr.status).toBe(400);
    expect(await errorOf(rr)).toBe(STOCK_UNAVAILABLE);
  });

  it("with PEXELS_API_KEY set, is accepted and the task names Pexels with the key and its documented origin", async () => {
    const configured = { ...env, PEXELS_API_KEY: "test-pexels-key" };
    expect(() => requireBrollAvailable(configured, { broll: "stock" })).not.toThrow();
    expect(await taskBroll(configured, "any-account", { broll: "stock" })).toEqual({ library: [], stock: { provider: "pexels", api_key: "test-pexels-key", api_url: "https://api.pexels.com" } });
    // a stand-in origin is honoured in local mode only
    const local = { ...env, PEXELS_API_KEY: "k", PEXELS_API_URL: "http://127.0.0.1:9911", LOCAL_MODE: "true" };
    expect((await taskBroll(local, "any-account", { broll: "stock" }))?.stock?.api_url).toBe("http://127.0.0.1:9911");
    const production = { ...env, PEXELS_API_KEY: "k", PEXELS_API_URL: "http://127.0.0.1:9911", LOCAL_MODE: "false" };
    expect((await taskBroll(production, "any-account", { broll: "stock" }))?.stock?.api_url).toBe("https://api.pexels.com");
  });
});
