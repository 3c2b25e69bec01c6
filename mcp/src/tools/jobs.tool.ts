// Jobs: create (spends quota), read, list, clips, transcript, cancel (cannot be undone).
import { z } from "zod";
import { JOB_STATUSES, PLATFORM_SHAPES_SUMMARY } from "@katto/protocol";
import { CancelledSchema, ClipProjectionSchema, ConfigSchema, JobCreatedSchema, JobListSchema, JobSchema, TranscriptSchema } from "@katto/protocol/api";
import { defineTool, unwrap } from "../tool";
import { styleInput } from "./style-input";

export const jobId = z.uuid().describe("The job's id (a UUID), as returned by service_create_clip_job or service_list_jobs.");

/**
 * The job settings an agent may pass: the API's own Config schema, every field with its description
 * (issue 41: no hand-kept subset; test/docs/door-options.test.ts checks every door carries them all),
 * its style with the summary an agent chooses by (style-input.ts).
 */
export const configInput = ConfigSchema.safeExtend({ style: styleInput }).optional().describe(
  `Optional settings for choosing and cutting clips (clip length: see service_list_clip_lengths). Shapes the publishing platforms take, so choose aspect before rendering: ${PLATFORM_SHAPES_SUMMARY}.`,
);

export const createClipJob = defineTool({
  name: "service_create_clip_job",
  title: "Create a clip job",
  description:
    "Start a job that turns a long video at a public URL into ranked, captioned clips (9:16 unless config.aspect names 1:1, 4:5 or 16:9). SPENDS QUOTA: each new job uses one video of the account's monthly quota (see service_get_usage). " +
    "Supported URLs: see service_list_sources. Returns the job id at once; the job runs for minutes, so call service_wait_for_job next. " +
    "Pass idempotency_key to make a retry safe: a repeat with the same key returns the original job without spending quota again.",
  input: {
    url: z.string().describe("Public URL of the source video (a YouTube, Twitch, Kick, Vimeo, Zoom or Loom page; see service_list_sources). Up to 90 minutes."),
    webhook_url: z.string().optional().describe("Optional public https URL that receives one signed POST when the job completes."),
    config: configInput,
    idempotency_key: z.string().min(1).max(255).optional().describe("Optional unique string (e.g. a UUID) for this request; reusing it replays the original job instead of creating and charging a second one."),
  },
  output: JobCreatedSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: ({ url, webhook_url, config, idempotency_key }, { api }) =>
    unwrap(
      api.POST("/api/v1/jobs", {
        body: { url, webhook_url, config },
        params: { header: idempotency_key ? { "Idempotency-Key": idempotency_key } : {} },
      }),
    ),
  summary: (j) => `Job ${j.id} is ${j.status}${j.idempotent_replay ? " (replayed: no quota spent)" : ""}. Call service_wait_for_job with job_id ${j.id}.`,
});

export const getJob = defineTool({
  name: "service_get_job",
  title: "Get a job",
  description: "Read one job: status (queued, processing, scoring, completed, failed, cancelled), progress step and percentage, clips ranked by score (best first) with MP4 and SRT URLs, whether the final 1080p files are ready (hd_ready), warnings (a clip rendered with a simpler framing, left out because it could not be rendered, delivered with quality flags, or dropped for having no speech), each clip's measured quality (subject in frame, silences, loudness, caption sync, sentence edges, flags and fixes) and the job's quality summary. Free and read-only.",
  input: { job_id: jobId },
  output: JobSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: ({ job_id }, { api }) => unwrap(api.GET("/api/v1/jobs/{id}", { params: { path: { id: job_id } } })),
  summary: (j) => `Job ${j.id}: ${j.status}, ${j.progress.step} ${j.progress.pct}%, ${j.clips.length} clip(s)${j.hd_ready ? ", HD ready" : ""}${j.error ? `, error: ${j.error}` : ""}.${j.quality ? ` Quality: ${j.quality.clips_delivered} delivered, ${j.quality.clips_fixed} fixed, ${j.quality.clips_flagged} flagged, ${j.quality.clips_dropped} dropped.` : ""}${j.warnings.length ? ` Warnings: ${j.warnings.map((w) => w.message).join(" ")}` : ""}`,
});

export const listJobs = defineTool({
  name: "service_list_jobs",
  title: "List jobs",
  description: "List the account's jobs, newest first, with id, status and source. Page with cursor = next_cursor of the previous page. Free and read-only.",
  input: {
    limit: z.int().min(1).max(100).optional().describe("How many jobs to return, 1 to 100 (default 20)."),
    cursor: z.string().optional().describe("next_cursor from a previous call, to get the next page."),
    status: z.enum(JOB_STATUSES).optional().describe("Only jobs in this status."),
  },
  output: JobListSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: ({ limit, cursor, status }, { api }) => unwrap(api.GET("/api/v1/jobs", { params: { query: { limit, cursor, status } } })),
  summary: (l) => `${l.jobs.length} job(s)${l.next_cursor ? `; more with cursor ${l.next_cursor}` : ""}.`,
});

export const getClips = defineTool({
  name: "service_get_clips",
  title: "Get a job's clips",
  description: "The clips of a job, best score first: MP4 URL, SRT captions URL, title, virality score (0-100) and measured quality (flags such as long_silence or captions_drift, and fixes made before delivery). Each clip appears the moment it is ready, while the job is still processing (its preview, hd false; the ranking settles when the job completes). Free and read-only.",
  input: { job_id: jobId },
  output: ClipProjectionSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: ({ job_id }, { api }) => unwrap(api.GET("/api/v1/jobs/{id}/clips", { params: { path: { id: job_id } } })),
  summary: (c) => `Job ${c.job_id} (${c.status}): ${c.clips.length} clip(s)${c.clips[0] ? `; best: "${c.clips[0].title ?? "untitled"}" score ${c.clips[0].score ?? "n/a"}` : ""}.${c.clips.some((k) => k.quality && !k.quality.ok) ? ` Flagged: ${c.clips.flatMap((k, i) => (k.quality && !k.quality.ok ? [`#${i} ${k.quality.flags.map((f) => f.name).join(",")}`] : [])).join("; ")}.` : ""}`,
});

export const getTranscript = defineTool({
  name: "service_get_transcript",
  title: "Get a job's transcript",
  description: "The transcript of a job's source video: language and timed segments (start and end in seconds, text). Available once the job has transcribed. Free and read-only.",
  input: { job_id: jobId },
  output: TranscriptSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: ({ job_id }, { api }) => unwrap(api.GET("/api/v1/jobs/{id}/transcript", { params: { path: { id: job_id } } })),
  summary: (t) => `Transcript of job ${t.job_id}: ${t.segments.length} segment(s), language ${t.lang ?? "unknown"}.`,
});

export const cancelJob = defineTool({
  name: "service_cancel_job",
  title: "Cancel a job",
  description: "Stop a queued or running job. CANNOT BE UNDONE: the job ends as cancelled and cannot be resumed; start a new job to try again. The quota is refunded when the job is cancelled before it finished (refunded says so). A finished job cannot be cancelled (the API answers 409).",
  input: { job_id: jobId },
  output: CancelledSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: ({ job_id }, { api }) => unwrap(api.DELETE("/api/v1/jobs/{id}", { params: { path: { id: job_id } } })),
  summary: (c) => `Job ${c.id} cancelled${c.refunded ? "; its quota was refunded" : ""}.`,
});
