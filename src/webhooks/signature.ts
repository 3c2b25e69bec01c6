// Signing and verifying the completion callback (spec "Events": HMAC-SHA256 with the signing
// secret over `<timestamp>.<raw body>`, sent as `X-Service-Signature: sha256=<hmac>`).
// Web Crypto only, so the same file runs in workerd, in Node 22 and in browsers.
// The encoding of <hmac> is left open by the spec; we use lowercase hex (docs/webhooks.md).

export const SIGNATURE_HEADER = "X-Service-Signature";
export const TIMESTAMP_HEADER = "X-Service-Timestamp";
/** Value reported as `scheme` by GET /webhook: HMAC-SHA256 over `${timestamp}.${rawBody}`. */
export const SCHEME = "hmac-sha256";
export const SIGNATURE_PREFIX = "sha256=";
/** Spec: reject a request whose timestamp is more than about 5 minutes old. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

const toHex = (buf: ArrayBuffer): string =>
  Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");

/** Lowercase hex HMAC-SHA256. */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return toHex(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

/** `sha256=<lowercase hex HMAC-SHA256(secret, "<timestamp>.<rawBody>")>`. */
export async function signPayload(secret: string, timestamp: number, rawBody: string): Promise<string> {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new TypeError("timestamp must be a non-negative integer (seconds)");
  return SIGNATURE_PREFIX + (await hmacSha256Hex(secret, `${timestamp}.${rawBody}`));
}

/**
 * Constant-time equality of two byte strings. Uses workerd's crypto.subtle.timingSafeEqual when
 * present (it throws on unequal lengths, so lengths are checked first; the length of an HMAC hex
 * digest is public), otherwise an XOR accumulator that never exits early.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual?: (x: ArrayBufferView, y: ArrayBufferView) => boolean };
  if (typeof subtle.timingSafeEqual === "function") return subtle.timingSafeEqual(a, b);
  let diff = 0;
  for (let i = 0; i < a.byteLength; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

export type VerifyResult = { ok: true } | { ok: false; reason: string };

export interface VerifyInput {
  secret: string;
  timestampHeader: string | null | undefined;
  signatureHeader: string | null | undefined;
  rawBody: string;
  /** Current time in seconds since the epoch (tests); defaults to the clock. */
  nowSeconds?: number;
  toleranceSeconds?: number;
}

/** Verifies a callback the way a receiver must (spec "Events", verification rules 1 to 3). */
export async function verifySignature({
  secret,
  timestampHeader,
  signatureHeader,
  rawBody,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
}: VerifyInput): Promise<VerifyResult> {
  if (!secret) return { ok: false, reason: "no signing secret configured" };
  if (!timestampHeader) return { ok: false, reason: `missing ${TIMESTAMP_HEADER} header` };
  if (!signatureHeader) return { ok: false, reason: `missing ${SIGNATURE_HEADER} header` };
  const ts = timestampHeader.trim();
  if (!/^\d{1,15}$/.test(ts)) return { ok: false, reason: `${TIMESTAMP_HEADER} must be a decimal integer (seconds)` };
  const timestamp = Number(ts);
  // Both directions: a timestamp far in the future is as suspicious as a stale one.
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    return { ok: false, reason: `timestamp outside the ${toleranceSeconds} s tolerance (possible replay or clock skew)` };
  }
  const sig = signatureHeader.trim();
  if (!sig.toLowerCase().startsWith(SIGNATURE_PREFIX)) return { ok: false, reason: `${SIGNATURE_HEADER} must start with "${SIGNATURE_PREFIX}"` };
  // Spec rule 1: the header's own text, a dot, the raw body (not a re-formatted number).
  const expected = await hmacSha256Hex(secret, `${ts}.${rawBody}`);
  const given = sig.slice(SIGNATURE_PREFIX.length).toLowerCase();
  return constantTimeEqual(encoder.encode(expected), encoder.encode(given))
    ? { ok: true }
    : { ok: false, reason: "signature does not match" };
}

/** Body of GET /webhook ("Webhook signing details"). */
export const webhookSigningDetails = (signingSecret: string) => ({
  signing_secret: signingSecret,
  signature_header: SIGNATURE_HEADER,
  timestamp_header: TIMESTAMP_HEADER,
  scheme: SCHEME,
});
