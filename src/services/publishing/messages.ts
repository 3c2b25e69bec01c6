// Messages on the publish Queue (katto-publish), parsed by the runner.
import { z } from "zod";
import type { Env } from "../../env";

export const PublishMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("publish"), publication_id: z.string() }),
  // Take the publication's due metrics reading (readings.ts).
  z.object({ kind: z.literal("metrics"), publication_id: z.string() }),
  z.object({ kind: z.literal("event"), publication_id: z.string(), event: z.enum(["publication.published", "publication.failed"]), attempt: z.number().int().min(1) }),
]);
export type PublishMessage = z.infer<typeof PublishMessageSchema>;

export const publishMessage = (id: string): PublishMessage => ({ kind: "publish", publication_id: id });
/** Cloudflare Queues accept delaySeconds up to 12 hours. */
export const QUEUE_MAX_DELAY_SECONDS = 43_200;

/** Puts a run of the publication on the Queue, `delaySeconds` from now (within what Queues accept). */
export const sendPublish = (env: Env, id: string, delaySeconds: number) =>
  env.PUBLISH_QUEUE.send(publishMessage(id), { delaySeconds: Math.max(0, Math.min(QUEUE_MAX_DELAY_SECONDS, Math.ceil(delaySeconds))) });

/** Puts the publication's due metrics reading on the Queue, `delaySeconds` from now. */
export const sendMetrics = (env: Env, id: string, delaySeconds: number) =>
  env.PUBLISH_QUEUE.send({ kind: "metrics", publication_id: id } satisfies PublishMessage, { delaySeconds: Math.max(0, Math.min(QUEUE_MAX_DELAY_SECONDS, Math.ceil(delaySeconds))) });
