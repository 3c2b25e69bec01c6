import { z } from "zod";

/** Every message on RENDER_QUEUE; parsed by the consumer (src/queues/consumer.ts). */
export const RenderMessageSchema = z.object({ type: z.literal("render"), job_id: z.uuid() });
export const WebhookQueueMessageSchema = z.object({ type: z.literal("webhook"), job_id: z.uuid(), attempt: z.int().min(1) });
export const RerenderMessageSchema = z.object({ type: z.literal("rerender"), rerender_id: z.string().max(64) });
export const QueueMessageSchema = z.discriminatedUnion("type", [RenderMessageSchema, RerenderMessageSchema, WebhookQueueMessageSchema]);
export type QueueMessage = z.infer<typeof QueueMessageSchema>;
