import type { Env } from "../../env";
import type { QueueMessage } from "../../queues/messages";

/** Put a job on the render queue; the consumer hands it to the render backend. */
export async function enqueueRender(env: Env, jobId: string) {
  await env.RENDER_QUEUE.send({ type: "render", job_id: jobId } satisfies QueueMessage);
}
