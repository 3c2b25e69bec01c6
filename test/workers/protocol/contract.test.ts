// One contract between the Worker and the render backend (@katto/protocol): every task the Worker
// builds, captured at its outbound fetch, is accepted by the backend's own parser
// (container/src/runtime/protocol.ts), and clip metadata in the backend's format survives storage.
import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildClipTimeline, CLIP_METADATA_VERSION, renditionFrame, TASK_PATHS, type ClipMetadata } from "@katto/protocol";
import { parseHdClipTask, parseRenderJob, parseRenditionTask, parseRerenderJob } from "../../../container/src/runtime/protocol";
import type { Env } from "../../../src/env";
import { clipVersionToPost } from "../../../src/services/publishing/clip-versions";
import { versionToPost } from "../../../src/services/publishing/renditions";
import { handleQueueBatch } from "../../../src/queues/consumer";
import { RerenderCreatedSchema } from "@katto/protocol/api";
import { api, BASE, createAccount, SAMPLE_URL, type Client } from "../helpers";
import { clipReport, newJob, putFile, sendEvent, storeClipFiles } from "../render-callbacks";

const fanoutEnv = { ...env, HD_FANOUT: "true" } as Env;

/** The metadata of one clip exactly as the backend writes it (clip-plan.ts clipReport). */
const metadata = (i: number): ClipMetadata => ({
  version: CLIP_METADATA_VERSION,
  caption_style: "karaoke",
  words: [{ word: "hello", start: 0.2, end: 0.5 }, { word: "world", start: 0.6, end: 1 }],
  preview_file: `clip-${i}-preview.mp4`,
  hd_file: `clip-${i}.mp4`,
  thumbnail_file: `clip-${i}.jpg`,
  preview_size: { width: 540, height: 960 },
  transcript_engine: "pocketsphinx",
  scorer: { engine: "workers-ai", model: "@cf/meta/llama-3.1-8b-instruct-fp8" },
  mezzanine_file: `clip-${i}-src.mp4`,
  timeline: buildClipTimeline({
    range: { start: i * 10, end: i * 10 + 8 },
    cuts: [],
    sourceSize: { width: 1280, height: 720 },
    content: null,
    layout: "face_tracking",
    cropWindow: { w: 405, h: 720, y: 0 },
    cropPath: [{ t: 0, x: 400 }, { t: 4, x: 420 }],
    zooms: [],
    words: [{ word: "hello", start: 0.2, end: 0.5 }, { word: "world", start: 0.6, end: 1 }],
    captions: null,
    titleCard: null,
    fps: "30000/1001",
    aspect: "9:16",
  }),
  broll_assets: [],
});

/** The backend: every request the Worker sends is kept and answered 202. */
function backend() {
  const seen: Request[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    seen.push(new Request(input as RequestInfo, init));
    return Response.json({ accepted: true }, { status: 202 });
  });
  return seen;
}

async function deliver(body: unknown, e: Env = env) {
  const batch = createMessageBatch("katto-render", [{ id: "m-1", timestamp: new Date(), attempts: 1, body }]);
  const ctx = createExecutionContext();
  await handleQueueBatch(batch, e);
  return getQueueResult(batch, ctx);
}

async function addBrandKit(c: Client) {
  await env.DB.prepare(
    `INSERT INTO brand_kits (id, account_id, name, primary_color, accent_color, caption_font, caption_position, default_layout, watermark_url, created_at)
     VALUES (?1, ?2, 'Acme', '#ffffff', '#FF0066', 'Noto Sans', 'top', 'stacked', 'https://cdn.example.com/acme.png', ?3)`,
  )
    .bind(crypto.randomUUID(), c.account.id, new Date().toISOString())
    .run();
}

afterEach(() => vi.restoreAllMocks());

