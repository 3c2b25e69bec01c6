// Body of the completion callback (spec "Events"). `timestamp` is the ISO date-time of the
// delivery attempt, equal to the X-Service-Timestamp header (seconds precision), so a receiver can
// read the signing time from the body too. It changes on every retry; dedupe on job_id.
import { z } from "@hono/zod-openapi";
import { ClipSchema, JobWarningSchema, type JobWarning } from "@katto/protocol/api";
import { DroppedClipSchema, JobQualitySchema, type DroppedClip, type JobQuality } from "@katto/protocol";

/** A clip as the callback carries it: as on GET /jobs/{id}, without its timeline (docs/api-decisions.md "The clip timeline"), which would make every delivery many times larger, and its versions (only the original, at completion). */
const WebhookClipSchema = ClipSchema.omit({ timeline: true, versions: true });
export type Clip = z.infer<typeof WebhookClipSchema>;

export const WebhookPayloadSchema = z
  .object({
    event: z.literal("job.completed"),
    job_id: z.uuid(),
    status: z.literal("completed"),
    hd_ready: z.boolean().openapi({ description: "True when every clip is the final 1080p render." }),
    clips: z.array(WebhookClipSchema).openapi({ description: "Ranked by score, highest first, as on GET /jobs/{id}; clip_index is the order the clips were delivered in (clip.ready)." }),
    warnings: z.array(JobWarningSchema).openapi({ description: "The job's warnings, as on GET /jobs/{id}: a clip rendered with a simpler framing, one left out, one delivered with quality flags (clip_flagged), one dropped for its quality (clip_dropped). Empty when there are none." }),
    quality: JobQualitySchema.nullable().openapi({ description: "The job's quality summary, as on GET /jobs/{id}." }),
    dropped: z.array(DroppedClipSchema).openapi({ description: "Clips dropped for their measured quality, as on GET /jobs/{id}." }),
    timestamp: z.iso.datetime().openapi({ description: "Time of this delivery attempt; equals X-Service-Timestamp." }),
  })
  .openapi("WebhookJobCompleted");
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;

/** Builds and validates the payload; `clips` in rank order (as GET /jobs/{id} lists them). */
export function buildCompletionPayload(
  job: { id: string; hd_ready: boolean; warnings?: JobWarning[]; quality?: JobQuality | null; dropped?: DroppedClip[] },
  clips: Clip[],
  at: Date = new Date(),
): WebhookPayload {
  return WebhookPayloadSchema.parse({
    event: "job.completed",
    job_id: job.id,
    status: "completed",
    hd_ready: job.hd_ready,
    clips,
    warnings: job.warnings ?? [],
    quality: job.quality ?? null,
    dropped: job.dropped ?? [],
    timestamp: at.toISOString(),
  });
}

/**
 * Body of the `clip.ready` callback (issue 43): one clip of a job still running, the moment its
 * preview is stored, so a receiver can show or use it before the job completes. Signed and sent
 * like job.completed (docs/webhooks.md "clip.ready").
 */
export const ClipReadyPayloadSchema = z
  .object({
    event: z.literal("clip.ready"),
    job_id: z.uuid(),
    clip: WebhookClipSchema.openapi({ description: "The clip as GET /jobs/{id} shows it now: its preview (hd false) until its 1080p file lands." }),
    timestamp: z.iso.datetime().openapi({ description: "Time of this delivery attempt; equals X-Service-Timestamp." }),
  })
  .openapi("WebhookClipReady");
export type ClipReadyPayload = z.infer<typeof ClipReadyPayloadSchema>;
