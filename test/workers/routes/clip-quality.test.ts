// Clips that check themselves (issue 23, docs/clip-quality.md): the quality the backend measured
// reaches GET /jobs/{id}, GET /jobs/{id}/clips, a completed re-render and the completion callback;
// the job's summary counts it; a clip still flagged, or dropped, is a warning, never silent.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ClipQuality, DroppedClip } from "@katto/protocol";
import { ClipProjectionSchema, JobSchema, RerenderSchema } from "@katto/protocol/api";
import { renderCallbackToken } from "../../../src/render-backend/callbacks";
import { handleWebhookMessage } from "../../../src/webhooks/delivery";
import { WebhookPayloadSchema } from "../../../src/webhooks/payload";
import { api, BASE, createAccount, SAMPLE_URL } from "../helpers";
import { advance, APP_SECRET, clipReport, newJob, sendEvent, storeClipFiles } from "../render-callbacks";
import { SELF } from "cloudflare:test";
import { get, post, signedIn } from "../dashboard/dashboard-helpers";

const quality = (flags: ClipQuality["flags"], fixes: ClipQuality["fixes"] = []): ClipQuality => ({
  subject_in_frame: 0.95,
  empty_frames: 0.02,
  speech_share: 0.81,
  longest_silence: flags.some((f) => f.name === "long_silence") ? 4.2 : 0.7,
  audio: { lufs: -14.1, true_peak: -1.6, clipping: false },
  caption_sync_ms: 60,
  starts_on_sentence: true,
  ends_on_sentence: true,
  cut_word: false,
  flags,
  ok: flags.length === 0,
  fixes,
  measured_ms: 900,
});
const silence = { name: "long_silence" as const, message: "The clip has a silence of 4.2 s (more than 3 s loses viewers)." };
const fixed = { flag: "cuts_word" as const, action: "Moved the clip's edges to the nearest sentence boundaries: 10.0–18.0 s (was 9.8–18.3 s)." };
const dropped: DroppedClip = { start: 100, end: 120, score: 41, subscores: { hook: 40, flow: 40, value: 42, trend: 41 }, reason: "no_speech", message: "No speech was heard in the rendered clip (speech in 0 % of it)." };

async function completedJob(webhook = false) {
  const c = await createAccount();
  const id = await newJob(c, webhook ? { url: SAMPLE_URL, webhook_url: "http://127.0.0.1:9/hook" } : { url: SAMPLE_URL });
  await advance(id, "scoring");
  const reports = [
    { ...clipReport(0, 90, webhook), quality: quality([silence]) },
    { ...clipReport(1, 70, webhook), quality: quality([], [fixed]) },
  ];
  await storeClipFiles(id, reports);
  const r = await sendEvent(id, { type: "clips", clips: reports, dropped: [dropped] });
  expect(r.status, await r.clone().text()).toBe(200);
  return { c, id };
}

