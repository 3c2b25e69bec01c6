// Publications: one clip posted (or scheduled) to one connected platform account.
import { z } from "zod";
import { PUBLICATION_STATUSES } from "../vocabularies.js";
import { PlatformSchema, PrivacyLevelSchema } from "./connection.js";
import { orNull } from "./or-null.js";
import { VersionNameSchema } from "./version.js";
import { PublicationMetricsSchema } from "./metrics.js";

export const PublicationStatusSchema = z.enum(PUBLICATION_STATUSES, { error: `status must be one of ${PUBLICATION_STATUSES.join(", ")}` });

export const PublicationSchema = z.object({
  id: z.string(),
  job_id: z.uuid(),
  clip_index: z.number().int(),
  version: orNull(z.string(), 'The clip version posted: "original" or a re-render id, fixed when the post was requested (the one named, else the newest completed then). Null for posts requested before versions were named.'),
  platform: PlatformSchema,
  connection_id: z.string(),
  status: PublicationStatusSchema.meta({ description: "unconfirmed: the publishing call's outcome is unknown; check the account before publishing again (Katto never retries it)." }),
  caption: z.string(),
  title: orNull(z.string(), "The post's title on platforms that have one (YouTube); null elsewhere."),
  privacy: PrivacyLevelSchema,
  scheduled_at: z.iso.datetime().nullable(),
  post_id: orNull(z.string(), "The platform's id of the post, once live."),
  post_url: z.url().nullable().meta({ description: "The public URL of the post, once live." }),
  error: orNull(z.string(), "failed/unconfirmed: the platform's reason."),
  advice: orNull(z.string(), "failed/unconfirmed: what to do about it."),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  published_at: z.iso.datetime().nullable(),
  metrics: PublicationMetricsSchema.nullable().meta({ description: "The post's numbers read back from the platform 1 h, 24 h and 7 d after posting; null until published." }),
});

export const CreatePublicationBodySchema = z.object({
  platform: PlatformSchema.meta({ description: "The connected platform to post to." }),
  caption: z
    .string({ error: "caption must be a string" })
    .max(5000, { error: "caption must be at most 5000 characters" })
    .optional()
    .meta({ description: "The post text. Omitted: the clip's `description` and `hashtags` (PATCH /jobs/{id}/clips/{index} edits them), fitted to the platform's limits: as many hashtags as it allows and fit, the description cut at a word only when even none fit. Given (even empty): posted as it is, and refused with 400 when it breaks a limit." }),
  title: z
    .string()
    .min(1, { error: "title must not be empty" })
    .max(200, { error: "title must be at most 200 characters" })
    .optional()
    .meta({ description: "Platforms with a title (YouTube); others ignore it. Omitted: the clip's title, cut at a word to the platform's title limit." }),
  privacy: PrivacyLevelSchema.meta({ description: "One of the platform's privacy_options (GET /connections). Required where privacy_required is true; otherwise defaults to the first option." }).optional(),
  scheduled_at: z.iso
    .datetime({ offset: true, error: "scheduled_at must be an ISO 8601 date-time with offset" })
    .optional()
    .meta({ description: "Post at this time (within a minute); omitted or past: now." }),
  webhook_url: z
    .url({ error: "webhook_url must be a URL" })
    .optional()
    .meta({ description: "Receives publication.published / publication.failed, signed like the job callback. Defaults to the job's webhook_url." }),
  version: VersionNameSchema.optional().meta({ description: 'The clip version to post: "original" or a re-render id (its file, cover, shape and length are checked against the platform and posted). Omitted: the newest completed version. 404 for a version the clip does not have, 409 for one not completed.' }),
});

export type CreatePublicationBody = z.infer<typeof CreatePublicationBodySchema>;

export const PublicationListSchema = z.object({ publications: z.array(PublicationSchema), next_cursor: orNull(z.string(), "Pass as cursor to get the next page; null on the last page.") });
