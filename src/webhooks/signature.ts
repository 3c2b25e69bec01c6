// Signing and verifying the completion callback (spec "Events": HMAC-SHA256 with the signing
// secret over `<timestamp>.<raw body>`, sent as `X-Service-Signature: sha256=<hmac>`).
// Only the webhook format lives here; the primitives are src/lib/crypto.ts (Web Crypto only, so the
// same code runs in workerd, in Node 22 and in browsers).
// The encoding of <hmac> is left open by the spec; we use lowercase hex (docs/webhooks.md).
import { hmacSha256Hex, timingSafeEqual } from "../lib/crypto";

export const SIGNATURE_HEADER = "X-Service-Signature";
export const TIMESTAMP_HEADER = "X-Service-Timestamp";
/** Value reported as `scheme` by GET /webhook: HMAC-SHA256 over `${timestamp}.${rawBody}`. */
export const SCHEME = "hmac-sha256";
export const SIGNATURE_PREFIX = "sha256=";
/** Spec: reject a request whose timestamp is more than about 5 minutes old. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** `sha256=<lowercase hex HMAC-SHA256(secret, "<timestamp>.<rawBody>")>`. */
export async function signPayload(secret: string, timestamp: number, rawBody: string): Promise<string> {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new TypeError("timestamp must be a non-negative integer (seconds)");
  return SIGNATURE_PREFIX + (await hmacSha256Hex(secret, `${timestamp}.${rawBody}`));
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
  // A NaN tolerance or clock would make the window check false, i.e. accept any replay.
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0 || !Number.isFinite(nowSeconds)) return { ok: false, reason: "tolerance and clock must be finite seconds" };
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
  return timingSafeEqual(expected, given)
    ? { ok: true }
    : { ok: false, reason: "signature does not match" };
}

/** Body of GET /webhook ("Webhook signing details"), which the dashboard shows too (services/accounts/webhooks.ts). */
export const webhookSigningDetails = (signingSecret: string) => ({
  signing_secret: signingSecret,
  signature_header: SIGNATURE_HEADER,
  timestamp_header: TIMESTAMP_HEADER,
  scheme: SCHEME,
});
