// Queue consumer side of a re-render: hand a queued re-render to the render backend.
import type { Env } from "../../env";
import { callbackFor, jobSourceUrl } from "../../render-backend/callbacks";
import { renderBackend } from "../../render-backend/client";
import { defaultBrandKit } from "../render/brand-kit";
import type { RerenderParams } from "./rerenders";

export async function dispatchRerender(env: Env, rid: string): Promise<"dispatched" | "skipped" | "retry"> {
  const r = await env.DB.prepare(
    `SELECT r.id, r.job_id, r.clip_index, r.status, r.params, c.metadata, c.start_s, c.end_s, j.source, j.source_url, j.account_id
     FROM rerenders r JOIN clips c ON c.job_id = r.job_id AND c.clip_index = r.clip_index JOIN jobs j ON j.id = r.job_id WHERE r.id = ?`,
  )
    .bind(rid)
    .first<{ id: string; job_id: string; clip_index: number; status: string; params: string; metadata: string; start_s: number; end_s: number; source: string; source_url: string; account_id: string }>();
  if (!r || r.status !== "queued") return "skipped";
  const upload = r.source === "upload";
  const body = {
    rerender_id: rid,
    job_id: r.job_id,
    clip_index: r.clip_index,
    source: { url: upload ? await jobSourceUrl(env, r.job_id) : r.source_url, kind: upload ? "upload" : "url" },
    clip: { start: r.start_s, end: r.end_s, metadata: JSON.parse(r.metadata) as unknown },
    params: JSON.parse(r.params) as RerenderParams,
    brand_kit: await defaultBrandKit(env.DB, r.account_id),
    // the re-render's own token: its callbacks can touch only this re-render
    callback: await callbackFor(env, rid),
  };
  try {
    const res = await renderBackend(env, rid).fetch("/v1/rerenders", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return res.status === 202 || res.ok ? "dispatched" : "retry";
  } catch {
    return "retry";
  }
}
