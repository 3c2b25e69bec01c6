// The Worker ⇄ render backend contract lives in @katto/protocol (protocol/), imported by both
// sides. Internal: not part of the public OpenAPI document.
export {
  ClipReportSchema,
  HdClipTaskSchema,
  HdModeSchema,
  RenderEventSchema,
  RenderJobSchema,
  RerenderEventSchema,
  RerenderTaskSchema,
  type ClipReport,
  type HdClipTask,
  type HdClipTaskInput,
  type HdMode,
  type RenderEvent,
  type RenderJob,
  type RenderJobInput,
  type RerenderEvent,
  type RerenderTask,
  type RerenderTaskInput,
} from "@katto/protocol";
