// RENDER_QUEUE consumer: each message is parsed, handed to the handler of its type (the table
// below), and acked explicitly. Work the render backend could not take is retried with
// exponential delay; after the last attempt, or at once when its task is invalid, the handler
// gives up: the job fails refunded (render), the clip stays at preview quality (render_hd), the
// re-render fails (rerender), the publication waiting for a rendition fails after its wait
// (render_rendition). Queue settings: wrangler.toml (max_retries, dead_letter_queue).
import type { Env } from "../env";
import { backoffSeconds } from "../lib/backoff";
import { InvalidTaskError, sendTask, type BackendTask } from "../render-backend/send-task";
import { giveUpHd, hdClipTask } from "../services/render/hd";
import { failUnsentJob, renderJobTask } from "../services/render/job-task";
import { giveUpRendition, renditionTask } from "../services/render/renditions";
import { failUnsentRerender, rerenderTask } from "../services/rerenders/task";
import { failManualClip, manualClipTask } from "../services/clips/task";
import { handleWebhookMessage } from "../webhooks/delivery";
import { handleClipWebhookMessage } from "../webhooks/clip-ready";
import { QueueMessageSchema, type QueueMessage } from "../render-queue/messages";

export const RENDER_DISPATCH_ATTEMPTS = 6;
/** 5 s after the first attempt, doubling, at most 5 minutes. */
export const retryDelay = (attempts: number) => backoffSeconds(attempts - 1, { firstS: 5, maxS: 300 });

type MessageOf<T extends QueueMessage["type"]> = Extract<QueueMessage, { type: T }>;

/** "retry": the render backend could not take the work; `refused`: its task is invalid, retrying would not help. */
type Outcome = "done" | "retry" | { refused: string };

interface Handler<M> {
  run(env: Env, m: M): Promise<Outcome>;
  /** The work cannot be done: the last attempt asked for a retry (`refusal` undefined), or the task was refused. */
  giveUp?(env: Env, m: M, refusal?: string): Promise<void>;
}

/** A message whose work is one task for the render backend; no task (null) means nothing left to do. */
function backendWork<M>(build: (env: Env, m: M) => Promise<BackendTask | null>, giveUp: NonNullable<Handler<M>["giveUp"]>): Handler<M> {
  return {
    run: async (env, m) => {
      let task: BackendTask | null;
      try {
        task = await build(env, m);
      } catch (e) {
        if (e instanceof InvalidTaskError) return { refused: e.message };
        throw e;
      }
      if (!task) return "done";
      const sent = await sendTask(env, task);
      return sent === "dispatched" ? "done" : sent;
    },
    giveUp,
  };
}

const handlers: { [T in QueueMessage["type"]]: Handler<MessageOf<T>> } = {
  render: backendWork((env, m) => renderJobTask(env, m.job_id), (env, m, refusal) => failUnsentJob(env, m.job_id, refusal)),
  render_hd: backendWork((env, m) => hdClipTask(env, m.job_id, m.clip_index), async (_env, m, refusal) => giveUpHd(m.job_id, m.clip_index, refusal)),
  render_rendition: backendWork((env, m) => renditionTask(env, m), async (_env, m, refusal) => giveUpRendition(m, refusal)),
  rerender: backendWork((env, m) => rerenderTask(env, m.rerender_id), (env, m, refusal) => failUnsentRerender(env, m.rerender_id, refusal)),
  manual_clip: backendWork(
    (env, m) => manualClipTask(env, m.job_id, m.clip_index),
    (env, m, refusal) => failManualClip(env, m.job_id, m.clip_index, refusal ? `The clip could not be started: ${refusal}` : "The render backend could not be reached. Please retry."),
  ),
  // Webhook retries re-enqueue a new message with their own schedule (src/webhooks/delivery.ts).
  webhook: {
    run: async (env, m) => {
      await handleWebhookMessage(env, m);
      return "done";
    },
  },
  clip_webhook: {
    run: async (env, m) => {
      await handleClipWebhookMessage(env, m);
      return "done";
    },
  },
};

export async function handleQueueBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const msg of batch.messages) {
    const parsed = QueueMessageSchema.safeParse(msg.body);
    if (!parsed.success) {
      console.log(JSON.stringify({ msg: "queue: dropping malformed message", id: msg.id }));
      msg.ack();
      continue;
    }
    await handleMessage(env, msg, parsed.data);
  }
}

async function handleMessage<M extends QueueMessage>(env: Env, msg: Message<unknown>, m: M): Promise<void> {
  const handler = handlers[m.type] as Handler<M>;
  try {
    const outcome = await handler.run(env, m);
    if (outcome === "retry" && msg.attempts < RENDER_DISPATCH_ATTEMPTS) return msg.retry({ delaySeconds: retryDelay(msg.attempts) });
    if (outcome !== "done") {
      const refusal = outcome === "retry" ? undefined : outcome.refused;
      if (refusal) console.log(JSON.stringify({ msg: "queue: task refused", id: msg.id, type: m.type, error: refusal }));
      await handler.giveUp?.(env, m, refusal);
    }
    msg.ack();
  } catch (e) {
    console.log(JSON.stringify({ msg: "queue: handler error", id: msg.id, type: m.type, error: String(e) }));
    msg.retry({ delaySeconds: retryDelay(msg.attempts) });
  }
}