describe("clip quality in every door", () => {
  it("GET /jobs/{id} shows each clip's quality, the job's summary, its dropped clips and a warning per flagged or dropped clip", async () => {
    const { c, id } = await completedJob();
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job.clips.find((x) => x.clip_index === 0)!.quality).toMatchObject({ ok: false, longest_silence: 4.2, flags: [silence] });
    expect(job.clips.find((x) => x.clip_index === 1)!.quality).toMatchObject({ ok: true, fixes: [fixed] });
    expect(job.quality).toEqual({ clips_delivered: 2, clips_fixed: 1, clips_flagged: 1, clips_dropped: 1, flags: { long_silence: 1 } });
    expect(job.dropped).toEqual([dropped]);
    expect(job.warnings.map((w) => [w.code, w.clip_index])).toEqual([["clip_flagged", 0], ["clip_dropped", null]]);
    expect(job.warnings[0]!.message).toContain("long_silence");
    expect(job.warnings[1]!.message).toContain("no_speech");

    const list = ClipProjectionSchema.parse(await (await api(c, `/jobs/${id}/clips`)).json());
    expect(list.clips.map((x) => x.quality?.ok)).toEqual([false, true]);
    // a dropped clip is also a left-out moment, with its reason, that can be promoted by hand
    const left = (await (await api(c, `/jobs/${id}/candidates`)).json()) as { candidates: { start: number; end: number; score: number; reason: string }[] };
    expect(left.candidates).toEqual([expect.objectContaining({ start: 100, end: 120, score: 41, reason: "no_speech" })]);
  });

  it("a job whose clips are all fine has no quality warnings; clips from a backend that predates quality say null", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    await advance(id, "scoring");
    const reports = [{ ...clipReport(0, 80), quality: quality([]) }, clipReport(1, 60)];
    await storeClipFiles(id, reports);
    expect((await sendEvent(id, { type: "clips", clips: reports })).status).toBe(200);
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job.warnings).toEqual([]);
    expect(job.dropped).toEqual([]);
    expect(job.clips.find((x) => x.clip_index === 1)!.quality).toBeNull();
    expect(job.quality).toEqual({ clips_delivered: 2, clips_fixed: 0, clips_flagged: 0, clips_dropped: 0, flags: {} });
  });

  it("the HD file's quality replaces the preview's", async () => {
    const { c, id } = await completedJob();
    const hdQuality = quality([]);
    const put = await SELF.fetch(`${BASE}/internal/v1/jobs/${id}/files/clip-0.mp4`, { method: "PUT", headers: { authorization: `Bearer ${await renderCallbackToken(APP_SECRET, id)}`, "content-type": "video/mp4" }, body: "hd" });
    expect(put.status).toBe(201);
    expect((await sendEvent(id, { type: "clip_hd", clip_index: 0, file: "clip-0.mp4", captions_file: "clip-0.srt", quality: hdQuality })).status).toBe(200);
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job.clips.find((x) => x.clip_index === 0)).toMatchObject({ hd: true, quality: { ok: true, flags: [] } });
    expect(job.quality!.clips_flagged).toBe(0);
  });

  it("the completion callback carries each clip's quality, the summary, dropped clips and the warnings", async () => {
    const { id } = await completedJob(true);
    const bodies: string[] = [];
    const fetcher = (async (_u: string | URL | Request, init?: RequestInit) => {
      bodies.push(String(init?.body ?? ""));
      return new Response("ok", { status: 200 });
    }) as typeof fetch;
    const never = (async () => {
      throw new Error("no DNS for loopback");
    }) as typeof fetch;
    expect((await handleWebhookMessage(env, { job_id: id, attempt: 1 }, { fetcher, dnsFetcher: never })).outcome).toBe("delivered");
    const body = WebhookPayloadSchema.parse(JSON.parse(bodies[0]!));
    expect(body.clips[0]!.quality).toMatchObject({ ok: false, flags: [silence] });
    expect(body.quality).toMatchObject({ clips_delivered: 2, clips_dropped: 1, flags: { long_silence: 1 } });
    expect(body.dropped).toEqual([dropped]);
    expect(body.warnings.map((w) => w.code)).toEqual(["clip_flagged", "clip_dropped"]);
  });

  it("a completed re-render shows its version's quality", async () => {
    const { c, id } = await completedJob();
    const created = await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { layout_mode: "wide" } });
    expect(created.status, await created.clone().text()).toBe(202);
    const { rerender_id } = (await created.json()) as { rerender_id: string };
    const auth = { authorization: `Bearer ${await renderCallbackToken(APP_SECRET, rerender_id)}` };
    for (const [name, type] of [["clip-0.mp4", "video/mp4"], ["clip-0.srt", "application/x-subrip"]] as const) {
      const r = await SELF.fetch(`${BASE}/internal/v1/rerenders/${rerender_id}/files/${name}`, { method: "PUT", headers: { ...auth, "content-type": type }, body: "x" });
      expect(r.status, await r.clone().text()).toBe(201);
    }
    const ev = await SELF.fetch(`${BASE}/internal/v1/rerenders/${rerender_id}/events`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ type: "completed", file: "clip-0.mp4", captions_file: "clip-0.srt", duration: 8, quality: quality([], []) }),
    });
    expect(ev.status, await ev.clone().text()).toBe(200);
    const rr = RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${rerender_id}`)).json());
    expect(rr.status).toBe("completed");
    expect(rr.quality).toMatchObject({ ok: true, measured_ms: 900 });
  });

  it("a quality object that breaks the schema is refused with a message naming the field", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    await advance(id, "scoring");
    const reports = [{ ...clipReport(0, 80), quality: { ...quality([]), speech_share: 3 } }];
    await storeClipFiles(id, reports);
    const r = await sendEvent(id, { type: "clips", clips: reports } as never);
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toContain("speech_share");
  });

  it("the dashboard's job page shows a quality badge and flags per clip, what was fixed, and the job's summary with its dropped clips", async () => {
    const { cookie } = await signedIn();
    const r = await post("/dashboard/jobs", { url: SAMPLE_URL }, { cookie });
    const id = /([0-9a-f-]{36})$/.exec(r.headers.get("location") ?? "")![1]!;
    await advance(id, "scoring");
    const reports = [{ ...clipReport(0, 90), quality: quality([silence]) }, { ...clipReport(1, 70), quality: quality([], [fixed]) }];
    await storeClipFiles(id, reports);
    expect((await sendEvent(id, { type: "clips", clips: reports, dropped: [dropped] })).status).toBe(200);
    const html = await (await get(`/dashboard/jobs/${id}`, cookie)).text();
    expect(html).toContain('data-quality="flagged"');
    expect(html).toContain('data-quality="ok"');
    expect(html).toContain('data-flag="long_silence"');
    expect(html).toContain("The clip has a silence of 4.2 s");
    expect(html).toContain('data-fix="cuts_word"');
    expect(html).toContain("data-job-quality");
    expect(html).toContain('data-dropped="no_speech"');
    expect(html).toContain('data-warning="clip_flagged"');
  });
});
