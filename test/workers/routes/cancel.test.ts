// DELETE /jobs/{id} (spec "DELETE /jobs/{id}", job states rule 1; docs/api-decisions.md: scoring
// is cancellable). After a cancel the backend's events and files are refused and no clips appear.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { ErrorSchema } from "../../../src/schemas/common";
import { CancelledSchema, ClipProjectionSchema, JobSchema } from "@katto/protocol/api";
import type { RenderEvent } from "../../../src/schemas/render-protocol";
import { addKey, api, createAccount, freshIp, type Client } from "../helpers";
import { advance, clipReport, newJob, putFile, sendEvent, storeClipFiles } from "../render-callbacks";

const cancel = (c: Client, id: string) => api(c, `/jobs/${id}`, { method: "DELETE" });

describe("DELETE /jobs/{id} (happy)", () => {
  it.each(["queued", "processing", "scoring"] as const)("cancels a %s job: 200 {id, status, refunded}", async (state) => {
    const c = await createAccount();
    const id = await newJob(c);
    if (state !== "queued") await advance(id, state);
    expect(JobSchema.parse(await (await api(c, `/jobs/${id}`)).json()).status).toBe(state);
    const r = await cancel(c, id);
    expect(r.status).toBe(200);
    expect(CancelledSchema.parse(await r.json())).toEqual({ id, status: "cancelled", refunded: true });
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job).toMatchObject({ status: "cancelled", progress: { step: "cancelled" }, clips: [], completed_at: null });
  });
});

describe("DELETE /jobs/{id} (errors)", () => {
  it("409 for a completed job", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    await storeClipFiles(id, [clipReport(0, 80, true)]);
    expect((await sendEvent(id, { type: "clips", clips: [clipReport(0, 80, true)] })).status).toBe(200);
    const r = await cancel(c, id);
    expect(r.status).toBe(409);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/Job is completed; only queued, processing or scoring jobs can be cancelled/);
  });

  it("409 for a failed job", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    expect((await sendEvent(id, { type: "failed", error: "boom", stage: "downloading", refund: false })).status).toBe(200);
    const r = await cancel(c, id);
    expect(r.status).toBe(409);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/Job is failed/);
  });

  it("409 for a job already cancelled, and the second cancel refunds nothing more", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    expect((await cancel(c, id)).status).toBe(200);
    const r = await cancel(c, id);
    expect(r.status).toBe(409);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/Job is cancelled/);
    expect(((await (await api(c, "/usage")).json()) as { videos_used: number }).videos_used).toBe(0);
  });

  it("403 for a key without the write scope; the job keeps running", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    const reader: Client = { ...c, key: await addKey(c.account.id, ["read"]), ip: freshIp() };
    const r = await cancel(reader, id);
    expect(r.status).toBe(403);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/lacks the 'write' scope/);
    expect(JobSchema.parse(await (await api(c, `/jobs/${id}`)).json()).status).toBe("queued");
  });

  it("404 for an unknown job, 400 for an id that is not a UUID", async () => {
    const c = await createAccount();
    expect((await cancel(c, crypto.randomUUID())).status).toBe(404);
    expect((await cancel(c, "nope")).status).toBe(400);
  });
});

describe("after a cancel", () => {
  it("the backend's events and file uploads get 409, files already uploaded are deleted, and no clip rows appear", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    await advance(id, "scoring");
    expect((await putFile(id, "clip-0-preview.mp4")).status).toBe(201);
    expect((await cancel(c, id)).status).toBe(200);

    for (const ev of [
      { type: "progress", status: "scoring", step: "rendering", pct: 80 },
      { type: "transcript", lang: "en", segments: [{ start: 0, end: 1, text: "hi" }], words: [] },
      { type: "clips", clips: [clipReport(0, 90, true)] },
      { type: "clip_hd", clip_index: 0, file: "clip-0-hd.mp4", captions_file: "clip-0.srt" },
      { type: "failed", error: "late", stage: "rendering", refund: true },
    ] satisfies RenderEvent[]) {
      const r = await sendEvent(id, ev);
      expect(r.status, ev.type).toBe(409);
      expect(ErrorSchema.parse(await r.json()).error).toMatch(/no longer running/);
    }
    const put = await putFile(id, "clip-1-preview.mp4");
    expect(put.status).toBe(409);
    expect(ErrorSchema.parse(await put.json()).error).toMatch(/Job is cancelled/);

    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM clips WHERE job_id = ?").bind(id).first<{ n: number }>();
    expect(rows?.n).toBe(0);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM transcripts WHERE job_id = ?").bind(id).first<{ n: number }>())?.n).toBe(0);
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job).toMatchObject({ status: "cancelled", clips: [], hd_ready: false });
    expect(ClipProjectionSchema.parse(await (await api(c, `/jobs/${id}/clips`)).json())).toEqual({ job_id: id, status: "cancelled", clips: [] });
    expect((await api(c, `/jobs/${id}/transcript`)).status).toBe(404);
    // Usage: the failed event's refund did not apply twice.
    expect(((await (await api(c, "/usage")).json()) as { videos_used: number }).videos_used).toBe(0);
    // Files uploaded before the cancel are removed (the route answers before the cleanup, so wait
    // for the deletion; the bound only turns a cleanup that never happens into a failure).
    await vi.waitFor(async () => expect((await env.FILES.list({ prefix: `clips/${id}/` })).objects).toEqual([]), { timeout: 30_000, interval: 20 });
  });
});
