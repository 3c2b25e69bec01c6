// style caption_language (issue 26) through the API: accepted in a job's config and sent to the
// render backend; the spoken-language SRT a render reports (`captions_original_file`) is stored and
// shown as `captions_original_url` beside `captions_url` on GET /jobs/{id}, GET /jobs/{id}/clips,
// the completion callback and a completed re-render; a dubbed re-render's captions language is the
// dub's (docs/api-decisions.md "Caption language").
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ClipProjectionSchema, JobSchema, RerenderCreatedSchema, RerenderSchema } from "@katto/protocol/api";
import { renderCallbackToken } from "../../../src/render-backend/callbacks";
import { renderJobTask } from "../../../src/services/render/job-task";
import { handleWebhookMessage } from "../../../src/webhooks/delivery";
import { api, BASE, createAccount, SAMPLE_URL, type Client } from "../helpers";
import { advance, APP_SECRET, clipReport, newJob, putFile, sendEvent, storeClipFiles } from "../render-callbacks";

const ES = "1\n00:00:00,000 --> 00:00:01,000\nlas familias\n";
const EN = "1\n00:00:00,000 --> 00:00:01,000\nthe families\n";

/** A completed job of two clips: clip 0 with Spanish captions and its English SRT, clip 1 in English only. */
async function translatedJob(c: Client, body: Record<string, unknown> = { url: SAMPLE_URL, config: { style: { caption_language: "es" } } }) {
  const id = await newJob(c, body);
  await advance(id, "scoring");
  const translated = { ...clipReport(0, 80, true), captions_original_file: "clip-0-original.srt", metadata: { layout: "wide" as const, style: { caption_language: "es" as const } } };
  const plain = clipReport(1, 60, true);
  await storeClipFiles(id, [translated, plain]);
  expect((await putFile(id, "clip-0.srt", ES, "application/x-subrip")).status).toBe(201);
  expect((await putFile(id, "clip-0-original.srt", EN, "application/x-subrip")).status).toBe(201);
  const r = await sendEvent(id, { type: "clips", clips: [translated, plain] } as never);
  expect(r.status, await r.clone().text()).toBe(200);
  return id;
}

