// Types for verify.mjs (optional; copy alongside it in TypeScript projects).
export declare const SIGNATURE_HEADER: "x-service-signature";
export declare const TIMESTAMP_HEADER: "x-service-timestamp";
export interface KattoWebhookInput {
  /** signing_secret from GET /webhook (starts with whsec_). */
  secret: string;
  /** Request headers: fetch Headers, or a node:http / express headers object (any case). */
  headers: Headers | Record<string, string | string[] | undefined>;
  /** The body exactly as received, before JSON parsing. */
  rawBody: string | Uint8Array | ArrayBuffer;
  toleranceSeconds?: number;
  /** Current time in seconds since the epoch. */
  now?: number;
}
export declare function checkKattoWebhook(input: KattoWebhookInput): { ok: true } | { ok: false; reason: string };
export declare function verifyKattoWebhook(input: KattoWebhookInput): boolean;
