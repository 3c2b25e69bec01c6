// The publish Queue's consumer: moves one publication through its platform's steps. Never posts
// twice: a lease keeps two deliveries from running one publication at once, every step's state is
// stored before the next step (advance.ts sets the attempted mark before an irreversible one), and
// an outcome that cannot be known becomes `unconfirmed`, never a second try. This file takes the
// message and the lease; run.ts is what one delivery does under it.
import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { nowIso, publications } from "../../db/schema";
import type { Env } from "../../env";
import { deliverPublicationEvent } from "./events";
import { PublishMessageSchema, sendPublish, type PublishMessage } from "./messages";
import { publicationById, type PublicationRow } from "./publications";
import { takeReading } from "./readings";
import { ACTIVE, isActive, LEASE_MS, Run, type RunOptions } from "./run";

export async function handlePublishBatch(batch: MessageBatch<unknown>, env: Env, opts: RunOptions = {}) {
  for (const m of batch.messages) {
    const parsed = PublishMessageSchema.safeParse(m.body);
    if (!parsed.success) {
      console.error(JSON.stringify({ msg: "publish queue: unreadable message dropped", id: m.id }));
      m.ack();
      continue;
    }
    try {
      await handleMessage(env, parsed.data, opts);
      m.ack();
    } catch (e) {
      // Stored state makes a redelivery safe: it resumes, or reconciles the irreversible step.
      console.error(JSON.stringify({ msg: "publish queue: message failed, will be redelivered", kind: parsed.data.kind, publication_id: parsed.data.publication_id, error: String(e) }));
      m.retry({ delaySeconds: 30 });
    }
  }
}

export async function handleMessage(env: Env, msg: PublishMessage, opts: RunOptions = {}) {
  if (msg.kind === "event") return deliverPublicationEvent(env, msg);
  if (msg.kind === "metrics") return void (await takeReading(env, msg.publication_id, opts));
  return runPublication(env, msg.publication_id, opts);
}

export async function runPublication(env: Env, id: string, opts: RunOptions = {}): Promise<void> {
  const now = opts.now ?? (() => Date.now());
  let row = await publicationById(env, id);
  if (row?.status === "scheduled") row = await fireScheduled(env, row, now);
  if (!row || !isActive(row.status)) return;

  const lease = crypto.randomUUID();
  const [claimed] = await drizzle(env.DB)
    .update(publications)
    .set({ leaseToken: lease, leaseUntilMs: now() + LEASE_MS })
    .where(and(eq(publications.id, id), inArray(publications.status, [...ACTIVE]), or(isNull(publications.leaseUntilMs), lt(publications.leaseUntilMs, now()))))
    .returning();
  if (!claimed) {
    // Another delivery holds it; look again once its lease would have run out.
    const held = await publicationById(env, id);
    if (held && isActive(held.status)) await sendPublish(env, id, ((held.leaseUntilMs ?? now()) - now()) / 1000 + 1);
    return;
  }
  await new Run(env, claimed, lease, now, opts.fetch).go();
}

/**
 * A scheduled post whose time has come becomes queued, once: a second message finds it taken.
 * Early (the delay was capped at 12 h, or the cron sent it ahead), it waits the rest and this
 * delivery ends (undefined).
 */
async function fireScheduled(env: Env, row: PublicationRow, now: () => number): Promise<PublicationRow | undefined> {
  const at = row.scheduledMs ?? 0;
  if (at > now() + 1000) return void (await sendPublish(env, row.id, (at - now()) / 1000));
  await drizzle(env.DB)
    .update(publications)
    .set({ status: "queued", updatedAt: nowIso() })
    .where(and(eq(publications.id, row.id), eq(publications.status, "scheduled")));
  return publicationById(env, row.id);
}