async function rerenderInternal(path: string, rid: string, init: RequestInit) {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${await renderCallbackToken(APP_SECRET, rid)}`);
  return SELF.fetch(`${BASE}/internal/v1${path}`, { ...init, headers });
}

describe("caption_language in a job's config", () => {
  it("is accepted and sent to the render backend in the job's task; a code outside the dub languages is refused naming them", async () => {
    const c = await createAccount();
    const id = await newJob(c, { url: SAMPLE_URL, config: { style: { caption_language: "fr", words_per_caption: 3 } } });
    const task = await renderJobTask(env, id);
    expect((task!.body as { config: { style?: unknown } }).config.style).toEqual({ caption_language: "fr", words_per_caption: 3 });
    const bad = await api(c, "/jobs", { method: "POST", json: { url: SAMPLE_URL, config: { style: { caption_language: "de" } } } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/config\.style\.caption_language: must be one of en, es, fr, it, pt, hi, ja, zh/);
  });
});

describe("captions_original_url", () => {
  it("shows the spoken-language SRT beside the translated one in GET /jobs/{id} and GET /jobs/{id}/clips; null on a clip in its spoken language", async () => {
    const c = await createAccount();
    const id = await translatedJob(c);
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    const [a, b] = [job.clips.find((x) => x.clip_index === 0)!, job.clips.find((x) => x.clip_index === 1)!];
    expect(a.style).toEqual({ caption_language: "es" });
    expect(await (await SELF.fetch(a.captions_url!)).text()).toBe(ES);
    expect(await (await SELF.fetch(a.captions_original_url!)).text()).toBe(EN);
    expect(b.captions_url).not.toBeNull();
    expect(b.captions_original_url).toBeNull();
    const projection = ClipProjectionSchema.parse(await (await api(c, `/jobs/${id}/clips`)).json());
    expect(projection.clips.map((x) => x.captions_original_url)).toEqual([a.captions_original_url, null]);
  });

  it("is refused as a clips event when the original SRT was never stored (503, the backend PUTs it and retries)", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    await advance(id, "scoring");
    const clip = { ...clipReport(0, 80, true), captions_original_file: "clip-0-original.srt" };
    await storeClipFiles(id, [clip]);
    const r = await sendEvent(id, { type: "clips", clips: [clip] } as never);
    expect(r.status).toBe(503);
    expect(((await r.json()) as { error: string }).error).toMatch(/clip-0-original\.srt/);
  });

  it("is in the completion callback's clips", async () => {
    const c = await createAccount();
    const id = await translatedJob(c, { url: SAMPLE_URL, webhook_url: "http://127.0.0.1:9/hook", config: { style: { caption_language: "es" } } });
    const bodies: string[] = [];
    const fetcher = (async (_u: string | URL | Request, init?: RequestInit) => {
      bodies.push(String(init?.body ?? ""));
      return new Response("", { status: 200 });
    }) as typeof fetch;
    const never = (async () => {
      throw new Error("no DNS for loopback in local mode");
    }) as typeof fetch;
    expect((await handleWebhookMessage(env, { job_id: id, attempt: 1 }, { fetcher, dnsFetcher: never })).outcome).toBe("delivered");
    const clips = (JSON.parse(bodies[0]!) as { clips: { clip_index: number; captions_original_url: string | null }[] }).clips;
    expect(clips.find((x) => x.clip_index === 0)!.captions_original_url).toMatch(/^http/);
    expect(clips.find((x) => x.clip_index === 1)!.captions_original_url).toBeNull();
  });

  it("keeps the preview's original SRT when the HD file lands without one", async () => {
    const c = await createAccount();
    const id = await translatedJob(c);
    const before = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json()).clips.find((x) => x.clip_index === 0)!;
    expect((await putFile(id, "clip-0.mp4")).status).toBe(201);
    expect((await sendEvent(id, { type: "clip_hd", clip_index: 0, file: "clip-0.mp4", captions_file: "clip-0.srt" })).status).toBe(200);
    const after = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json()).clips.find((x) => x.clip_index === 0)!;
    expect(after.captions_original_url).toBe(before.captions_original_url);
  });

  it("is on a completed re-render that reports one, null on one that does not", async () => {
    const c = await createAccount();
    const id = await translatedJob(c);
    const done = async (json: Record<string, unknown>, original: boolean) => {
      const r = await api(c, `/jobs/${id}/clips/1/rerender`, { method: "POST", json });
      expect(r.status, await r.clone().text()).toBe(202);
      const { rerender_id: rid } = RerenderCreatedSchema.parse(await r.json());
      const put = (name: string, body: string, type: string) => rerenderInternal(`/rerenders/${rid}/files/${name}`, rid, { method: "PUT", body, headers: { "content-type": type } });
      await put("clip-1.mp4", "mp4", "video/mp4");
      await put("clip-1.srt", ES, "application/x-subrip");
      if (original) await put("clip-1-original.srt", EN, "application/x-subrip");
      const ev = { type: "completed", file: "clip-1.mp4", captions_file: "clip-1.srt", duration: 8, ...(original ? { captions_original_file: "clip-1-original.srt" } : {}) };
      expect((await rerenderInternal(`/rerenders/${rid}/events`, rid, { method: "POST", body: JSON.stringify(ev) })).status).toBe(200);
      return RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${rid}`)).json());
    };
    const translated = await done({ style: { caption_language: "es" } }, true);
    expect(await (await SELF.fetch(translated.captions_original_url!)).text()).toBe(EN);
    expect((await done({ layout_mode: "wide" }, false)).captions_original_url).toBeNull();
  });
});

describe("caption_language on a dubbed re-render", () => {
  it("must be the first dub language or left out: a dubbed clip's captions show what is heard", async () => {
    const c = await createAccount();
    const id = await translatedJob(c);
    const bad = await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { dub: ["fr"], style: { caption_language: "es" } } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe(
      "Invalid request body: style.caption_language: must be fr (the first dub language: a dubbed clip's captions show what is heard) or left out",
    );
    for (const json of [{ dub: ["fr"], style: { caption_language: "fr" } }, { dub: ["fr"] }]) {
      expect((await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json })).status).toBe(202);
    }
  });
});
