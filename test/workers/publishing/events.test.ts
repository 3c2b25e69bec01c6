import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { publications } from "../../../src/db/schema";
import { deliverPublicationEvent } from "../../../src/services/publishing/events";
import { PublicationSchema } from "@katto/protocol/api";
import { verifySignature } from "../../../src/webhooks/signature";
import { api, createAccount } from "../helpers";
import { completedClip, connect } from "./helpers";

describe("publication events", { timeout: 90_000 }, () => {
  it("publication.published is signed like the job callback, with the publication in the body", async () => {
    const client = await createAccount();
    await connect(client, "youtube");
    const { jobId } = await completedClip(client);
    const hook = "http://127.0.0.1:9/hooks/katto";
    const created = PublicationSchema.parse(await (await api(client, `/jobs/${jobId}/clips/0/publications`, { method: "POST", json: { platform: "youtube", caption: "Hooked", privacy: "private", webhook_url: hook } })).json());
    await vi.waitFor(
      async () => {
        const row = await drizzle(env.DB).select({ status: publications.status }).from(publications).where(eq(publications.id, created.id)).get();
        if (row?.status !== "published") throw new Error(`still ${row?.status}`);
      },
      { timeout: 60_000, interval: 100 },
    );
    const sent: Request[] = [];
    const receiver = (async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(input, init));
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    await deliverPublicationEvent(env, { kind: "event", publication_id: created.id, event: "publication.published", attempt: 1 }, receiver);
    expect(sent.length).toBe(1);
    const req = sent[0];
    expect(req.url).toBe(hook);
    const raw = await req.text();
    const { signing_secret: secret } = (await (await api(client, "/webhook")).json()) as { signing_secret: string };
    expect(await verifySignature({ secret, timestampHeader: req.headers.get("X-Service-Timestamp"), signatureHeader: req.headers.get("X-Service-Signature"), rawBody: raw })).toEqual({ ok: true });
    const body = JSON.parse(raw) as { event: string; publication: unknown };
    expect(body.event).toBe("publication.published");
    expect(PublicationSchema.parse(body.publication)).toMatchObject({ id: created.id, status: "published", post_url: expect.stringMatching(/^https:\/\/www\.youtube\.com\/shorts\//) });
  });

  it("a refused delivery is retried on the publish Queue with the callback's schedule", async () => {
    const client = await createAccount();
    await connect(client, "youtube");
    const { jobId } = await completedClip(client);
    const created = PublicationSchema.parse(await (await api(client, `/jobs/${jobId}/clips/0/publications`, { method: "POST", json: { platform: "youtube", caption: "x", privacy: "private", scheduled_at: new Date(Date.now() + 86_400_000).toISOString(), webhook_url: "http://127.0.0.1:9/hook" } })).json());
    const send = vi.spyOn(env.PUBLISH_QUEUE, "send");
    try {
      await deliverPublicationEvent(env, { kind: "event", publication_id: created.id, event: "publication.failed", attempt: 1 }, (async () => new Response("down", { status: 503 })) as typeof fetch);
      expect(send).toHaveBeenCalledWith({ kind: "event", publication_id: created.id, event: "publication.failed", attempt: 2 }, { delaySeconds: 30 });
    } finally {
      send.mockRestore();
    }
  });
});
