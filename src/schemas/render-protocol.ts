// Wire shapes of docs/render-protocol.md on the Worker side (the backend mirrors them in
// container/src/protocol.ts). Internal: not part of the public OpenAPI document.
import { z } from "zod";

const Num = z.number().finite();

export const ClipReportSchema = z.object({
  clip_index: z.int().min(0).max(9),
  title: z.string().max(100),
  score: Num.min(0).max(100),
  subscores: z.object({ hook: Num, flow: Num, value: Num, trend: Num }),
  justification: z.string().max(2000),
  start: Num.min(0),
  end: Num.min(0),
  file: z.string(),
  captions_file: z.string(),
  hd: z.boolean(),
  metadata: z.record(z.string(), z.unknown()),
});

export const RenderEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("progress"), status: z.enum(["processing", "scoring"]), step: z.string().max(40), pct: Num.min(0).max(100) }),
  z.object({
    type: z.literal("transcript"),
    lang: z.string().max(16).nullable(),
    segments: z.array(z.object({ start: Num, end: Num, text: z.string() })),
    words: z.array(z.object({ start: Num, end: Num, word: z.string() })),
  }),
  z.object({ type: z.literal("clips"), clips: z.array(ClipReportSchema).min(1).max(10) }),
  z.object({ type: z.literal("clip_hd"), clip_index: z.int().min(0).max(9), file: z.string(), captions_file: z.string() }),
  z.object({ type: z.literal("failed"), error: z.string().max(500), stage: z.string().max(40), refund: z.boolean() }),
]);
export type RenderEvent = z.infer<typeof RenderEventSchema>;

/** Who renders the 1080p files: the job's backend after `clips` (local), or one task per clip (fanout). */
export const HdModeSchema = z.enum(["local", "fanout"]);
export type HdMode = z.infer<typeof HdModeSchema>;

export const RenderJobSchema = z.object({
  job_id: z.uuid(),
  source: z.object({ url: z.string(), kind: z.enum(["url", "upload"]) }),
  config: z.record(z.string(), z.unknown()),
  callback: z.object({ base_url: z.string(), token: z.string() }),
  limits: z.object({ max_duration_s: z.number(), max_bytes: z.number(), max_clips: z.int() }),
  hd: z.object({ mode: HdModeSchema }),
});
export type RenderJob = z.infer<typeof RenderJobSchema>;

/** POST /v1/clips/hd: the 1080p render of one clip in HD fan-out (source = the clip's mezzanine). */
export const HdClipTaskSchema = z.object({
  job_id: z.uuid(),
  clip_index: z.int().min(0).max(9),
  source: z.object({ url: z.string() }),
  clip: z.object({ start: Num.min(0), end: Num.min(0), metadata: z.record(z.string(), z.unknown()) }),
  brand_kit: z.record(z.string(), z.unknown()).nullable(),
  callback: z.object({ base_url: z.string(), token: z.string() }),
});
export type HdClipTask = z.infer<typeof HdClipTaskSchema>;
