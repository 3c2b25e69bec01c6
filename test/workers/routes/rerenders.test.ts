import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { renderCallbackToken } from "../../../src/render-backend/callbacks";
import { RerenderCreatedSchema, RerenderSchema, JobSchema } from "@katto/protocol/api";
import { buildClipTimeline, noEdits } from "@katto/protocol";
import { api, BASE, createAccount, SAMPLE_URL, type Client } from "../helpers";
import { storeClipFiles } from "../render-callbacks";

const SECRET = "test-app-secret-0123456789abcdef";

async function internal(path: string, id: string, init: RequestInit) {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${await renderCallbackToken(SECRET, id)}`);
  return SELF.fetch(`${BASE}/internal/v1${path}`, { ...init, headers });
}

const clipReport = (i: number, score: number) => ({
  clip_index: i, title: `Clip ${i}`, score, subscores: { hook: 50, flow: 50, value: 50, trend: 50 }, justification: "j",
  start: 0, end: 10, file: `clip-${i}.mp4`, captions_file: `clip-${i}.srt`, hd: true, metadata: { layout: "wide", caption_style: "bold_pop" },
});

async function completedJob(c: Client) {
  const { id } = (await (await api(c, "/jobs", { method: "POST", json: { url: SAMPLE_URL } })).json()) as { id: string };
  await storeClipFiles(id, [clipReport(0, 80)]);
  const r = await internal(`/jobs/${id}/events`, id, { method: "POST", body: JSON.stringify({ type: "clips", clips: [clipReport(0, 80)] }) });
  expect(r.status).toBe(200);
  return id;
}

describe("POST /jobs/{id}/clips/{index}/rerender", () => {
  it("queues a free, versioned re-render that completes with a new URL while the original stays", async () => {
    const c = await createAccount("free");
    const id = await completedJob(c);
    const before = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    const usedBefore = ((await (await api(c, "/usage")).json()) as { videos_used: number }).videos_used;

    const r = await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { layout_mode: "wide", caption_style: "karaoke" } });
    expect(r.status).toBe(202);
    const created = RerenderCreatedSchema.parse(await r.json());
    expect(created.status_url).toBe(`${BASE}/api/v1/jobs/${id}/rerenders/${created.rerender_id}`);
    const polled = RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${created.rerender_id}`)).json());
    expect(polled).toMatchObject({ status: "queued", clip_url: null, captions_url: null, duration: null, error: null });

    const rid = created.rerender_id;
    expect((await internal(`/rerenders/${rid}/events`, rid, { method: "POST", body: JSON.stringify({ type: "progress", pct: 10 }) })).status).toBe(200);
    expect((await api(c, `/jobs/${id}/rerenders/${rid}`).then((x) => x.json()) as { status: string }).status).toBe("processing");
    const put = await internal(`/rerenders/${rid}/files/clip-0.mp4`, rid, { method: "PUT", body: "mp4 bytes", headers: { "content-type": "video/mp4" } });
    expect(put.status).toBe(201);
    await internal(`/rerenders/${rid}/files/clip-0.srt`, rid, { method: "PUT", body: "1\n00:00:00,000 --> 00:00:01,000\nhi\n", headers: { "content-type": "application/x-subrip" } });
    const done = await internal(`/rerenders/${rid}/events`, rid, { method: "POST", body: JSON.stringify({ type: "completed", file: "clip-0.mp4", captions_file: "clip-0.srt", duration: 9.5 }) });
    expect(done.status).toBe(200);

    const final = RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${rid}`)).json());
    expect(final).toMatchObject({ status: "completed", duration: 9.5, error: null });
    expect(final.clip_url).not.toBe(before.clips[0].url);
    expect(await (await SELF.fetch(final.clip_url!)).text()).toBe("mp4 bytes");
    const after = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(after.clips[0].url).toBe(before.clips[0].url);
    expect(((await (await api(c, "/usage")).json()) as { videos_used: number }).videos_used).toBe(usedBefore);
    // A finished re-render takes no more events or files.
    expect((await internal(`/rerenders/${rid}/events`, rid, { method: "POST", body: JSON.stringify({ type: "failed", error: "x" }) })).status).toBe(409);
  });

  it.each([
    [{}, /at least one of layout_mode, caption_style, dub, style, captions or aspect/],
    [{ layout_mode: "zoomed" }, /layout_mode must be one of/],
    [{ caption_style: "x".repeat(41) }, /at most 40/],
    [{ caption_style: "sparkly" }, /caption_style must be one of/],
    [{ dub: ["de"] }, /dub language/],
    [{ dub: [] }, /at least one language/],
  ])("400 for %j", async (body, message) => {
    const c = await createAccount();
    const id = await completedJob(c);
    const r = await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: body });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toMatch(message);
  });

  it("a re-render the backend reports failed shows failed with its error through the API, and charges nothing", async () => {
    const c = await createAccount("free");
    const id = await completedJob(c);
    const used = ((await (await api(c, "/usage")).json()) as { videos_used: number }).videos_used;
    const rid = RerenderCreatedSchema.parse(await (await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { caption_style: "boxed" } })).json()).rerender_id;
    expect((await internal(`/rerenders/${rid}/events`, rid, { method: "POST", body: JSON.stringify({ type: "progress", pct: 10 }) })).status).toBe(200);
    expect((await internal(`/rerenders/${rid}/events`, rid, { method: "POST", body: JSON.stringify({ type: "failed", error: "ffmpeg could not encode the clip" }) })).status).toBe(200);
    const polled = RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${rid}`)).json());
    expect(polled).toMatchObject({ status: "failed", clip_url: null, captions_url: null, error: "ffmpeg could not encode the clip" });
    expect(((await (await api(c, "/usage")).json()) as { videos_used: number }).videos_used).toBe(used);
  });

  it("400 for a clip stored without editing metadata, saying to create a new job", async () => {
    const c = await createAccount("free");
    const id = await completedJob(c);
    await env.DB.prepare("UPDATE clips SET metadata = NULL WHERE job_id = ?").bind(id).run();
    const r = await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { layout_mode: "wide" } });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toMatch(/no editing metadata.*create a new job/);
  });

  it("400 for an index outside 0-9, 404 for a missing clip or job, 409 before completion, 403 without write", async () => {
    const c = await createAccount();
    const id = await completedJob(c);
    expect((await api(c, `/jobs/${id}/clips/10/rerender`, { method: "POST", json: { layout_mode: "wide" } })).status).toBe(400);
    expect((await api(c, `/jobs/${id}/clips/3/rerender`, { method: "POST", json: { layout_mode: "wide" } })).status).toBe(404);
    expect((await api(c, `/jobs/${crypto.randomUUID()}/clips/0/rerender`, { method: "POST", json: { layout_mode: "wide" } })).status).toBe(404);
    const { id: running } = (await (await api(c, "/jobs", { method: "POST", json: { url: SAMPLE_URL } })).json()) as { id: string };
    const early = await api(c, `/jobs/${running}/clips/0/rerender`, { method: "POST", json: { layout_mode: "wide" } });
    expect(early.status).toBe(409);
    const ro = await createAccount("creator", ["read"]);
    expect((await api(ro, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { layout_mode: "wide" } })).status).toBe(403);
    expect((await api(c, `/jobs/${id}/rerenders/rr_missing`)).status).toBe(404);
  });
});

