// Publishing finished clips to connected platforms: list connections (read-only), publish (free,
// posts to a platform account), read a publication (read-only).
import { z } from "zod";
import { PLATFORM_IDS, PLATFORM_SHAPES_SUMMARY, PRIVACY_LEVELS } from "@katto/protocol";
import { ConnectionListSchema, type CreatePublicationBody, type EveryField, PublicationSchema, VersionNameSchema } from "@katto/protocol/api";
import { defineTool, unwrap } from "../tool";
import { jobId } from "./jobs.tool";

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const listConnections = defineTool({
  name: "service_list_connections",
  title: "List publishing connections",
  description:
    "List the seven publishing platforms (youtube, tiktok, instagram, facebook, linkedin, x, threads): whether this deployment can publish there (and why not), the connected account if any (status connected or needs_reauth), its privacy options, limits, the clip shapes it takes (aspects) and today's posts against the daily cap. Free and read-only. Connecting an account is done by a person in a browser (dashboard Connections, or POST /api/v1/connections).",
  input: {},
  output: ConnectionListSchema,
  annotations: readOnly,
  run: (_args, { api }) => unwrap(api.GET("/api/v1/connections")),
  summary: (r) =>
    r.platforms
      .map((p) => `${p.platform}: ${p.connection ? `${p.connection.status} as ${p.connection.handle}` : p.available ? "not connected" : "unavailable"}`)
      .join("; "),
});

export const publishClip = defineTool({
  name: "service_publish_clip",
  title: "Publish a clip to a platform",
  description:
    "Post a finished clip to a connected platform account, now or at scheduled_at. Free: uses no quota. It POSTS TO THE PERSON'S PUBLIC ACCOUNT: confirm platform, caption and privacy with them first. It can be cancelled only while scheduled or queued; once uploading it cannot be taken back from here. " +
    "The platform's limits are checked first (duration, size, caption, hashtags, privacy; see service_list_connections). " +
    `Each platform takes only some clip shapes, and a clip of another shape is refused: ${PLATFORM_SHAPES_SUMMARY}. ` +
    "Returns the publication at once; read it with service_get_publication until published (post_url) or failed (error and advice). " +
    "Never posts twice: status unconfirmed means the platform did not say whether it posted; ask the person to check the account. Pass idempotency_key to make a retry of this call safe.",
  input: {
    job_id: jobId,
    clip_index: z.int().min(0).describe("0-based clip_index of the clip within the job; see service_get_job."),
    platform: z.enum(PLATFORM_IDS).describe("The connected platform to post to: youtube, tiktok, instagram, facebook, linkedin, x or threads."),
    caption: z.string().max(5000).optional().describe("The post's text (description on YouTube), posted as given; hashtags count against the platform's limit. Omitted: the clip's description and hashtags (on each clip in service_get_job), fitted to the platform's limits."),
    title: z.string().min(1).max(200).optional().describe("Title, on platforms that have one (YouTube); others ignore it. Omitted: the clip's title."),
    privacy: z.enum(PRIVACY_LEVELS).optional().describe("Who can see it: one of the platform's privacy_options. Required on TikTok; defaults to the platform's first option elsewhere."),
    scheduled_at: z.string().optional().describe("ISO 8601 date-time with offset to post at (within a minute); omitted: now."),
    webhook_url: z.string().optional().describe("Optional public https URL that receives publication.published or publication.failed, signed like the job callback; omitted: the job's webhook_url."),
    version: VersionNameSchema.optional().describe('The clip version to post: "original" or a re-render id from the clip\'s versions (service_get_job). Omitted: the newest completed version. The publication says which it posted.'),
    idempotency_key: z.string().min(1).max(255).optional().describe("A fresh unique value per distinct publication, reused when retrying this call."),
    // every field of the API's publication body (one the API adds and this tool forgets is a type error)
  } satisfies EveryField<CreatePublicationBody, z.ZodType>,
  output: PublicationSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: ({ job_id, clip_index, idempotency_key, ...body }, { api }) =>
    unwrap(
      api.POST("/api/v1/jobs/{id}/clips/{clip_index}/publications", {
        params: { path: { id: job_id, clip_index }, header: idempotency_key ? { "Idempotency-Key": idempotency_key } : {} },
        body,
      }),
    ),
  summary: (p) => `Publication ${p.id} of version ${p.version ?? "(newest)"} to ${p.platform}: ${p.status}${p.scheduled_at ? ` for ${p.scheduled_at}` : ""}. Read it with service_get_publication.`,
});

export const getPublication = defineTool({
  name: "service_get_publication",
  title: "Get a publication",
  description: "Read a publication: status (scheduled, queued, uploading, processing, published, unconfirmed, failed, cancelled), the post's URL once published, or the platform's reason and what to do; once published, its metrics (views, likes, comments, shares read back 1 h, 24 h and 7 d after posting, or why the platform gives none). Free and read-only.",
  input: { publication_id: z.string().regex(/^pub_[A-Za-z0-9_-]{10,64}$/).describe("The publication's id (pub_...), as returned by service_publish_clip.") },
  output: PublicationSchema,
  annotations: readOnly,
  run: ({ publication_id }, { api }) => unwrap(api.GET("/api/v1/publications/{id}", { params: { path: { id: publication_id } } })),
  summary: (p) => `Publication ${p.id} to ${p.platform}: ${p.status}${p.post_url ? `, live at ${p.post_url}` : ""}${p.error ? `, ${p.error}${p.advice ? ` ${p.advice}` : ""}` : ""}.${metricsLine(p.metrics)}`,
});

/** The publication's numbers in one line: the latest reading, or why there is none. */
export function metricsLine(m: z.infer<typeof PublicationSchema>["metrics"]): string {
  if (!m) return "";
  const last = m.readings.at(-1);
  const n = (x: number | null, what: string) => (x === null ? "" : ` ${x} ${what}`);
  const reading = last ? ` Metrics at ${last.at}:${n(last.views, "views")}${n(last.likes, "likes")}${n(last.comments, "comments")}${n(last.shares, "shares")}.` : "";
  const next = m.next_reading ? ` Next reading (${m.next_reading.at}) at ${m.next_reading.due_at}.` : "";
  return `${reading}${m.status === "scheduled" || m.status === "complete" ? "" : ` Metrics ${m.status}: ${m.reason ?? ""}`}${next}`;
}
