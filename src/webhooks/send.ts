// One signed POST of a webhook (docs/webhooks.md): the URL checked (static rules, then DNS at
// connect time), the exact bytes signed and sent, the answer judged retryable or not; and the retry
// schedule the Queue side follows (delivery.ts). Never throws: every outcome is a DeliveryResult.
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, signPayload } from "./signature";
import { checkWebhookUrl, connectTimeGuard, resolveAndCheck } from "./url-safety";

export type Fetcher = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export const USER_AGENT = "Katto-Webhooks/1";
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Delay in seconds before attempt N (index N-1). Attempt 1 is immediate; 7 attempts span ~4.7 h. */
export const RETRY_SCHEDULE_SECONDS = [0, 30, 120, 600, 1800, 3600, 10800] as const;
export const MAX_WEBHOOK_ATTEMPTS = RETRY_SCHEDULE_SECONDS.length;
/** Cloudflare Queues accept delaySeconds up to 12 hours. */
export const QUEUE_MAX_DELAY_SECONDS = 43_200;

/** Seconds to wait before attempt `attempt` (1-based), measured from the previous attempt. */
export function retryDelaySeconds(attempt: number): number {
  if (attempt <= 1) return 0;
  return RETRY_SCHEDULE_SECONDS[Math.min(attempt, MAX_WEBHOOK_ATTEMPTS) - 1];
}

export type DeliveryResult = { ok: true; status: number } | { ok: false; retryable: boolean; status?: number; error: string };

export interface DeliverInput {
  url: string;
  secret: string;
  /** The payload; serialised once, and those exact bytes are signed and sent. */
  body: object;
  attempt: number;
  localMode: boolean;
  fetcher?: Fetcher;
  /** Fetcher for the DNS-over-HTTPS lookups (defaults to `fetcher`, then global fetch). */
  dnsFetcher?: Fetcher;
  dohUrl?: string;
  nowSeconds?: number;
  timeoutMs?: number;
  /** The runtime's compatibility flags (tests); defaults to the running Worker's. */
  runtimeFlags?: Record<string, boolean>;
}

/** One delivery attempt. Never throws: every outcome is a DeliveryResult. */
export async function deliverWebhook(input: DeliverInput): Promise<DeliveryResult> {
  const fetcher = input.fetcher ?? fetch;
  const checked = checkWebhookUrl(input.url, { localMode: input.localMode });
  // A URL that fails the static rules will never pass: do not retry.
  if (!checked.ok) return { ok: false, retryable: false, error: checked.error };
  const dns = await resolveAndCheck(checked.url.hostname, input.dnsFetcher ?? input.fetcher ?? fetch, {
    localMode: input.localMode,
    dohUrl: input.dohUrl,
  });
  // Refused addresses are a policy decision (do not retry); a failed lookup is transient.
  if (!dns.ok) return { ok: false, retryable: !dns.refused, error: dns.error };
  // The name may resolve differently when fetch() connects; production relies on the platform for that.
  const guard = connectTimeGuard({ localMode: input.localMode, flags: input.runtimeFlags });
  // Retryable: a deployment fixed within the retry window still delivers.
  if (!guard.ok) return { ok: false, retryable: true, error: guard.error };

  const timestamp = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  const rawBody = JSON.stringify(input.body);
  const signature = await signPayload(input.secret, timestamp, rawBody);
  const timeoutMs = input.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  let res: Response;
  try {
    res = await fetcher(checked.url.toString(), {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signature,
      },
      body: rawBody,
      // A redirect could point anywhere, including addresses the checks above refuse.
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    const name = e instanceof Error ? e.name : "";
    const error =
      name === "TimeoutError" || name === "AbortError"
        ? `receiver did not answer within ${timeoutMs / 1000} s`
        : `could not connect to the receiver (${e instanceof Error ? e.message : String(e)})`;
    return { ok: false, retryable: true, error };
  }
  // We never read the receiver's body; release the connection.
  await res.body?.cancel().catch(() => {});
  if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
  const error =
    res.status >= 300 && res.status < 400
      ? `receiver answered ${res.status} redirect; redirects are not followed, set webhook_url to the final URL`
      : `receiver answered HTTP ${res.status}; a 2xx status is required`;
  return { ok: false, retryable: true, status: res.status, error };
}
