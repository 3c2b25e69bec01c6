import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { STALL_MINUTES } from "../../../src/config";
import { failStalledJobs, STALLED_MESSAGE } from "../../../src/services/render/watchdog";
import { api, createAccount, SAMPLE_URL } from "../helpers";

describe("stalled job watchdog", () => {
  it("fails a running job silent for longer than the stall window, refunds it, and leaves live jobs alone", async () => {
    const c = await createAccount("free");
    const stalled = (await (await api(c, "/jobs", { method: "POST", json: { url: SAMPLE_URL } })).json()) as { id: string };
    const live = (await (await api(c, "/jobs", { method: "POST", json: { url: SAMPLE_URL } })).json()) as { id: string };
    const old = new Date(Date.now() - (STALL_MINUTES + 1) * 60_000).toISOString();
    await env.DB.prepare("UPDATE jobs SET status = 'processing', updated_at = ? WHERE id = ?").bind(old, stalled.id).run();
    expect(((await (await api(c, "/usage")).json()) as { videos_used: number }).videos_used).toBe(2);

    const failed = await failStalledJobs(env);
    expect(failed).toContain(stalled.id);
    expect(failed).not.toContain(live.id);
    const job = (await (await api(c, `/jobs/${stalled.id}`)).json()) as { status: string; error: string };
    expect(job).toMatchObject({ status: "failed", error: STALLED_MESSAGE });
    expect(((await (await api(c, `/jobs/${live.id}`)).json()) as { status: string }).status).toBe("queued");
    expect(((await (await api(c, "/usage")).json()) as { videos_used: number }).videos_used).toBe(1);
    expect(await failStalledJobs(env)).not.toContain(stalled.id);
  });
});
