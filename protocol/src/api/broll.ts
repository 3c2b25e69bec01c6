// The account's B-roll library (style `broll: library`; docs/api-decisions.md "B-roll library"):
// start an upload of an image or video with keywords, PUT the bytes, complete; list; delete.
import { z } from "zod";
import { BROLL_CONTENT_TYPE_LIST, BROLL_KINDS, BROLL_LIMITS } from "../broll.js";

const keyword = z
  .string({ error: `each keyword must be a string of 1 to ${BROLL_LIMITS.keywordChars} characters` })
  .trim()
  .min(1, { error: `each keyword must be a string of 1 to ${BROLL_LIMITS.keywordChars} characters` })
  .max(BROLL_LIMITS.keywordChars, { error: `each keyword must be a string of 1 to ${BROLL_LIMITS.keywordChars} characters` });

export const BrollKeywordsSchema = z
  .array(keyword, { error: `keywords must be a list of 1 to ${BROLL_LIMITS.keywords} words or short phrases` })
  .min(1, { error: "keywords must list at least one word or phrase: a cutaway starts where the clip's words match one" })
  .max(BROLL_LIMITS.keywords, { error: `keywords must list at most ${BROLL_LIMITS.keywords} words or phrases` })
  .meta({ description: "Words or short phrases (\"coffee\", \"city streets\") that call for this asset: a cutaway starts where a clip's words match one (plural and -ing forms match too).", example: ["coffee", "morning routine"] });

export const CreateBrollBodySchema = z.strictObject({
  filename: z.string({ error: "filename must be a string" }).min(1, { error: "filename must not be empty" }).max(200, { error: "filename must be at most 200 characters" }),
  content_type: z.enum(BROLL_CONTENT_TYPE_LIST as [string, ...string[]], { error: `content_type must be one of ${BROLL_CONTENT_TYPE_LIST.join(", ")}` }),
  size: z
    .int({ error: "size must be a whole number of bytes" })
    .positive({ error: "size must be positive" })
    .meta({ description: `Bytes. Images up to ${BROLL_LIMITS.imageBytes / 1024 ** 2} MB, videos up to ${BROLL_LIMITS.videoBytes / 1024 ** 2} MB; counted against no quota.` }),
  keywords: BrollKeywordsSchema,
});

export const BrollAssetViewSchema = z.object({
  id: z.uuid(),
  kind: z.enum(BROLL_KINDS).meta({ description: "image: shown with a slow pan; video: its first seconds, muted." }),
  status: z.enum(["pending", "ready"]).meta({ description: "pending until the complete step checked the uploaded file; only ready assets are cut to." }),
  filename: z.string(),
  content_type: z.string(),
  size: z.int(),
  keywords: z.array(z.string()),
  created_at: z.string().meta({ description: "ISO 8601" }),
});

export const BrollUploadSchema = z.object({
  asset: BrollAssetViewSchema,
  upload_url: z.url(),
  method: z.literal("PUT"),
  headers: z.object({ "Content-Type": z.string() }).catchall(z.string()),
  expires_in: z.int().meta({ example: 7200 }),
  complete_url: z.url(),
});

export const BrollListSchema = z.object({
  assets: z.array(BrollAssetViewSchema).meta({ description: `The account's ready assets, newest first (at most ${BROLL_LIMITS.assets}).` }),
});

export const BrollDeletedSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });
