// Progressive delivery (issue 43): a clip_ready event stores one clip of a running job, which GET
// /jobs/{id} and /clips show at once (hd false) while the job is still processing, and queues its
// signed clip.ready callback; the clips event later completes the job with every clip, the early
// one taking its final numbers under the same index and files.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ClipProjectionSchema, JobSchema } from "@katto/protocol/api";
import { workerConfig } from "../../../src/config";
import { handleClipWebhookMessage } from "../../../src/webhooks/clip-ready";
import { ClipReadyPayloadSchema } from "../../../src/webhooks/payload";
import { getOrCreateWebhookSecret } from "../../../src/webhooks/secret";
import { verifySignature } from "../../../src/webhooks/signature";
import { api, createAccount, SAMPLE_URL } from "../helpers";
import { advance, clipReport, newJob, sendEvent, storeClipFiles } from "../render-callbacks";

afterEach(() => vi.restoreAllMocks());

const never = (async () => {
  throw new Error("no DNS lookup in local mode");
}) as typeof fetch;

describe("a clip delivered while its job runs", () => {
  it("is shown by the job and its clips (hd false) while processing, its clip.ready is queued once, and clips completes the job with it", async () => {
    const c = await createAccount();
    const id = await newJob(c, { url: SAMPLE_URL, webhook_url: "http://127.0.0.1:9/hook" });
    await advance(id, "processing");
    const early = clipReport(0, 60);
    await storeClipFiles(id, [early]);
    const send = vi.spyOn(env.RENDER_QUEUE, "send");
    expect((await sendEvent(id, { type: "clip_ready", clip: early })).status).toBe(200);
    // the same event again (its answer lost): stored once, queued once
    expect((await sendEvent(id, { type: "clip_ready", clip: early })).status).toBe(200);
    const queued = send.mock.calls.map(([m]) => m as { type: string; clip_index?: number });
    expect(queued.filter((m) => m.type === "clip_webhook")).toEqual([{ type: "clip_webhook", job_id: id, clip_index: 0, attempt: 1 }]);

    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job.status).toBe("processing");
    expect(job.hd_ready).toBe(false);
    expect(job.completed_at).toBeNull();
    expect(job.clips.map((x) => [x.clip_index, x.hd, x.score])).toEqual([[0, false, 60]]);
    const projection = ClipProjectionSchema.parse(await (await api(c, `/jobs/${id}/clips`)).json());
    expect(projection.status).toBe("processing");
    expect(projection.clips.map((x) => [x.clip_index, x.hd, x.url])).toEqual([[0, false, job.clips[0]!.url]]);

    // completion lists it again with the ranking settled (its final score) and a later clip
    const reports = [{ ...early, score: 75 }, clipReport(1, 90)];
    await storeClipFiles(id, [reports[1]!]);
    expect((await sendEvent(id, { type: "clips", clips: reports })).status).toBe(200);
    const done = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(done.status).toBe("completed");
    expect(done.clips.map((x) => [x.clip_index, x.score, x.url])).toEqual([[1, 90, expect.any(String)], [0, 75, job.clips[0]!.url]]);
  });

  it("is refused once the job stopped (409), and stores nothing", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    await advance(id, "processing");
    const early = clipReport(0, 60);
    await storeClipFiles(id, [early]);
    expect((await api(c, `/jobs/${id}`, { method: "DELETE" })).status).toBeLessThan(300);
    expect((await sendEvent(id, { type: "clip_ready", clip: early })).status).toBe(409);
    expect(JobSchema.parse(await (await api(c, `/jobs/${id}`)).json()).clips).toEqual([]);
  });

  it("is refused while a file it names is not stored (503), so the backend sends it again", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    await advance(id, "processing");
    const r = await sendEvent(id, { type: "clip_ready", clip: clipReport(0, 60) });
    expect(r.status).toBe(503);
    expect(((await r.json()) as { error: string }).error).toMatch(/clip-0-preview\.mp4/);
  });

  it("sends clip.ready signed with the account's secret, the clip as the job shows it", async () => {
    const c = await createAccount();
    const id = await newJob(c, { url: SAMPLE_URL, webhook_url: "http://127.0.0.1:9/hook" });
    await advance(id, "processing");
    const early = clipReport(0, 60);
    await storeClipFiles(id, [early]);
    expect((await sendEvent(id, { type: "clip_ready", clip: early })).status).toBe(200);
    const requests: { headers: Headers; body: string }[] = [];
    const fetcher = (async (_input: string | URL | Request, init?: RequestInit) => {
      requests.push({ headers: new Headers(init?.headers), body: String(init?.body ?? "") });
      return new Response("ok", { status: 200 });
    }) as typeof fetch;
    const NOW = Math.floor(Date.now() / 1000);
    const out = await handleClipWebhookMessage(env, { type: "clip_webhook", job_id: id, clip_index: 0, attempt: 1 }, { fetcher, dnsFetcher: never, nowSeconds: NOW });
    expect(out).toEqual({ outcome: "delivered", status: 200 });
    const payload = ClipReadyPayloadSchema.parse(JSON.parse(requests[0]!.body));
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(payload).toMatchObject({ event: "clip.ready", job_id: id, clip: { clip_index: 0, hd: false, url: job.clips[0]!.url, score: 60 } });
    const secret = await getOrCreateWebhookSecret(env.DB, workerConfig(env).keyring, c.account.id);
    const v = await verifySignature({ secret, timestampHeader: requests[0]!.headers.get("x-service-timestamp"), signatureHeader: requests[0]!.headers.get("x-service-signature"), rawBody: requests[0]!.body, nowSeconds: NOW });
    expect(v).toEqual({ ok: true });
  });
});