describe("tasks the Worker builds are accepted by the backend's parser", () => {
  it("render job, HD clip task and re-render task, with a brand kit and every config field", async () => {
    const c = await createAccount("creator");
    await addBrandKit(c);
    const config = { genre: "podcast", clipLength: "30_60", customPrompt: "the best advice", topics: "money, habits" };
    const id = await newJob(c, { url: SAMPLE_URL, config });

    // render: the queue message → POST /v1/jobs
    let seen = backend();
    expect((await deliver({ type: "render", job_id: id }, fanoutEnv)).explicitAcks).toEqual(["m-1"]);
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual([TASK_PATHS.render]);
    const job = parseRenderJob(await seen[0]!.json());
    expect(job).toMatchObject({ ok: true, value: { job_id: id, config: { ...config, brandKit: { name: "Acme", primary_color: "#FFFFFF", default_layout: "stacked" } }, hd: { mode: "fanout" } } });
    vi.restoreAllMocks();

    // the backend reports two clips with its full metadata, and the mezzanine of clip 1
    // clip 1 with its preview's cover, whose moment the HD task carries (the HD cover shows the same frame)
    const clips = [0, 1].map((i) => ({ ...clipReport(i, 90 - i), metadata: metadata(i), ...(i === 1 ? { cover_file: "clip-1-preview-cover.jpg", cover_time: 2.5 } : {}) }));
    await storeClipFiles(id, clips);
    expect((await putFile(id, "clip-1-preview-cover.jpg", new Uint8Array(16))).status).toBe(201);
    expect((await putFile(id, "clip-1-src.mp4", new Uint8Array(64))).status).toBe(201);
    expect((await sendEvent(id, { type: "clips", clips })).status).toBe(200);

    // HD fan-out: render_hd → POST /v1/clips/hd with the stored metadata, as written
    seen = backend();
    expect((await deliver({ type: "render_hd", job_id: id, clip_index: 1 }, fanoutEnv)).explicitAcks).toEqual(["m-1"]);
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual([TASK_PATHS.hd]);
    const hd = parseHdClipTask(await seen[0]!.json());
    expect(hd).toMatchObject({ ok: true, value: { job_id: id, clip_index: 1, clip: { start: 0, end: 8, metadata: metadata(1) }, brand_kit: { name: "Acme" }, cover_time: 2.5 } });
    vi.restoreAllMocks();

    // re-render: POST /clips/0/rerender → the queue message → POST /v1/rerenders
    seen = backend();
    const created = await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { layout_mode: "split_screen", caption_style: "boxed", dub: ["es", "fr"] } });
    expect(created.status).toBe(202);
    const rid = RerenderCreatedSchema.parse(await created.json()).rerender_id;
    seen.length = 0; // the API's own enqueue may already have been delivered; deliver it once more explicitly
    expect((await deliver({ type: "rerender", rerender_id: rid })).explicitAcks).toEqual(["m-1"]);
    const sent = seen.filter((r) => new URL(r.url).pathname === TASK_PATHS.rerender);
    if (sent.length === 0) return expect.unreachable("the re-render was not sent to the backend");
    const rr = parseRerenderJob(await sent[0]!.json());
    expect(rr).toMatchObject({
      ok: true,
      value: { rerender_id: rid, job_id: id, clip_index: 0, clip: { start: 0, end: 8, metadata: metadata(0) }, params: { layout_mode: "split_screen", caption_style: "boxed", dub: ["es", "fr"] }, brand_kit: { name: "Acme" } },
    });
  });
});

describe("the rendition task the Worker builds", () => {
  it("a publication's request for a 720x1280 rendition becomes a RenditionTask the backend accepts, whose source URL serves the clip's file", async () => {
    const c = await createAccount("creator");
    const id = await newJob(c, { url: SAMPLE_URL });
    const clips = [{ ...clipReport(0, 90), metadata: metadata(0) }];
    await storeClipFiles(id, clips);
    expect((await sendEvent(id, { type: "clips", clips })).status).toBe(200);

    // the publish runner asks (clip_renditions row + render_rendition), then the consumer sends the task
    const latest = (await clipVersionToPost(env, id, 0))!;
    const asked = await versionToPost(env, { jobId: id, clipIndex: 0, since: Date.now(), platform: "X" }, { renderAt: renditionFrame } as never, latest, Date.now());
    expect(asked).toEqual({ kind: "waiting", seconds: 10 });
    const seen = backend();
    expect((await deliver({ type: "render_rendition", job_id: id, clip_index: 0, width: 720, height: 1280 })).explicitAcks).toEqual(["m-1"]);
    const sent = seen.filter((r) => new URL(r.url).pathname === TASK_PATHS.rendition);
    if (sent.length === 0) return expect.unreachable("the rendition was not sent to the backend");
    const task = parseRenditionTask(await sent[0]!.json());
    if (!task.ok) return expect.unreachable(task.error);
    expect(task.value).toMatchObject({ job_id: id, clip_index: 0, size: { width: 720, height: 1280 }, callback: { base_url: `${BASE}/internal/v1` } });
    vi.restoreAllMocks();
    const src = new URL(task.value.source.url);
    expect(src.pathname).toBe(`/internal/v1/jobs/${id}/files/clip-0-preview.mp4`);
    const got = await SELF.fetch(task.value.source.url);
    expect(got.status).toBe(200);
    expect(new TextDecoder().decode(await got.arrayBuffer())).toBe("bytes");
  });
});

describe("clip metadata the Worker accepts and stores", () => {
  it("refuses a clips event whose metadata was written by a newer format version, naming the field", async () => {
    const c = await createAccount("creator");
    const id = await newJob(c);
    seenNothing();
    const clip = { ...clipReport(0, 80), metadata: { ...metadata(0), version: CLIP_METADATA_VERSION + 1 } };
    await storeClipFiles(id, [clip]);
    const res = await sendEvent(id, { type: "clips", clips: [clip] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/newer format/);
  });
});

function seenNothing() {
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({}, { status: 202 }));
}
