// The job page's "Open in a video editor" menu (issue 22): each clip links the four editor
// project formats and the source, served behind the session by the same services as
// GET /jobs/{id}/clips/{index}/export and GET /jobs/{id}/source.
import { describe, expect, it } from "vitest";
import { EXPORT_FORMATS } from "@katto/protocol/api";
import { SAMPLE_URL } from "../helpers";
import { APP_SECRET, putFile, sendEvent } from "../render-callbacks";
import { env, SELF } from "cloudflare:test";
import { buildClipTimeline } from "@katto/protocol";
import { renderCallbackToken } from "../../../src/render-backend/callbacks";
import { BASE } from "../helpers";
import { get, post, signedIn } from "./dashboard-helpers";

const SRT = "1\n00:00:00,200 --> 00:00:01,400\nabout the very\n";
const clip = (meta: Record<string, unknown>) => ({
  clip_index: 0, title: "Very real challenges", score: 80, subscores: { hook: 80, flow: 80, value: 80, trend: 80 }, justification: "j",
  start: 2, end: 10, file: "clip-0.mp4", captions_file: "clip-0.srt", hd: true,
  metadata: { version: 1, source_range: { start: 2, end: 10 }, layout: "face_tracking" as const, crop_window: { w: 404, h: 720, y: 0 }, crop_path: [{ t: 0, x: 100 }, { t: 4, x: 700 }], content_rect: null, fps: "30", words: [{ word: "about", start: 0.2, end: 0.5 }], ...meta },
});

async function completedJob(cookie: string, meta: Record<string, unknown> = { source_size: { width: 1280, height: 720 } }) {
  const r = await post("/dashboard/jobs", { url: SAMPLE_URL }, { cookie });
  const id = /([0-9a-f-]{36})$/.exec(r.headers.get("location") ?? "")![1]!;
  expect((await putFile(id, "clip-0.mp4")).status).toBe(201);
  expect((await putFile(id, "clip-0.srt", SRT, "application/x-subrip")).status).toBe(201);
  expect((await sendEvent(id, { type: "clips", clips: [clip(meta)] })).status).toBe(200);
  return id;
}

describe("job page: open a clip in a video editor", () => {
  it("links every project format and the source, and each link downloads the project behind the session", async () => {
    const { cookie } = await signedIn();
    const id = await completedJob(cookie);
    const html = await (await get(`/dashboard/jobs/${id}`, cookie)).text();
    expect(html).toContain("Open in a video editor");
    for (const f of EXPORT_FORMATS) expect(html).toContain(`/dashboard/jobs/${id}/clips/0/export?format=${f}`);
    const mlt = await get(`/dashboard/jobs/${id}/clips/0/export?format=mlt&source=file`, cookie);
    expect(mlt.status).toBe(200);
    expect(mlt.headers.get("content-disposition")).toBe(`attachment; filename="katto-${id.slice(0, 8)}-clip-0.mlt"`);
    expect(await mlt.text()).toContain("<mlt ");
    // the source of a job made from a link is that link
    const src = await get(`/dashboard/jobs/${id}/source`, cookie);
    expect(src.status).toBe(303);
    expect(src.headers.get("location")).toBe(SAMPLE_URL);
    // without a session: the sign-in page, never the project
    const out = await get(`/dashboard/jobs/${id}/clips/0/export?format=mlt`);
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toContain("/dashboard/sign-in");
  });

  it("says what is wrong with an unknown format, and why an old clip cannot be exported", async () => {
    const { cookie } = await signedIn();
    const id = await completedJob(cookie);
    const bad = await get(`/dashboard/jobs/${id}/clips/0/export?format=avi`, cookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Choose an export format: mlt, fcpxml, otio, edl");
    const old = await completedJob(cookie, {});
    const r = await get(`/dashboard/jobs/${old}/clips/0/export?format=mlt`, cookie);
    expect(r.status).toBe(409);
  });
});

describe("job page: each version publishes and exports itself (issue 41)", () => {
  it("a trim made here lists Publish and an MLT project of that version; the project holds its range, the publish form names it", async () => {
    const { cookie } = await signedIn();
    const id = await completedJob(cookie);
    expect((await post(`/dashboard/jobs/${id}/clips/0/trim`, { start: "4", end: "8" }, { cookie })).status).toBe(202);
    const row = await env.DB.prepare("SELECT id, start_s, end_s FROM rerenders WHERE job_id = ?1").bind(id).first<{ id: string; start_s: number; end_s: number }>();
    const rid = row!.id;
    // the backend completes it (the callbacks the Worker stores a version from)
    const internal = async (p: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      headers.set("authorization", `Bearer ${await renderCallbackToken(APP_SECRET, rid)}`);
      return SELF.fetch(`${BASE}/internal/v1/rerenders/${rid}${p}`, { ...init, headers });
    };
    expect((await internal("/files/clip-0.mp4", { method: "PUT", body: "mp4", headers: { "content-type": "video/mp4" } })).status).toBe(201);
    expect((await internal("/files/clip-0.srt", { method: "PUT", body: SRT, headers: { "content-type": "application/x-subrip" } })).status).toBe(201);
    const timeline = buildClipTimeline({ range: { start: row!.start_s, end: row!.end_s }, cuts: [], sourceSize: { width: 1280, height: 720 }, content: null, layout: "face_tracking", aspect: "9:16", cropWindow: { w: 404, h: 720, y: 0 }, cropPath: [{ t: 0, x: 100 }], zooms: [], words: [], captions: null, titleCard: null, fps: "30" });
    expect((await internal("/events", { method: "POST", body: JSON.stringify({ type: "completed", file: "clip-0.mp4", captions_file: "clip-0.srt", duration: timeline.duration, timeline }) })).status).toBe(200);

    const html = await (await get(`/dashboard/jobs/${id}`, cookie)).text();
    expect(html).toContain(`href="/dashboard/jobs/${id}/clips/0/publish?version=${rid}"`);
    expect(html).toContain(`href="/dashboard/jobs/${id}/clips/0/export?format=mlt&amp;version=${rid}"`);
    expect(html).toContain(`href="/dashboard/jobs/${id}/clips/0/publish?version=original"`);
    const mlt = await get(`/dashboard/jobs/${id}/clips/0/export?format=mlt&version=${rid}`, cookie);
    expect(mlt.status).toBe(200);
    expect(mlt.headers.get("katto-version")).toBe(rid);
    expect(await mlt.text()).toContain(`<entry producer="source0" in="${Math.round(row!.start_s * 30)}" out="${Math.round(row!.end_s * 30) - 1}"/>`);
    const form = await (await get(`/dashboard/jobs/${id}/clips/0/publish?version=${rid}`, cookie)).text();
    expect(form).toContain(`Version: ${rid}`);
    expect((await get(`/dashboard/jobs/${id}/clips/0/publish?version=newest`, cookie)).status).toBe(400);
  });
});
