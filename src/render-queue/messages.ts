import { z } from "zod";

/** Every message on RENDER_QUEUE; parsed by the consumer (src/queues/consumer.ts). */
export const RenderMessageSchema = z.object({ type: z.literal("render"), job_id: z.uuid() });
export const WebhookQueueMessageSchema = z.object({ type: z.literal("webhook"), job_id: z.uuid(), attempt: z.int().min(1) });
export const RerenderMessageSchema = z.object({ type: z.literal("rerender"), rerender_id: z.string().max(64) });
/** HD fan-out: the 1080p render of one clip of a completed job (docs/render-protocol.md "HD fan-out"). */
export const RenderHdMessageSchema = z.object({ type: z.literal("render_hd"), job_id: z.uuid(), clip_index: z.int().min(0).max(9) });
/** A clip re-scaled to a platform's frame, asked for by the publish runner (docs/render-protocol.md "Renditions"). */
export const RenderRenditionMessageSchema = z.object({ type: z.literal("render_rendition"), job_id: z.uuid(), clip_index: z.int().min(0).max(9), width: z.int().positive(), height: z.int().positive() });
/** A clip made by hand on a completed job (docs/render-protocol.md "Manual clips"). */
export const ManualClipMessageSchema = z.object({ type: z.literal("manual_clip"), job_id: z.uuid(), clip_index: z.int().min(0).max(9) });
/** The clip.ready callback of one clip of a running job (src/webhooks/clip-ready.ts, docs/webhooks.md "clip.ready"). */
export const ClipWebhookQueueMessageSchema = z.object({ type: z.literal("clip_webhook"), job_id: z.uuid(), clip_index: z.int().min(0).max(9), attempt: z.int().min(1) });
export const QueueMessageSchema = z.discriminatedUnion("type", [RenderMessageSchema, ManualClipMessageSchema, RenderHdMessageSchema, RenderRenditionMessageSchema, RerenderMessageSchema, WebhookQueueMessageSchema, ClipWebhookQueueMessageSchema]);
export type QueueMessage = z.infer<typeof QueueMessageSchema>;
