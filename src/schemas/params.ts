// Query and path parameters of the public routes: HTTP-only (coerced from strings, documented as
// parameters), so they stay with the routes; the bodies and responses are @katto/protocol/api's.
// A parameter made of a named protocol schema is marked with zod's `.meta({ param })`, which keeps
// its component name (src/schemas/components.ts) whatever order the modules load in; `.openapi()`
// would copy its metadata at load time, before the name may be registered.
import { z } from "@hono/zod-openapi";
import { JOB_STATUSES } from "@katto/protocol";
import { PlatformSchema, PublicationStatusSchema } from "@katto/protocol/api";

const limitParam = z.coerce
  .number({ error: "limit must be an integer from 1 to 100" })
  .int({ error: "limit must be an integer from 1 to 100" })
  .min(1, { error: "limit must be an integer from 1 to 100" })
  .max(100, { error: "limit must be an integer from 1 to 100" })
  .default(20)
  .openapi({ param: { name: "limit", in: "query" }, example: 20 });

export const ListJobsQuerySchema = z.object({
  limit: limitParam,
  cursor: z
    .string()
    .optional()
    .openapi({ param: { name: "cursor", in: "query" }, description: "The next_cursor of a previous response (a date-time)." }),
  status: z
    .enum(JOB_STATUSES, { error: `status must be one of ${JOB_STATUSES.join(", ")}` })
    .optional()
    .openapi({ param: { name: "status", in: "query" } }),
});

export const ListPublicationsQuerySchema = z.object({
  limit: limitParam,
  cursor: z.string().optional().openapi({ param: { name: "cursor", in: "query" }, description: "The next_cursor of a previous response." }),
  status: PublicationStatusSchema.meta({ param: { name: "status", in: "query" } }).optional(),
  job_id: z.uuid({ error: "job_id must be a UUID" }).optional().openapi({ param: { name: "job_id", in: "query" } }),
});

export const PublicationIdParams = z.object({ id: z.string().regex(/^pub_[A-Za-z0-9_-]{10,64}$/, { error: "must be a publication id (pub_...)" }).openapi({ param: { name: "id", in: "path" }, example: "pub_2b3f0c9d7e11a5" }) });
export const ClipPathParams = z.object({
  id: z.uuid({ error: "must be a UUID" }).openapi({ param: { name: "id", in: "path" } }),
  clip_index: z.coerce.number({ error: "clip_index must be an integer" }).int({ error: "clip_index must be an integer" }).min(0, { error: "clip_index must be 0 or more" }).openapi({ param: { name: "clip_index", in: "path" } }),
});

export const PlatformParams = z.object({ platform: PlatformSchema.meta({ param: { name: "platform", in: "path" } }) });
