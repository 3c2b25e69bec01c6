// Every consumer names a version (issue 41): an export and a publication read the version they name
// ("original" or a re-render id; left out, the newest completed), its own timeline, shape, file and
// cover, and say which they used. The versions are made as the Worker really stores them: a clips
// event for the original, POST .../trim and .../rerender with the backend's completion callbacks.
import { describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { buildClipTimeline, type Aspect } from "@katto/protocol";
import { JobSchema, PublicationSchema, RerenderCreatedSchema, RerenderSchema } from "@katto/protocol/api";
import { publications } from "../../../src/db/schema";
import { renderCallbackToken } from "../../../src/render-backend/callbacks";
import { ErrorSchema } from "../../../src/schemas/common";
import { api, BASE, createAccount, type Client } from "../helpers";
import { newJob, putFile, sendEvent, APP_SECRET } from "../render-callbacks";
import { connect, standInState } from "../publishing/helpers";
import { SELF } from "cloudflare:test";

const SRT = "1\n00:00:00,200 --> 00:00:01,400\nabout the very\n";

/** A version's timeline as the backend reports it: a 1920x1080 source, its range, its shape. */
const timelineOf = (start: number, end: number, aspect: Aspect, layout = "face_tracking") =>
  buildClipTimeline({
    range: { start, end },
    cuts: [],
    sourceSize: { width: 1920, height: 1080 },
    content: null,
    layout,
    cropWindow: layout === "face_tracking" ? { w: aspect === "1:1" ? 1080 : aspect === "9:16" ? 608 : 1920, h: 1080, y: 0 } : null,
    cropPath: [{ t: 0, x: 0 }],
    zooms: [],
    words: [{ word: "about", start: 0.2, end: 0.5 }],
    captions: null,
    titleCard: null,
    fps: "30",
    aspect,
  });

/** A completed job (16:9 unless `aspect`) whose clip 0 (2-10 s, 30 fps) carries its timeline, as the backend's clips event stores it. */
async function completedJob(c: Client, aspect: Aspect = "16:9") {
  const id = await newJob(c);
  expect((await putFile(id, "clip-0.mp4", new Uint8Array(4096))).status).toBe(201);
  expect((await putFile(id, "clip-0.srt", SRT, "application/x-subrip")).status).toBe(201);
  const metadata = { version: 1, source_range: { start: 2, end: 10 }, layout: "face_tracking", crop_window: { w: 1920, h: 1080, y: 0 }, crop_path: [{ t: 0, x: 0 }], fps: "30", words: [], source_size: { width: 1920, height: 1080 }, aspect, timeline: timelineOf(2, 10, aspect) };
  const clip = { clip_index: 0, title: "Very real challenges", score: 80, subscores: { hook: 80, flow: 80, value: 80, trend: 80 }, justification: "j", start: 2, end: 10, file: "clip-0.mp4", captions_file: "clip-0.srt", hd: true, metadata };
  expect((await sendEvent(id, { type: "clips", clips: [clip] } as never)).status).toBe(200);
  return id;
}

async function internal(path: string, rid: string, init: RequestInit) {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${await renderCallbackToken(APP_SECRET, rid)}`);
  return SELF.fetch(`${BASE}/internal/v1${path}`, { ...init, headers });
}

/** The backend's completion of a version: its MP4 (`bytes` long), SRT, cover and timeline. */
async function complete(rid: string, timeline: ReturnType<typeof timelineOf>, bytes: number) {
  const put = (name: string, body: BodyInit, type: string) => internal(`/rerenders/${rid}/files/${name}`, rid, { method: "PUT", body, headers: { "content-type": type } });
  expect((await put("clip-0.mp4", new Uint8Array(bytes), "video/mp4")).status).toBe(201);
  expect((await put("clip-0.srt", SRT, "application/x-subrip")).status).toBe(201);
  expect((await put("clip-0-cover.jpg", new Uint8Array(16), "image/jpeg")).status).toBe(201);
  const done = { type: "completed", file: "clip-0.mp4", captions_file: "clip-0.srt", cover_file: "clip-0-cover.jpg", cover_time: 1, duration: timeline.duration, timeline };
  expect((await internal(`/rerenders/${rid}/events`, rid, { method: "POST", body: JSON.stringify(done) })).status).toBe(200);
}

/** A job with a trim (4-8 s) and then a 1:1 re-render of its clip 0, both completed. */
async function withVersions(c: Client, aspect: Aspect = "16:9") {
  const id = await completedJob(c, aspect);
  const trim = RerenderCreatedSchema.parse(await (await api(c, `/jobs/${id}/clips/0/trim`, { method: "POST", json: { start: 4, end: 8 } })).json()).rerender_id;
  const trimmed = RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${trim}`)).json());
  await complete(trim, timelineOf(trimmed.start, trimmed.end, aspect), 2048);
  // the clock moves on, so the square version is the newer completion
  await new Promise((r) => setTimeout(r, 5));
  const square = RerenderCreatedSchema.parse(await (await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { aspect: "1:1" } })).json()).rerender_id;
  await complete(square, timelineOf(2, 10, "1:1"), 1024);
  return { id, trim, square, trimmed };
}

const exportOf = (c: Client, id: string, query: string) => api(c, `/jobs/${id}/clips/0/export?format=mlt&source=file&${query}`);
const profile = (mlt: string) => /<profile [^>]*width="(\d+)" height="(\d+)"/.exec(mlt)!.slice(1).map(Number);

