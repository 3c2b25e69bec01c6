// Publishing connections: which platforms this deployment can post to and the account connected on each.
import { z } from "zod";
import { CONNECTION_STATUSES, PLATFORM_IDS, PRIVACY_LEVELS } from "../vocabularies.js";
import { AspectSchema } from "../aspect.js";
import { orNull } from "./or-null.js";

export const PlatformSchema = z.enum(PLATFORM_IDS, { error: `platform must be one of ${PLATFORM_IDS.join(", ")}` }).meta({ example: "youtube" });
export const PrivacyLevelSchema = z.enum(PRIVACY_LEVELS, { error: `privacy must be one of ${PRIVACY_LEVELS.join(", ")}` });

export const ConnectionSchema = z.object({
  id: z.string(),
  platform: PlatformSchema,
  status: z.enum(CONNECTION_STATUSES).meta({ description: "needs_reauth: the platform no longer accepts the grant; connect again (status_reason says why)." }),
  status_reason: orNull(z.string(), "Why the connection needs reconnecting, as the platform said; null while connected."),
  handle: z.string().meta({ description: "The channel, page or @handle posts go to." }),
  scopes: z.array(z.string()),
  expires_at: z.iso.datetime().nullable().meta({ description: "When the access token expires (it is refreshed before that where the platform allows)." }),
  reconnect_by: z.iso.datetime().nullable().meta({ description: "When the grant itself ends and the account must be connected again (platforms without refresh tokens)." }),
  restriction: orNull(z.string(), "What the platform lets this app do, e.g. private-only posts until the operator's app is audited."),
  connected_at: z.iso.datetime(),
});

export const PlatformLimitsSchema = z.object({
  min_duration_s: z.number(),
  max_duration_s: z.number(),
  max_bytes: z.number().int(),
  caption_max_chars: z.number().int(),
  title_max_chars: z.number().int().nullable(),
  max_hashtags: z.number().int().nullable(),
});

export const PlatformAvailabilitySchema = z.object({
  platform: PlatformSchema,
  display_name: z.string(),
  available: z.boolean(),
  unavailable_reason: orNull(z.string(), "Why this deployment cannot publish there (for example, the operator has not configured the platform's app); null when available."),
  privacy_options: z.array(PrivacyLevelSchema),
  privacy_required: z.boolean().meta({ description: "The platform requires an explicit privacy choice on every post (none is preselected)." }),
  has_title: z.boolean(),
  aspects: z.array(AspectSchema).meta({
    description: "The clip shapes this platform takes (Facebook Reels only 9:16; YouTube files 9:16, 4:5 and 1:1 as Shorts and 16:9 as a regular video). Publishing a clip of another shape there is refused (400) before anything is uploaded; choose the shape when creating the job (config.aspect) or re-render the clip in one of these.",
    example: ["9:16"],
  }),
  shapes: z.string().meta({ description: "The same in words, with what each shape becomes there.", example: "only 9:16 (a Reel)" }),
  limits: PlatformLimitsSchema.nullable(),
  daily_posts: z.object({ limit: z.number().int(), used: z.number().int() }).nullable().meta({ description: "Posts today (UTC) through this connection against the platform's daily cap." }),
  connection: ConnectionSchema.nullable(),
});

export const ConnectionListSchema = z.object({ platforms: z.array(PlatformAvailabilitySchema) });

export const CreateConnectionBodySchema = z.object({
  platform: PlatformSchema,
  return_to: z
    .url({ error: "return_to must be a URL" })
    .optional()
    .meta({ description: "Where the browser goes after the platform's consent screen (defaults to the dashboard's connections page). Must be on this service's origin." }),
});

export const ConnectionStartedSchema = z.object({
  platform: PlatformSchema,
  authorization_url: z.url().meta({ description: "Open this in a browser signed in to the platform; it calls back to this service, which stores the grant." }),
  expires_at: z.iso.datetime().meta({ description: "The authorization request is valid until then (10 minutes)." }),
});

export const DisconnectedSchema = z.object({
  platform: PlatformSchema,
  disconnected: z.literal(true),
  revoked_at_platform: z.boolean().meta({ description: "false when the platform offers no revocation or refused it; the tokens are forgotten either way." }),
});