describe("re-render versions keep what they were rendered with (issue 33)", () => {
  // what a backend reports for a version: its timeline over its own range, its edits and style
  const versionTimeline = (start: number, end: number, layout: string) =>
    buildClipTimeline({ aspect: "9:16",
      range: { start, end },
      cuts: [{ source_start: start + 1, source_end: start + 1.6, reason: "silence" }],
      sourceSize: { width: 1280, height: 720 },
      content: null,
      layout,
      cropWindow: layout === "face_tracking" ? { w: 404, h: 720, y: 0 } : null,
      cropPath: [{ t: 0, x: 300 }],
      zooms: [],
      words: [{ word: "kept", start: 0.2, end: 0.6 }, { word: "after", start: 2, end: 2.4 }],
      captions: null,
      titleCard: null,
      fps: "30",
    });
  const edits = (start: number) => ({ ...noEdits(), cuts: [{ source_start: start + 1, source_end: start + 1.6, reason: "silence" as const }] });

  async function complete(rid: string, extra: object) {
    await internal(`/rerenders/${rid}/files/clip-0.mp4`, rid, { method: "PUT", body: "mp4", headers: { "content-type": "video/mp4" } });
    await internal(`/rerenders/${rid}/files/clip-0.srt`, rid, { method: "PUT", body: "1\n00:00:00,000 --> 00:00:01,000\nkept\n", headers: { "content-type": "application/x-subrip" } });
    const r = await internal(`/rerenders/${rid}/events`, rid, { method: "POST", body: JSON.stringify({ type: "completed", file: "clip-0.mp4", captions_file: "clip-0.srt", duration: 5.4, ...extra }) });
    expect(r.status).toBe(200);
  }

  it("each version is a whole record of its own file; the clip stays its original, its own timeline beside its own url, and lists its versions", async () => {
    const c = await createAccount("free");
    const id = await completedJob(c);
    const clipOf = async () => JobSchema.parse(await (await api(c, `/jobs/${id}`)).json()).clips[0]!;
    const original = await clipOf();
    expect(original.timeline).toBeNull(); // the clip itself was stored without one
    expect(original.versions).toEqual([{ id: "original", changes: [], status: "completed", url: original.url, created_at: expect.any(String) }]);

    const trim = RerenderCreatedSchema.parse(await (await api(c, `/jobs/${id}/clips/0/trim`, { method: "POST", json: { start: 2, end: 8 } })).json()).rerender_id;
    const queued = RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${trim}`)).json());
    expect(queued).toMatchObject({ status: "queued", style: null, edits: null, timeline: null, layout: null, hd: false, clip_index: 0, changes: ["trim"], completed_at: null, request: { trim: { start: queued.start, end: queued.end } } });
    const trimmed = versionTimeline(queued.start, queued.end, "face_tracking");
    await complete(trim, { style: { remove_silences: true }, edits: edits(queued.start), timeline: trimmed });

    const shown = RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${trim}`)).json());
    expect(shown.timeline).toEqual(trimmed);
    expect(shown).toMatchObject({ start: trimmed.source.start, end: trimmed.source.end, layout: "face_tracking", aspect: trimmed.aspect, hd: true, changes: ["trim"], completed_at: expect.any(String) });
    expect(shown.edits).toEqual(edits(queued.start));
    expect(shown.style).toEqual({ remove_silences: true });
    // the clip is still its original: its url with its own (absent) timeline, never the trim's
    const after = await clipOf();
    expect(after.timeline).toBeNull();
    expect(after.url).toBe(original.url);
    expect(after.versions.map((v) => [v.id, v.changes, v.status, v.url])).toEqual([["original", [], "completed", original.url], [trim, ["trim"], "completed", shown.clip_url]]);

    // a failed version is listed without a file; another layout is a version with its own layout
    const failed = RerenderCreatedSchema.parse(await (await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { layout_mode: "wide" } })).json()).rerender_id;
    expect((await internal(`/rerenders/${failed}/events`, failed, { method: "POST", body: JSON.stringify({ type: "failed", error: "no" }) })).status).toBe(200);
    const wide = RerenderCreatedSchema.parse(await (await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { layout_mode: "wide" } })).json()).rerender_id;
    const wideTimeline = versionTimeline(0, 10, "wide");
    await complete(wide, { edits: edits(0), timeline: wideTimeline });
    const wideShown = RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${wide}`)).json());
    expect(wideShown).toMatchObject({ timeline: wideTimeline, layout: "wide", start: 0, end: 10, changes: ["layout"], request: { layout_mode: "wide" } });
    expect((await clipOf()).versions.map((v) => [v.id, v.status, v.url === null])).toEqual([["original", "completed", false], [trim, "completed", false], [failed, "failed", true], [wide, "completed", false]]);
    expect((await clipOf()).timeline).toBeNull();
    // the trim's own record is unchanged
    expect(RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${trim}`)).json()).timeline).toEqual(trimmed);

    // a version from a backend that reports no timeline: its layout and timeline are unknown, not another version's
    const old = RerenderCreatedSchema.parse(await (await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { caption_style: "boxed" } })).json()).rerender_id;
    await complete(old, {});
    expect(RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${old}`)).json())).toMatchObject({ status: "completed", style: null, edits: null, timeline: null, layout: null, start: 0, end: 10, changes: ["caption_style"] });
  });
});
