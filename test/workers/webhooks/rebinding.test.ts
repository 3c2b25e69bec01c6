// The DNS-rebinding window between the webhook URL check and the connect (docs/threat-model.md):
// what the Worker checks itself (before every attempt) and what it leaves to the platform (at
// connect time, global_fetch_strictly_public), and that production refuses to send without it.
import { describe, expect, it } from "vitest";
import { deliverWebhook } from "../../../src/webhooks/delivery";
import { checkWebhookUrl, connectTimeGuard, runtimeCompatibilityFlags, STRICTLY_PUBLIC_FLAG } from "../../../src/webhooks/url-safety";

const body = { event: "job.completed" };

/** DNS-over-HTTPS stand-in whose A answer for every name is the next entry of `answers`. */
function flippingDns(answers: string[]) {
  let lookups = 0;
  const fetcher = (async (input: string | URL | Request) => {
    const type = new URL(String(input)).searchParams.get("type");
    const ip = answers[Math.min(Math.floor(lookups++ / 2), answers.length - 1)];
    return Response.json({ Status: 0, Answer: type === "A" ? [{ type: 1, data: ip }] : [] });
  }) as typeof fetch;
  return fetcher;
}

function receiver() {
  const sent: string[] = [];
  const fetcher = (async (input: string | URL | Request) => {
    sent.push(String(input));
    return new Response(null, { status: 204 });
  }) as typeof fetch;
  return { sent, fetcher };
}

describe("DNS rebinding between the URL check and the connect", () => {
  it("the Worker runs with global_fetch_strictly_public, read from the runtime's own compatibility flags", () => {
    // The same wrangler.toml is deployed; the runtime reports the flags it was started with.
    expect(runtimeCompatibilityFlags()[STRICTLY_PUBLIC_FLAG]).toBe(true);
    expect(connectTimeGuard({ localMode: false })).toEqual({ ok: true });
  });

  it("a name that passed the check at job creation and resolves to loopback at delivery is refused before connecting", async () => {
    expect(checkWebhookUrl("https://hooks.attacker.example/h", { localMode: false }).ok).toBe(true);
    const { sent, fetcher } = receiver();
    const r = await deliverWebhook({ url: "https://hooks.attacker.example/h", secret: "whsec_x", body, attempt: 1, localMode: false, fetcher, dnsFetcher: flippingDns(["127.0.0.1"]) });
    expect(r).toMatchObject({ ok: false, retryable: false, error: expect.stringMatching(/resolves to 127\.0\.0\.1/) });
    expect(sent).toEqual([]);
  });

  it("an answer that flips from public to loopback between attempts is refused on the attempt that sees loopback", async () => {
    const { sent, fetcher } = receiver();
    const dnsFetcher = flippingDns(["93.184.216.34", "127.0.0.1"]);
    const first = await deliverWebhook({ url: "https://flip.attacker.example/h", secret: "whsec_x", body, attempt: 1, localMode: false, fetcher, dnsFetcher });
    expect(first).toEqual({ ok: true, status: 204 });
    const second = await deliverWebhook({ url: "https://flip.attacker.example/h", secret: "whsec_x", body, attempt: 2, localMode: false, fetcher, dnsFetcher });
    expect(second).toMatchObject({ ok: false, retryable: false, error: expect.stringMatching(/127\.0\.0\.1/) });
    expect(sent).toHaveLength(1);
  });

  it("production refuses to send when the runtime would not keep fetch() off private addresses; local mode does not need the flag", async () => {
    const { sent, fetcher } = receiver();
    const publicDns = flippingDns(["93.184.216.34"]);
    const r = await deliverWebhook({ url: "https://hooks.example.com/h", secret: "whsec_x", body, attempt: 1, localMode: false, fetcher, dnsFetcher: publicDns, runtimeFlags: {} });
    expect(r).toMatchObject({ ok: false, retryable: true, error: expect.stringContaining(STRICTLY_PUBLIC_FLAG) });
    expect(sent).toEqual([]);
    expect(connectTimeGuard({ localMode: true, flags: {} })).toEqual({ ok: true });
    const local = await deliverWebhook({ url: "http://127.0.0.1:9/h", secret: "whsec_x", body, attempt: 1, localMode: true, fetcher, runtimeFlags: {} });
    expect(local).toEqual({ ok: true, status: 204 });
  });

  it("a webhook URL naming or resolving to loopback is refused in production mode (literal, localhost, mapped IPv6, DNS answer)", async () => {
    for (const url of ["https://127.0.0.1/h", "https://localhost/h", "https://[::ffff:127.0.0.1]/h", "https://[::1]/h", "https://2130706433/h", "http://127.0.0.1:8787/h"]) {
      expect(checkWebhookUrl(url, { localMode: false }), url).toMatchObject({ ok: false });
    }
    const { sent, fetcher } = receiver();
    const v6Loopback = (async () => Response.json({ Status: 0, Answer: [{ type: 28, data: "::1" }] })) as typeof fetch;
    const r = await deliverWebhook({ url: "https://six.attacker.example/h", secret: "whsec_x", body, attempt: 1, localMode: false, fetcher, dnsFetcher: v6Loopback });
    expect(r).toMatchObject({ ok: false, retryable: false });
    expect(sent).toEqual([]);
  });
});
