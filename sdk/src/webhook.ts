// Verifies a Katto completion callback (spec "Events"; docs/webhooks.md): HMAC-SHA256 with the
// signing secret over `<X-Service-Timestamp>.<raw body>`, sent as `X-Service-Signature:
// sha256=<lowercase hex>`; timestamps more than toleranceSeconds from now are rejected (replays).
// WebCrypto only, so it runs in Workers, browsers and Node alike.

export const SIGNATURE_HEADER = "x-service-signature";
export const TIMESTAMP_HEADER = "x-service-timestamp";
/** Spec "Events": a callback whose timestamp is more than about 5 minutes from now is rejected. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookInput {
  /** The raw request body, exactly as received (a parsed and re-serialised JSON object will not match). */
  body: string | Uint8Array | ArrayBuffer;
  secret: string;
  headers?: HeaderSource;
  timestamp?: string;
  signature?: string;
  toleranceSeconds?: number;
  /** Seconds since the epoch (tests). */
  now?: number;
}

export type VerifyWebhookResult = { ok: true } | { ok: false; reason: string };

function header(headers: HeaderSource | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name) return Array.isArray(v) ? v[0] : v;
  return undefined;
}

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Constant-time comparison of two strings of public length (a hex digest's length is not secret). */
export function timingSafeEqualString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export async function signWebhook(secret: string, timestamp: string, body: string | Uint8Array | ArrayBuffer): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const bytes = typeof body === "string" ? enc.encode(body) : body instanceof Uint8Array ? body : new Uint8Array(body);
  const message = new Uint8Array(timestamp.length + 1 + bytes.byteLength);
  message.set(enc.encode(`${timestamp}.`));
  message.set(bytes, timestamp.length + 1);
  return `sha256=${hex(await crypto.subtle.sign("HMAC", key, message))}`;
}

export async function verifyWebhook(input: VerifyWebhookInput): Promise<VerifyWebhookResult> {
  if (!input.secret) throw new TypeError("secret is required: the signing_secret from GET /webhook (starts with whsec_)");
  const ts = (input.timestamp ?? header(input.headers, TIMESTAMP_HEADER))?.trim();
  const sig = (input.signature ?? header(input.headers, SIGNATURE_HEADER))?.trim();
  if (!ts) return { ok: false, reason: "missing X-Service-Timestamp" };
  if (!sig) return { ok: false, reason: "missing X-Service-Signature" };
  if (!/^\d{1,15}$/.test(ts)) return { ok: false, reason: "X-Service-Timestamp is not a decimal integer" };
  const now = input.now ?? Math.floor(Date.now() / 1000);
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  // A NaN tolerance or clock would make the comparison below false, i.e. accept any replay.
  if (!Number.isFinite(tolerance) || tolerance < 0) throw new TypeError("toleranceSeconds must be a finite number of seconds >= 0 (default 300)");
  if (!Number.isFinite(now)) throw new TypeError("now must be a finite number of seconds since the epoch");
  if (Math.abs(now - Number(ts)) > tolerance) return { ok: false, reason: "timestamp too old or in the future (replay?)" };
  if (!sig.toLowerCase().startsWith("sha256=")) return { ok: false, reason: 'X-Service-Signature does not start with "sha256="' };
  const expected = await signWebhook(input.secret, ts, input.body);
  if (!timingSafeEqualString(expected, `sha256=${sig.slice(7).toLowerCase()}`)) return { ok: false, reason: "signature does not match" };
  return { ok: true };
}
