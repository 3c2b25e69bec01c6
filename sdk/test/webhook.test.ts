import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhook, timingSafeEqualString, verifyWebhook } from "../src/index";

const secret = "whsec_test_0123456789";
const body = JSON.stringify({ event: "job.completed", job_id: "j", status: "completed", clips: [] });
const now = 1_800_000_000;
const ts = String(now);
// The reference signature, computed independently with node:crypto as docs/webhooks.md describes.
const sig = `sha256=${createHmac("sha256", secret).update(`${ts}.${body}`).digest("hex")}`;

describe("verifyWebhook", () => {
  it("accepts a valid signature from headers (Headers or a node:http object) or explicit fields", async () => {
    expect(await signWebhook(secret, ts, body)).toBe(sig);
    expect(await verifyWebhook({ body, secret, now, headers: new Headers({ "X-Service-Timestamp": ts, "X-Service-Signature": sig }) })).toEqual({ ok: true });
    expect(await verifyWebhook({ body: new TextEncoder().encode(body), secret, now, headers: { "x-service-timestamp": ts, "x-service-signature": [sig] } })).toEqual({ ok: true });
    expect(await verifyWebhook({ body, secret, now: now + 299, timestamp: ts, signature: sig.toUpperCase().replace("SHA256=", "sha256=") })).toEqual({ ok: true });
  });

  it("rejects a timestamp more than 5 minutes old or ahead", async () => {
    expect(await verifyWebhook({ body, secret, now: now + 301, timestamp: ts, signature: sig })).toEqual({ ok: false, reason: "timestamp too old or in the future (replay?)" });
    expect((await verifyWebhook({ body, secret, now: now - 301, timestamp: ts, signature: sig })).ok).toBe(false);
    expect((await verifyWebhook({ body, secret, now: now + 10_000, timestamp: ts, signature: sig, toleranceSeconds: 20_000 })).ok).toBe(true);
  });

  it("rejects a tampered body, another secret, and malformed headers", async () => {
    expect(await verifyWebhook({ body: body.replace("completed", "failed"), secret, now, timestamp: ts, signature: sig })).toEqual({ ok: false, reason: "signature does not match" });
    expect((await verifyWebhook({ body, secret: "whsec_other", now, timestamp: ts, signature: sig })).ok).toBe(false);
    expect((await verifyWebhook({ body, secret, now, timestamp: String(now + 1), signature: sig })).ok).toBe(false);
    expect(await verifyWebhook({ body, secret, now, signature: sig })).toEqual({ ok: false, reason: "missing X-Service-Timestamp" });
    expect(await verifyWebhook({ body, secret, now, timestamp: ts })).toEqual({ ok: false, reason: "missing X-Service-Signature" });
    expect((await verifyWebhook({ body, secret, now, timestamp: "12.5", signature: sig })).ok).toBe(false);
    expect((await verifyWebhook({ body, secret, now, timestamp: ts, signature: sig.slice(7) })).ok).toBe(false);
    await expect(verifyWebhook({ body, secret: "", now, timestamp: ts, signature: sig })).rejects.toThrow(TypeError);
  });

  it("compares strings of equal length in full", () => {
    expect(timingSafeEqualString("abc", "abc")).toBe(true);
    expect(timingSafeEqualString("abc", "abd")).toBe(false);
    expect(timingSafeEqualString("abc", "abcd")).toBe(false);
  });
});
