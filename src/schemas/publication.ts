import { z } from "@hono/zod-openapi";
import { PlatformSchema, PrivacyLevelSchema } from "./connection";

export const publicationStatuses = ["scheduled", "queued", "uploading", "processing", "published", "unconfirmed", "failed", "cancelled"] as const;
export const PublicationStatusSchema = z.enum(publicationStatuses, { error: `status must be one of ${publicationStatuses.join(", ")}` }).openapi("PublicationStatus");

export const PublicationSchema = z
  .object({
    id: z.string(),
    job_id: z.uuid(),
    clip_index: z.number().int(),
    platform: PlatformSchema,
    connection_id: z.string(),
    status: PublicationStatusSchema.openapi({ description: "unconfirmed: the publishing call's outcome is unknown; check the account before publishing again (Katto never retries it)." }),
    caption: z.string(),
    title: z.string().nullable(),
    privacy: PrivacyLevelSchema,
    scheduled_at: z.iso.datetime().nullable(),
    post_id: z.string().nullable().openapi({ description: "The platform's id of the post, once live." }),
    post_url: z.url().nullable().openapi({ description: "The public URL of the post, once live." }),
    error: z.string().nullable().openapi({ description: "failed/unconfirmed: the platform's reason." }),
    advice: z.string().nullable().openapi({ description: "failed/unconfirmed: what to do about it." }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    published_at: z.iso.datetime().nullable(),
  })
  .openapi("Publication");

export const CreatePublicationBodySchema = z
  .object({
    platform: PlatformSchema.openapi({ description: "The connected platform to post to." }),
    caption: z.string({ error: "caption is required (it may be empty)" }).max(5000, { error: "caption must be at most 5000 characters" }),
    title: z.string().min(1, { error: "title must not be empty" }).max(200, { error: "title must be at most 200 characters" }).optional().openapi({ description: "Platforms with a title (YouTube); others ignore it." }),
    privacy: PrivacyLevelSchema.optional().openapi({ description: "One of the platform's privacy_options (GET /connections). Required where privacy_required is true; otherwise defaults to the first option." }),
    scheduled_at: z.iso.datetime({ offset: true, error: "scheduled_at must be an ISO 8601 date-time with offset" }).optional().openapi({ description: "Post at this time (within a minute); omitted or past: now." }),
    webhook_url: z.url({ error: "webhook_url must be a URL" }).optional().openapi({ description: "Receives publication.published / publication.failed, signed like the job callback. Defaults to the job's webhook_url." }),
  })
  .openapi("CreatePublicationBody");

export const PublicationListSchema = z.object({ publications: z.array(PublicationSchema), next_cursor: z.string().nullable() }).openapi("PublicationList");

export const ListPublicationsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be an integer from 1 to 100" })
    .int({ error: "limit must be an integer from 1 to 100" })
    .min(1, { error: "limit must be an integer from 1 to 100" })
    .max(100, { error: "limit must be an integer from 1 to 100" })
    .default(20)
    .openapi({ param: { name: "limit", in: "query" }, example: 20 }),
  cursor: z.string().optional().openapi({ param: { name: "cursor", in: "query" }, description: "The next_cursor of a previous response." }),
  status: PublicationStatusSchema.optional().openapi({ param: { name: "status", in: "query" } }),
  job_id: z.uuid({ error: "job_id must be a UUID" }).optional().openapi({ param: { name: "job_id", in: "query" } }),
});

export const PublicationIdParams = z.object({ id: z.string().regex(/^pub_[A-Za-z0-9_-]{10,64}$/, { error: "must be a publication id (pub_...)" }).openapi({ param: { name: "id", in: "path" }, example: "pub_2b3f0c9d7e11a5" }) });
export const ClipPathParams = z.object({
  id: z.uuid({ error: "must be a UUID" }).openapi({ param: { name: "id", in: "path" } }),
  clip_index: z.coerce.number({ error: "clip_index must be an integer" }).int({ error: "clip_index must be an integer" }).min(0, { error: "clip_index must be 0 or more" }).openapi({ param: { name: "clip_index", in: "path" } }),
});
