// Plays the render backend in Worker tests (docs/render-protocol.md): signed callbacks to the
// internal routes, as the backend would send them, plus small job helpers for route tests.
import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import { renderCallbackToken } from "../../src/render-backend/callbacks";
import { JobCreatedSchema } from "@katto/protocol/api";
import type { RenderEvent } from "../../src/schemas/render-protocol";
import { api, BASE, SAMPLE_URL, type Client } from "./helpers";

export const APP_SECRET = "test-app-secret-0123456789abcdef";

async function internal(path: string, id: string, init: RequestInit) {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${await renderCallbackToken(APP_SECRET, id)}`);
  return SELF.fetch(`${BASE}/internal/v1${path}`, { ...init, headers });
}

/** POST /internal/v1/jobs/{id}/events */
export const sendEvent = (id: string, ev: RenderEvent) =>
  internal(`/jobs/${id}/events`, id, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ev) });

/** PUT /internal/v1/jobs/{id}/files/{name} */
export const putFile = (id: string, name: string, body: string | Uint8Array = "bytes", type = "video/mp4") =>
  internal(`/jobs/${id}/files/${name}`, id, { method: "PUT", headers: { "content-type": type }, body });

/** PUTs the files a clips event names, as the backend does before it sends the event. */
export async function storeClipFiles(id: string, clips: { file: string; captions_file: string }[]) {
  for (const c of clips) {
    expect((await putFile(id, c.file)).status).toBe(201);
    expect((await putFile(id, c.captions_file, "1\n00:00:00,000 --> 00:00:01,000\nhi\n", "application/x-subrip")).status).toBe(201);
  }
}

export const clipReport = (clip_index: number, score: number, hd = false) => ({
  clip_index,
  title: `Clip ${clip_index}`,
  score,
  subscores: { hook: score, flow: score, value: score, trend: score },
  justification: "strong hook",
  start: clip_index * 10,
  end: clip_index * 10 + 8,
  file: `clip-${clip_index}${hd ? "-hd" : "-preview"}.mp4`,
  captions_file: `clip-${clip_index}.srt`,
  hd,
  metadata: { layout: "face_tracking" as const },
});

/** Creates a job through the API and returns its id (asserting 201). */
export async function newJob(c: Client, body: Record<string, unknown> = { url: SAMPLE_URL }) {
  const r = await api(c, "/jobs", { method: "POST", json: body });
  expect(r.status, await r.clone().text()).toBe(201);
  return JobCreatedSchema.parse(await r.json()).id;
}

/** Moves a job forward as the pipeline would: queued -> processing (-> scoring). */
export async function advance(id: string, to: "processing" | "scoring") {
  expect((await sendEvent(id, { type: "progress", status: "processing", step: "downloading", pct: 5 })).status).toBe(200);
  if (to === "scoring") expect((await sendEvent(id, { type: "progress", status: "scoring", step: "scoring", pct: 60 })).status).toBe(200);
}

export async function usageOf(c: Client) {
  return (await (await api(c, "/usage")).json()) as { plan: string; videos_used: number; videos_limit: number; videos_remaining: number };
}

/** First bytes of an MP4 (an ftyp box), padded to `size`: passes the magic-byte check. */
export function fakeMp4(size = 64) {
  const b = new Uint8Array(size);
  b.set([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom")]);
  return b;
}

/** POST /uploads then PUT the bytes to the reservation's upload_url; returns the reservation. */
export async function reserveAndPut(c: Client, bytes: Uint8Array = fakeMp4(), content_type = "video/mp4") {
  const r = await api(c, "/uploads", { method: "POST", json: { filename: "talk.mp4", content_type, size: bytes.length } });
  expect(r.status, await r.clone().text()).toBe(201);
  const res = (await r.json()) as { job_id: string; upload_url: string; headers: Record<string, string>; complete_url: string };
  const put = await SELF.fetch(res.upload_url, { method: "PUT", headers: { ...res.headers, "content-length": String(bytes.length) }, body: bytes });
  expect(put.status, await put.clone().text()).toBe(200);
  return res;
}
