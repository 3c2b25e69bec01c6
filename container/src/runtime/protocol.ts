// The backend's side of the Worker ⇄ backend contract. Every wire shape is defined once in
// @katto/protocol (protocol/), which the Worker imports too; this module only parses request
// bodies with those schemas, answering a bad one with the first offending field.
import { HdClipTaskSchema, ManualClipTaskSchema, parseWith, type ManualClipTask, RenderJobSchema, RenditionTaskSchema, RerenderTaskSchema, type HdClipTask, type Parsed, type RenderJob, type RenditionTask, type RerenderTask } from "@katto/protocol";

export {
  FILE_NAME_RE,
  type ClipReport,
  type HdClipTask,
  type HdMode,
  type ProgressStep,
  type RenderEvent,
  type RenderJob,
  type RenderJobConfig,
  type RenditionTask,
  type RerenderEvent,
} from "@katto/protocol";

/** A re-render task as the backend receives it (the protocol's RerenderTask). */
export type RerenderJob = RerenderTask;

/** Validate a POST /v1/jobs body; the error names the first offending field. */
export const parseRenderJob = (body: unknown): Parsed<RenderJob> => parseWith(RenderJobSchema, body);

/** Validate a POST /v1/rerenders body; the error names the first offending field. */
export const parseRerenderJob = (body: unknown): Parsed<RerenderJob> => parseWith(RerenderTaskSchema, body);

/** Validate a POST /v1/clips/hd body; the error names the first offending field. */
export const parseHdClipTask = (body: unknown): Parsed<HdClipTask> => parseWith(HdClipTaskSchema, body);

/** Validate a POST /v1/clips/rendition body; the error names the first offending field. */
export const parseRenditionTask = (body: unknown): Parsed<RenditionTask> => parseWith(RenditionTaskSchema, body);

/** Validate a POST /v1/clips/manual body; the error names the first offending field. */
export const parseManualClipTask = (body: unknown): Parsed<ManualClipTask> => parseWith(ManualClipTaskSchema, body);
