// Which job states count as running (docs/api-decisions.md "States"). A running job can still make
// progress, be cancelled, fail, or be stopped by the watchdog; any other state is final (`reserved`,
// an upload not yet completed, has not started).
import type { JobStatus } from "@katto/protocol/api";

export const RUNNING_STATUSES = ["queued", "processing", "scoring"] as const satisfies readonly JobStatus[];
export type RunningStatus = (typeof RUNNING_STATUSES)[number];

/** States in which the backend may still store files for a job: HD files land after `completed`. */
export const ACCEPTS_FILES: readonly JobStatus[] = [...RUNNING_STATUSES, "completed"];
