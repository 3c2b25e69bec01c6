// The five-minute rule of the verification helper (spec "Events": reject a callback whose
// timestamp is more than about 5 minutes old), with the real clock and against bad settings.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_TOLERANCE_SECONDS, verifyWebhook } from "../src/webhook";

const secret = "whsec_replay_0123456789";
const body = JSON.stringify({ event: "job.completed", job_id: "j", status: "completed", clips: [] });
const sign = (ts: string) => `sha256=${createHmac("sha256", secret).update(`${ts}.${body}`).digest("hex")}`;

describe("verifyWebhook five-minute rule", () => {
  it("with the real clock: a callback signed 5 minutes and 1 second ago is rejected, one signed 4 minutes ago accepted", async () => {
    expect(DEFAULT_TOLERANCE_SECONDS).toBe(300);
    const now = Math.floor(Date.now() / 1000);
    const stale = String(now - 301);
    const fresh = String(now - 240);
    expect(await verifyWebhook({ body, secret, headers: { "x-service-timestamp": stale, "x-service-signature": sign(stale) } })).toEqual({ ok: false, reason: "timestamp too old or in the future (replay?)" });
    expect(await verifyWebhook({ body, secret, headers: { "x-service-timestamp": fresh, "x-service-signature": sign(fresh) } })).toEqual({ ok: true });
  });

  it("a replayed callback with a fresh timestamp header but the old signature does not verify", async () => {
    const now = Math.floor(Date.now() / 1000);
    const old = String(now - 3600);
    expect((await verifyWebhook({ body, secret, timestamp: String(now), signature: sign(old) })).ok).toBe(false);
  });

  it("refuses a tolerance or clock that would switch the rule off (NaN, Infinity, negative)", async () => {
    const ts = String(Math.floor(Date.now() / 1000) - 3600);
    for (const toleranceSeconds of [Number.NaN, Number.POSITIVE_INFINITY, -1]) {
      await expect(verifyWebhook({ body, secret, timestamp: ts, signature: sign(ts), toleranceSeconds })).rejects.toThrow(/toleranceSeconds/);
    }
    await expect(verifyWebhook({ body, secret, timestamp: ts, signature: sign(ts), now: Number.NaN })).rejects.toThrow(/now/);
  });
});
