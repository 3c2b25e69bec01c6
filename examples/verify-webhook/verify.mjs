// Verify a Katto completion callback. Zero dependencies (node:crypto only): copy this file.
//
//   import { verifyKattoWebhook } from "./verify.mjs";
//   const ok = verifyKattoWebhook({ secret: process.env.KATTO_WEBHOOK_SECRET, headers: req.headers, rawBody });
//
// Rules (Katto API, "Events"): HMAC-SHA256 with your signing secret (GET /webhook) over
// `<X-Service-Timestamp>.<raw request body>`, sent as `X-Service-Signature: sha256=<lowercase hex>`;
// compare in constant time; reject timestamps more than 5 minutes from now (replays).
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "x-service-signature";
export const TIMESTAMP_HEADER = "x-service-timestamp";

function header(headers, name) {
  if (!headers) return undefined;
  if (typeof headers.get === "function") return headers.get(name) ?? undefined; // fetch Headers
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === name) return Array.isArray(v) ? v[0] : v; // node:http / express
  }
  return undefined;
}

function toBuffer(rawBody) {
  if (typeof rawBody === "string") return Buffer.from(rawBody, "utf8");
  if (rawBody instanceof Uint8Array) return Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  if (rawBody instanceof ArrayBuffer) return Buffer.from(rawBody);
  throw new TypeError(
    "rawBody must be the raw request body as a string, Buffer or Uint8Array; a parsed JSON object cannot be verified " +
      "(with express use express.raw({ type: 'application/json' }) on the webhook route)",
  );
}

/**
 * Like verifyKattoWebhook, but says why a request was rejected: { ok: true } or { ok: false, reason }.
 * Throws TypeError only for programming mistakes (no secret, a parsed body).
 */
export function checkKattoWebhook({ secret, headers, rawBody, toleranceSeconds = 300, now = Math.floor(Date.now() / 1000) }) {
  if (typeof secret !== "string" || secret === "") {
    throw new TypeError("secret is required: the signing_secret from GET /webhook (starts with whsec_)");
  }
  const body = toBuffer(rawBody);
  const ts = header(headers, TIMESTAMP_HEADER)?.trim();
  const sig = header(headers, SIGNATURE_HEADER)?.trim();
  if (!ts) return { ok: false, reason: "missing X-Service-Timestamp header" };
  if (!sig) return { ok: false, reason: "missing X-Service-Signature header" };
  if (!/^\d{1,15}$/.test(ts)) return { ok: false, reason: "X-Service-Timestamp is not a decimal integer" };
  if (Math.abs(now - Number(ts)) > toleranceSeconds) return { ok: false, reason: "timestamp too old or in the future (replay?)" };
  if (!sig.toLowerCase().startsWith("sha256=")) return { ok: false, reason: 'X-Service-Signature does not start with "sha256="' };
  const expected = createHmac("sha256", secret).update(`${ts}.`).update(body).digest("hex");
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(sig.slice(7).toLowerCase(), "utf8");
  // timingSafeEqual throws on different lengths; the length of a hex SHA-256 digest is public.
  if (a.length !== b.length || !timingSafeEqual(a, b)) return { ok: false, reason: "signature does not match" };
  return { ok: true };
}

/**
 * True if the request carries a valid, fresh Katto signature.
 * @param {object} p
 * @param {string} p.secret          signing_secret from GET /webhook
 * @param {Headers|Record<string, string|string[]|undefined>} p.headers  request headers (any case)
 * @param {string|Buffer|Uint8Array} p.rawBody  the body exactly as received, before JSON parsing
 * @param {number} [p.toleranceSeconds=300]
 * @param {number} [p.now]           current time in seconds since the epoch (for tests)
 */
export function verifyKattoWebhook(params) {
  return checkKattoWebhook(params).ok;
}