describe("an export names its version", () => {
  it("holds the version named, its range and shape, says which in Katto-Version and its file name; left out, the newest completed", async () => {
    const c = await createAccount();
    const { id, trim, square, trimmed } = await withVersions(c);

    const original = await exportOf(c, id, "version=original");
    expect(original.status).toBe(200);
    expect(original.headers.get("katto-version")).toBe("original");
    expect(original.headers.get("content-disposition")).toBe(`attachment; filename="katto-${id.slice(0, 8)}-clip-0.mlt"`);
    const o = await original.text();
    expect(profile(o)).toEqual([1920, 1080]);
    expect(o).toContain(`<entry producer="source0" in="60" out="299"/>`);

    const t = await exportOf(c, id, `version=${trim}`);
    expect(t.headers.get("katto-version")).toBe(trim);
    expect(t.headers.get("content-disposition")).toBe(`attachment; filename="katto-${id.slice(0, 8)}-clip-0-${trim}.mlt"`);
    const tm = await t.text();
    expect(profile(tm)).toEqual([1920, 1080]);
    // the trim's own range: frames of its snapped start and end at 30 fps
    expect(tm).toContain(`<entry producer="source0" in="${Math.round(trimmed.start * 30)}" out="${Math.round(trimmed.end * 30) - 1}"/>`);

    // left out: the newest completed version, the 1:1 re-render, exported 1:1
    const newest = await exportOf(c, id, "");
    expect(newest.headers.get("katto-version")).toBe(square);
    expect(profile(await newest.text())).toEqual([1080, 1080]);
  });

  it("404 for a version the clip does not have (naming the ones it has), 409 for one not completed, 400 for a malformed one", async () => {
    const c = await createAccount();
    const { id, trim, square } = await withVersions(c);
    const missing = await exportOf(c, id, "version=rr_0123456789abcdef0123456789abcdef");
    expect(missing.status).toBe(404);
    expect(ErrorSchema.parse(await missing.json()).error).toBe(`Version rr_0123456789abcdef0123456789abcdef not found: clip 0 of this job has the versions original, ${trim}, ${square} (each clip's versions are listed on GET /jobs/{id}).`);
    const queued = RerenderCreatedSchema.parse(await (await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { layout_mode: "wide" } })).json()).rerender_id;
    const early = await exportOf(c, id, `version=${queued}`);
    expect(early.status).toBe(409);
    expect(ErrorSchema.parse(await early.json()).error).toContain(`Version ${queued} is queued`);
    const bad = await exportOf(c, id, "version=latest");
    expect(bad.status).toBe(400);
    expect(ErrorSchema.parse(await bad.json()).error).toContain('version must be "original" or a re-render id (rr_...)');
  });

  it("GET /jobs/{id} lists the versions in order, the clip keeping its original's own fields and timeline", async () => {
    const c = await createAccount();
    const { id, trim, square } = await withVersions(c);
    const clip = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json()).clips[0]!;
    expect(clip.versions.map((v) => [v.id, v.changes])).toEqual([["original", []], [trim, ["trim"]], [square, ["aspect"]]]);
    expect(clip).toMatchObject({ aspect: "16:9", start: 2, end: 10, duration: 8 });
    expect(clip.timeline).toMatchObject({ aspect: "16:9", source: { start: 2, end: 10 } });
    const sq = RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${square}`)).json());
    expect(sq).toMatchObject({ aspect: "1:1", start: 2, end: 10, layout: "face_tracking", hd: true, changes: ["aspect"], request: { aspect: "1:1" } });
    expect(sq.timeline).toMatchObject({ aspect: "1:1", frame: { width: 1080, height: 1080 } });
  });
});

describe("a publication names its version", { timeout: 90_000 }, () => {
  const publish = (c: Client, id: string, json: Record<string, unknown>) => api(c, `/jobs/${id}/clips/0/publications`, { method: "POST", json: { platform: "youtube", caption: "It clicked #shorts", title: "It clicked", privacy: "private", ...json } });
  const settled = (pid: string) =>
    vi.waitFor(
      async () => {
        const row = await drizzle(env.DB).select({ status: publications.status }).from(publications).where(eq(publications.id, pid)).get();
        if (!row || ["queued", "uploading", "processing"].includes(row.status)) throw new Error(`still ${row?.status}`);
      },
      { timeout: 60_000, interval: 100 },
    );

  it("posts the version named (its file's bytes), says which; left out, the newest completed; a missing one is 404", async () => {
    const c = await createAccount();
    await connect(c, "youtube");
    // YouTube takes vertical and square clips (Shorts): a 9:16 job with a 1:1 version
    const { id, trim, square } = await withVersions(c, "9:16");
    const named = PublicationSchema.parse(await (await publish(c, id, { version: trim })).json());
    expect(named.version).toBe(trim);
    const newest = PublicationSchema.parse(await (await publish(c, id, {})).json());
    expect(newest.version).toBe(square);
    const original = PublicationSchema.parse(await (await publish(c, id, { version: "original" })).json());
    expect(original.version).toBe("original");
    for (const p of [named, newest, original]) await settled(p.id);
    const posted = async (pid: string) => {
      const done = PublicationSchema.parse(await (await api(c, `/publications/${pid}`)).json());
      expect(done.status, done.error ?? "").toBe("published");
      return (await standInState<{ videos: { id: string; bytes: number }[] }>("youtube")).videos.find((v) => v.id === done.post_id)!.bytes;
    };
    // each version's own file: the trim 2048 bytes, the square one 1024, the original 4096
    expect([await posted(named.id), await posted(newest.id), await posted(original.id)]).toEqual([2048, 1024, 4096]);
    const missing = await publish(c, id, { version: "rr_missing0" });
    expect(missing.status).toBe(404);
    expect(ErrorSchema.parse(await missing.json()).error).toContain("Version rr_missing0 not found");
  });
});
