// RENDER_QUEUE consumer: each message is parsed, handled and acked explicitly; failures retry
// with exponential delay; after the last attempt the job fails (render), the clip stays at
// preview quality (render_hd), or the delivery is recorded as failed (webhook). Queue settings: wrangler.toml (max_retries, dead_letter_queue).
import type { Env } from "../env";
import { dispatchRender, failUndispatchable } from "../services/render/job-task";
import { dispatchHd, giveUpHd } from "../services/render/hd";
import { failRerender } from "../services/rerenders/events";
import { dispatchRerender } from "../services/rerenders/task";
import { handleWebhookMessage } from "../webhooks/delivery";
import { QueueMessageSchema } from "./messages";

export const RENDER_DISPATCH_ATTEMPTS = 6;
export const retryDelay = (attempts: number) => Math.min(300, 5 * 2 ** (attempts - 1));

export async function handleQueueBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const msg of batch.messages) {
    const parsed = QueueMessageSchema.safeParse(msg.body);
    if (!parsed.success) {
      console.log(JSON.stringify({ msg: "queue: dropping malformed message", id: msg.id }));
      msg.ack();
      continue;
    }
    const m = parsed.data;
    try {
      if (m.type === "render") {
        const outcome = await dispatchRender(env, m.job_id);
        if (outcome !== "retry") msg.ack();
        else if (msg.attempts >= RENDER_DISPATCH_ATTEMPTS) {
          await failUndispatchable(env, m.job_id);
          msg.ack();
        } else msg.retry({ delaySeconds: retryDelay(msg.attempts) });
      } else if (m.type === "render_hd") {
        // HD fan-out: a clip that never gets its HD task stays at preview quality
        const outcome = await dispatchHd(env, m.job_id, m.clip_index);
        if (outcome !== "retry") msg.ack();
        else if (msg.attempts >= RENDER_DISPATCH_ATTEMPTS) {
          giveUpHd(m.job_id, m.clip_index);
          msg.ack();
        } else msg.retry({ delaySeconds: retryDelay(msg.attempts) });
      } else if (m.type === "rerender") {
        const outcome = await dispatchRerender(env, m.rerender_id);
        if (outcome !== "retry") msg.ack();
        else if (msg.attempts >= RENDER_DISPATCH_ATTEMPTS) {
          await failRerender(env, m.rerender_id, "The render backend could not be reached. Please retry.");
          msg.ack();
        } else msg.retry({ delaySeconds: retryDelay(msg.attempts) });
      } else {
        // Webhook retries re-enqueue a new message with their own schedule (src/webhooks/delivery.ts).
        await handleWebhookMessage(env, m);
        msg.ack();
      }
    } catch (e) {
      console.log(JSON.stringify({ msg: "queue: handler error", id: msg.id, type: m.type, error: String(e) }));
      msg.retry({ delaySeconds: retryDelay(msg.attempts) });
    }
  }
}
