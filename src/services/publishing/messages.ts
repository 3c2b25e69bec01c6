// Messages on the publish Queue (katto-publish), parsed by the runner.
import { z } from "zod";

export const PublishMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("publish"), publication_id: z.string() }),
  z.object({ kind: z.literal("event"), publication_id: z.string(), event: z.enum(["publication.published", "publication.failed"]), attempt: z.number().int().min(1) }),
]);
export type PublishMessage = z.infer<typeof PublishMessageSchema>;

export const publishMessage = (id: string): PublishMessage => ({ kind: "publish", publication_id: id });
/** Cloudflare Queues accept delaySeconds up to 12 hours. */
export const QUEUE_MAX_DELAY_SECONDS = 43_200;
