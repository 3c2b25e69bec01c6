import { describe, expect, it } from "vitest";
import {
  SCHEME,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  signPayload,
  verifySignature,
  webhookSigningDetails,
} from "../../../src/webhooks/signature";

describe("signPayload", () => {
  it("signs `${timestamp}.${rawBody}` as sha256=<lowercase hex> (fixed vector)", async () => {
    expect(await signPayload("whsec_test", 1700000000, '{"event":"job.completed"}')).toBe(
      "sha256=51be9920773f454007b9aaf2ef84578604f287a1ad8b1cf6918458c66aac6bd8",
    );
  });

  it("hashes the UTF-8 bytes of non-ASCII bodies (vector from Python's hmac module)", async () => {
    const body = JSON.stringify({ title: "Ünïcødé ✂️ clip", n: 1 });
    expect(await signPayload("whsec_abc", 1712345678, body)).toBe(
      "sha256=64c2aa0214ed3abf0d2585c24010a5d876096f5738983fc0fd1d48ac6590cb51",
    );
  });

  it("rejects a non-integer timestamp", async () => {
    await expect(signPayload("s", 1.5, "{}")).rejects.toThrow(/integer/);
  });
});

describe("verifySignature", () => {
  const secret = "whsec_verify";
  const now = 1_800_000_000;
  const body = '{"event":"job.completed","job_id":"x"}';
  const make = async (ts = now, b = body) => ({ timestampHeader: String(ts), signatureHeader: await signPayload(secret, ts, b) });

  it("accepts a fresh valid signature", async () => {
    expect(await verifySignature({ secret, rawBody: body, nowSeconds: now + 10, ...(await make()) })).toEqual({ ok: true });
  });

  it("accepts uppercase hex and surrounding whitespace", async () => {
    const h = await make();
    const r = await verifySignature({ secret, rawBody: body, nowSeconds: now, timestampHeader: ` ${h.timestampHeader} `, signatureHeader: `sha256=${h.signatureHeader.slice(7).toUpperCase()}` });
    expect(r.ok).toBe(true);
  });

  it("rejects a tampered body", async () => {
    const r = await verifySignature({ secret, rawBody: body.replace("x", "y"), nowSeconds: now, ...(await make()) });
    expect(r).toEqual({ ok: false, reason: "signature does not match" });
  });

  it("rejects the wrong secret", async () => {
    const r = await verifySignature({ secret: "whsec_other", rawBody: body, nowSeconds: now, ...(await make()) });
    expect(r.ok).toBe(false);
  });

  it("rejects a stale and a future timestamp, accepts the tolerance edge", async () => {
    const h = await make();
    expect((await verifySignature({ secret, rawBody: body, nowSeconds: now + 301, ...h })).ok).toBe(false);
    expect((await verifySignature({ secret, rawBody: body, nowSeconds: now - 301, ...h })).ok).toBe(false);
    expect((await verifySignature({ secret, rawBody: body, nowSeconds: now + 300, ...h })).ok).toBe(true);
    const r = await verifySignature({ secret, rawBody: body, nowSeconds: now + 100, toleranceSeconds: 60, ...h });
    expect(r).toMatchObject({ ok: false, reason: expect.stringMatching(/tolerance/) });
  });

  it("a tolerance or clock of NaN or Infinity cannot switch the five-minute rule off", async () => {
    const body = '{"event":"job.completed"}';
    const ts = 1_700_000_000;
    const signatureHeader = await signPayload("whsec_x", ts, body);
    for (const extra of [{ toleranceSeconds: Number.NaN }, { toleranceSeconds: Number.POSITIVE_INFINITY }, { nowSeconds: Number.NaN }]) {
      expect(await verifySignature({ secret: "whsec_x", timestampHeader: String(ts), signatureHeader, rawBody: body, nowSeconds: ts + 3600, ...extra })).toMatchObject({ ok: false });
    }
  });

  it("rejects a signature made for another timestamp (replay with a new header)", async () => {
    const h = await make(now - 1000);
    const r = await verifySignature({ secret, rawBody: body, nowSeconds: now, timestampHeader: String(now), signatureHeader: h.signatureHeader });
    expect(r.ok).toBe(false);
  });

  it("rejects missing or malformed headers with a reason", async () => {
    const h = await make();
    const cases = [
      { timestampHeader: null, signatureHeader: h.signatureHeader, re: /missing X-Service-Timestamp/ },
      { timestampHeader: h.timestampHeader, signatureHeader: undefined, re: /missing X-Service-Signature/ },
      { timestampHeader: "12.5", signatureHeader: h.signatureHeader, re: /decimal integer/ },
      { timestampHeader: h.timestampHeader, signatureHeader: h.signatureHeader.slice(7), re: /sha256=/ },
      { timestampHeader: h.timestampHeader, signatureHeader: "sha256=abc", re: /does not match/ },
    ];
    for (const c of cases) {
      const r = await verifySignature({ secret, rawBody: body, nowSeconds: now, timestampHeader: c.timestampHeader, signatureHeader: c.signatureHeader });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(c.re);
    }
  });
});

describe("constants", () => {
  it("exposes the GET /webhook details", () => {
    expect(webhookSigningDetails("whsec_x")).toEqual({
      signing_secret: "whsec_x",
      signature_header: "X-Service-Signature",
      timestamp_header: "X-Service-Timestamp",
      scheme: "hmac-sha256",
    });
    expect([SIGNATURE_HEADER, TIMESTAMP_HEADER, SCHEME]).toEqual(["X-Service-Signature", "X-Service-Timestamp", "hmac-sha256"]);
  });
});
