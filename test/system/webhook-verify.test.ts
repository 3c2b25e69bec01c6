// The copyable receiver helper (examples/verify-webhook/verify.mjs) against signatures the
// Worker's own code produced: signPayload directly, and a real delivery by deliverWebhook over
// HTTP to a loopback node:http server (Web Crypto and fetch are the same APIs in Node 22).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkKattoWebhook, verifyKattoWebhook } from "../../examples/verify-webhook/verify.mjs";
import { deliverWebhook } from "../../src/webhooks/delivery";
import { generateSigningSecret } from "../../src/webhooks/secret";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, signPayload, verifySignature } from "../../src/webhooks/signature";

const secret = generateSigningSecret();
const now = Math.floor(Date.now() / 1000);
const rawBody = JSON.stringify({ event: "job.completed", job_id: "6f1c0c53-8f0e-4d6b-9a57-0d1f1f0a1b2c", status: "completed", hd_ready: true, clips: [{ title: "Ünïcødé ✂️" }], timestamp: new Date(now * 1000).toISOString() });

async function signed(ts = now, body = rawBody, key = secret) {
  return { [TIMESTAMP_HEADER]: String(ts), [SIGNATURE_HEADER]: await signPayload(key, ts, body) };
}

describe("verifyKattoWebhook with Worker-made signatures", () => {
  it("accepts a signature from src/webhooks/signature.ts (string, Buffer, Headers, lowercase keys)", async () => {
    const headers = await signed();
    expect(verifyKattoWebhook({ secret, headers, rawBody })).toBe(true);
    expect(verifyKattoWebhook({ secret, headers, rawBody: Buffer.from(rawBody) })).toBe(true);
    expect(verifyKattoWebhook({ secret, headers: new Headers(headers), rawBody: new TextEncoder().encode(rawBody) })).toBe(true);
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    expect(verifyKattoWebhook({ secret, headers: lower, rawBody })).toBe(true);
  });

  it("rejects a tampered body, the wrong secret, a stale or future timestamp, a swapped timestamp", async () => {
    const headers = await signed();
    expect(verifyKattoWebhook({ secret, headers, rawBody: rawBody.replace("true", "false") })).toBe(false);
    expect(verifyKattoWebhook({ secret: generateSigningSecret(), headers, rawBody })).toBe(false);
    // the clock the verifier reads is the one the timestamps were made against (under load, seconds pass before these lines run)
    expect(verifyKattoWebhook({ secret, headers: await signed(now - 301), rawBody, now })).toBe(false);
    expect(verifyKattoWebhook({ secret, headers: await signed(now + 301), rawBody, now })).toBe(false);
    expect(verifyKattoWebhook({ secret, headers: await signed(now - 299), rawBody, now })).toBe(true);
    expect(verifyKattoWebhook({ secret, headers: await signed(now - 200), rawBody, toleranceSeconds: 100, now })).toBe(false);
    expect(verifyKattoWebhook({ secret, headers: { ...headers, [TIMESTAMP_HEADER]: String(now - 1) }, rawBody })).toBe(false);
    expect(checkKattoWebhook({ secret, headers: {}, rawBody })).toEqual({ ok: false, reason: "missing X-Service-Timestamp header" });
  });

  it("the Worker's own verifySignature agrees under Node (no crypto.subtle.timingSafeEqual here)", async () => {
    const h = await signed();
    const ok = await verifySignature({ secret, timestampHeader: h[TIMESTAMP_HEADER], signatureHeader: h[SIGNATURE_HEADER], rawBody });
    expect(ok).toEqual({ ok: true });
    const bad = await verifySignature({ secret, timestampHeader: h[TIMESTAMP_HEADER], signatureHeader: h[SIGNATURE_HEADER], rawBody: rawBody + " " });
    expect(bad.ok).toBe(false);
  });

  it("throws a clear error for a parsed body or a missing secret", async () => {
    const headers = await signed();
    expect(() => verifyKattoWebhook({ secret, headers, rawBody: JSON.parse(rawBody) })).toThrow(/raw request body/);
    expect(() => verifyKattoWebhook({ secret: "", headers, rawBody })).toThrow(/secret is required/);
  });
});

describe("a real delivery by deliverWebhook", () => {
  let server: http.Server;
  let url: string;
  const received: { headers: http.IncomingHttpHeaders; body: Buffer; verified: boolean }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks);
        const verified = verifyKattoWebhook({ secret, headers: req.headers, rawBody: body });
        received.push({ headers: req.headers, body, verified });
        res.writeHead(verified ? 204 : 401).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/katto`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("is accepted by the example receiver", async () => {
    const body = JSON.parse(rawBody);
    const r = await deliverWebhook({ url, secret, body, attempt: 1, localMode: true });
    expect(r).toEqual({ ok: true, status: 204 });
    expect(received).toHaveLength(1);
    expect(received[0].verified).toBe(true);
    expect(received[0].headers["user-agent"]).toBe("Katto-Webhooks/1");
    expect(received[0].headers["content-type"]).toBe("application/json");
    expect(JSON.parse(received[0].body.toString("utf8"))).toEqual(body);
  });

  it("is rejected by a receiver holding another secret (401 is a retryable failure)", async () => {
    const r = await deliverWebhook({ url, secret: generateSigningSecret(), body: { x: 1 }, attempt: 2, localMode: true });
    expect(r).toMatchObject({ ok: false, retryable: true, status: 401 });
  });
});
