// The one way the Worker hands work to the render backend: a task of @katto/protocol (a render
// job, a re-render, one clip's HD render, or a clip's rendition for a platform), checked against the protocol's schema, POSTed to the
// backend instance that runs it. What the backend receives is exactly the checked value.
import {
  HdClipTaskSchema,
  hdInstanceId,
  ManualClipTaskSchema,
  type ManualClipTaskInput,
  parseWith,
  RenderJobSchema,
  RenditionTaskSchema,
  renditionInstanceId,
  RerenderTaskSchema,
  TASK_PATHS,
  type HdClipTaskInput,
  type RenderJobInput,
  type RenditionTaskInput,
  type RerenderTaskInput,
  type TaskKind,
} from "@katto/protocol";
import type { Env } from "../env";
import { renderBackend } from "./client";

export type BackendTask =
  | { kind: "render"; body: RenderJobInput }
  | { kind: "rerender"; body: RerenderTaskInput }
  | { kind: "hd"; body: HdClipTaskInput }
  | { kind: "rendition"; body: RenditionTaskInput }
  | { kind: "manual"; body: ManualClipTaskInput };

const SCHEMAS = { render: RenderJobSchema, rerender: RerenderTaskSchema, hd: HdClipTaskSchema, rendition: RenditionTaskSchema, manual: ManualClipTaskSchema } as const satisfies Record<TaskKind, unknown>;

/** Thrown while building a task from what is stored when no valid task can be made of it. */
export class InvalidTaskError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidTaskError";
  }
}

/** The backend instance that runs a task: the job's, the re-render's, or its own per HD clip and per rendition. */
export function instanceOf(task: BackendTask): string {
  switch (task.kind) {
    case "render":
      return task.body.job_id;
    case "rerender":
      return task.body.rerender_id;
    case "hd":
      return hdInstanceId(task.body.job_id, task.body.clip_index);
    case "rendition":
      return renditionInstanceId(task.body.job_id, task.body.clip_index, task.body.size);
    case "manual":
      return `${task.body.job_id}:manual:${task.body.clip_index}`;
  }
}

/**
 * "dispatched" once the backend accepted the task (202; a duplicate of a task in flight is
 * accepted again); "retry" when it refused or could not be reached; `refused` when the protocol
 * refuses the task, so sending it again would not help.
 */
export type SendResult = "dispatched" | "retry" | { refused: string };

export async function sendTask(env: Env, task: BackendTask): Promise<SendResult> {
  const checked = parseWith(SCHEMAS[task.kind], task.body);
  if (!checked.ok) return { refused: `the ${task.kind} task is not valid: ${checked.error}.` };
  const instance = instanceOf(task);
  const log = (msg: string, more: Record<string, unknown>) => console.log(JSON.stringify({ msg, kind: task.kind, instance, ...more }));
  try {
    const res = await renderBackend(env, instance).fetch(TASK_PATHS[task.kind], {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(checked.value),
    });
    if (res.status === 202 || res.ok) return "dispatched";
    log("render backend refused the task", { status: res.status });
    return "retry";
  } catch (e) {
    log("render backend unreachable", { error: String(e) });
    return "retry";
  }
}
