// Everything that puts render work on RENDER_QUEUE (message shapes: ./messages.ts). The consumer
// (src/queues/consumer.ts) hands each message to the render backend; the services it calls put work
// on the queue through this room, never through queues/, so the arrows run queues → services → here. Webhook deliveries queue their own
// messages (src/webhooks/delivery.ts).
import type { Env } from "../env";
import type { QueueMessage } from "./messages";

/** A job charged and queued: the consumer sends its render task. */
export async function enqueueRender(env: Env, jobId: string) {
  await env.RENDER_QUEUE.send({ type: "render", job_id: jobId } satisfies QueueMessage);
}

export async function enqueueRerender(env: Env, rerenderId: string) {
  await env.RENDER_QUEUE.send({ type: "rerender", rerender_id: rerenderId } satisfies QueueMessage);
}

/** HD fan-out: one render_hd message per clip (a single sendBatch: at most 10 clips). */
export async function enqueueHdRenders(env: Env, jobId: string, clipIndexes: readonly number[]): Promise<void> {
  if (clipIndexes.length === 0) return;
  await env.RENDER_QUEUE.sendBatch(clipIndexes.map((clip_index) => ({ body: { type: "render_hd", job_id: jobId, clip_index } satisfies QueueMessage })));
}

/** One clip's rendition of one size (docs/render-protocol.md "Renditions"). */
export async function enqueueRendition(env: Env, jobId: string, clipIndex: number, size: { width: number; height: number }): Promise<void> {
  await env.RENDER_QUEUE.send({ type: "render_rendition", job_id: jobId, clip_index: clipIndex, ...size } satisfies QueueMessage);
}

/** A clip made by hand: the consumer sends its ManualClipTask. */
export async function enqueueManualClip(env: Env, jobId: string, clipIndex: number): Promise<void> {
  await env.RENDER_QUEUE.send({ type: "manual_clip", job_id: jobId, clip_index: clipIndex } satisfies QueueMessage);
}
