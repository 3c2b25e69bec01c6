// Visible reasons: every clip in GET /jobs/{id}, GET /jobs/{id}/clips and the completion callback
// says where it sits in the source (start, end, duration), how it was framed (layout) and how it
// scored (subscores, justification), next to the contract's fields, which keep their values.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ClipProjectionSchema, JobSchema } from "@katto/protocol/api";
import { handleWebhookMessage } from "../../../src/webhooks/delivery";
import { WebhookPayloadSchema } from "../../../src/webhooks/payload";
import { api, createAccount, SAMPLE_URL } from "../helpers";
import { advance, clipReport, newJob, sendEvent, storeClipFiles } from "../render-callbacks";

const report = (i: number, score: number, extra: Record<string, unknown> = {}) => ({
  ...clipReport(i, score),
  subscores: { hook: 80, flow: 60, value: 70 + i, trend: 40 },
  justification: `Opens with a question: clip ${i}.`,
  start: 12.5 + 30 * i,
  end: 40.25 + 30 * i,
  metadata: { layout: i === 0 ? ("face_tracking" as const) : ("wide" as const), layout_reason: "One subject to follow." },
  ...extra,
});

const reasons = (i: number) => ({
  start: 12.5 + 30 * i,
  end: 40.25 + 30 * i,
  duration: 27.75,
  layout: i === 0 ? "face_tracking" : "wide",
  subscores: { hook: 80, flow: 60, value: 70 + i, trend: 40 },
  justification: `Opens with a question: clip ${i}.`,
});

describe("visible reasons on every clip", () => {
  it("GET /jobs/{id} and GET /jobs/{id}/clips carry start, end, duration, layout, subscores and justification", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    await advance(id, "scoring");
    const reports = [report(0, 55), report(1, 90)];
    await storeClipFiles(id, reports);
    expect((await sendEvent(id, { type: "clips", clips: reports })).status).toBe(200);

    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job.clips.map((x) => x.clip_index)).toEqual([1, 0]);
    expect(job.clips[0]).toMatchObject({ clip_index: 1, title: "Clip 1", score: 90, hd: false, ...reasons(1) });
    expect(job.clips[1]).toMatchObject({ clip_index: 0, score: 55, ...reasons(0) });

    const list = ClipProjectionSchema.parse(await (await api(c, `/jobs/${id}/clips`)).json());
    expect(list.clips[0]).toMatchObject({ title: "Clip 1", score: 90, ...reasons(1) });
    expect(list.clips[1]).toMatchObject({ score: 55, ...reasons(0) });
    // issue 43: the projection names each clip and whether it is HD (a clip of a running job is its preview)
    expect(list.clips.map((x) => [x.clip_index, x.hd])).toEqual([[1, false], [0, false]]);
  });

  it("a clip stored without subscores or a layout says null for them", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    await advance(id, "scoring");
    const bare = [{ ...clipReport(0, 50), metadata: {} }];
    await storeClipFiles(id, bare);
    expect((await sendEvent(id, { type: "clips", clips: bare })).status).toBe(200);
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job.clips[0]).toMatchObject({ start: 0, end: 8, duration: 8, layout: null, justification: "strong hook" });
    expect(job.clips[0]!.subscores).toEqual({ hook: 50, flow: 50, value: 50, trend: 50 });
  });

  it("the completion callback carries them too", async () => {
    const c = await createAccount();
    const id = await newJob(c, { url: SAMPLE_URL, webhook_url: "http://127.0.0.1:9/hook" });
    await advance(id, "scoring");
    const reports = [report(0, 55, { hd: true }), report(1, 90, { hd: true })];
    await storeClipFiles(id, reports);
    expect((await sendEvent(id, { type: "clips", clips: reports })).status).toBe(200);
    const bodies: string[] = [];
    const fetcher = (async (_u: string | URL | Request, init?: RequestInit) => {
      bodies.push(String(init?.body ?? ""));
      return new Response("ok", { status: 200 });
    }) as typeof fetch;
    const never = (async () => {
      throw new Error("DNS must not be queried for loopback in local mode");
    }) as typeof fetch;
    const out = await handleWebhookMessage(env, { job_id: id, attempt: 1 }, { fetcher, dnsFetcher: never });
    expect(out.outcome).toBe("delivered");
    const payload = WebhookPayloadSchema.parse(JSON.parse(bodies[0]!));
    // ranked by score as the job lists them (clip_index is the delivery order, docs/api-decisions.md "Progressive delivery")
    expect(payload.clips.map((x) => x.clip_index)).toEqual([1, 0]);
    expect(payload.clips[0]).toMatchObject({ clip_index: 1, score: 90, ...reasons(1) });
    expect(payload.clips[1]).toMatchObject({ clip_index: 0, score: 55, ...reasons(0) });
  });
});
