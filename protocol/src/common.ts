// Field schemas every task and event reuses, each with the sentence a caller reads when it is wrong.
import { z } from "zod";
import { TASK_ID_RE } from "./files.js";
import { MAX_CLIPS, RENDITION_SIZES } from "./vocabularies.js";

export const Num = z.number().finite();

export const TaskIdSchema = z.string({ error: "must be an id of letters, digits, - and _" }).regex(TASK_ID_RE, { error: "must be an id of letters, digits, - and _" });

export const HttpUrlSchema = z
  .string({ error: "must be an http(s) URL" })
  .regex(/^https?:\/\//i, { error: "must be an http(s) URL" })
  .max(4096, { error: "must be an http(s) URL of at most 4096 characters" });

export const ClipIndexSchema = z
  .int({ error: `must be an integer from 0 to ${MAX_CLIPS - 1}` })
  .min(0, { error: `must be an integer from 0 to ${MAX_CLIPS - 1}` })
  .max(MAX_CLIPS - 1, { error: `must be an integer from 0 to ${MAX_CLIPS - 1}` });

/** Where the backend reports: `callback.base_url` + the paths of docs/render-protocol.md, bearer `token`. */
export const CallbackSchema = z.object(
  {
    base_url: HttpUrlSchema,
    token: z.string({ error: "is required" }).min(1, { error: "is required" }),
  },
  { error: "must be an object with base_url and token" },
);

export const SourceSchema = z.object(
  {
    /** for uploads, the Worker's signed source URL */
    url: HttpUrlSchema,
    kind: z.enum(["url", "upload"], { error: 'must be "url" or "upload"' }),
  },
  { error: "must be an object with url and kind" },
);

const sizeList = RENDITION_SIZES.map((s) => `${s.width}x${s.height}`).join(", ");

/** A rendition's frame: one of RENDITION_SIZES. */
export const RenditionSizeSchema = z
  .object({ width: z.int({ error: "must be an integer" }), height: z.int({ error: "must be an integer" }) }, { error: "must be an object with width and height" })
  .refine((s) => RENDITION_SIZES.some((r) => r.width === s.width && r.height === s.height), { error: `must be one of ${sizeList}` });
