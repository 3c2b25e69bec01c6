// Worker → backend `POST /v1/jobs`: one job to analyse and render (docs/render-protocol.md).
import { z } from "zod";
import { BrandKitSchema, type BrandKit } from "./brand-kit.js";
import { CallbackSchema, SourceSchema, TaskIdSchema } from "./common.js";
import { TaskBrollSchema } from "./broll.js";
import { AspectSchema } from "./aspect.js";
import { TaskStyleSchema } from "./style.js";
import { CLIP_LENGTHS, CONFIG_LIMITS, HD_MODES, MAX_CLIPS } from "./vocabularies.js";

const text = (max: number) => z.string({ error: `must be a string of at most ${max} characters` }).max(max, { error: `must be a string of at most ${max} characters` });
const positive = z.number({ error: "must be a positive number" }).finite({ error: "must be a positive number" }).positive({ error: "must be a positive number" });

/**
 * The job's settings as the caller sent them (the API's `config`) plus the account's default
 * brand kit. Unknown fields are dropped, so a newer Worker's additions reach an older backend
 * harmlessly during a rolling deploy.
 */
export const RenderJobConfigSchema = z
  .object(
    {
      genre: text(CONFIG_LIMITS.genre).optional(),
      clipLength: z.enum(CLIP_LENGTHS, { error: `is not one of ${CLIP_LENGTHS.join(", ")}` }).optional(),
      customPrompt: text(CONFIG_LIMITS.customPrompt).optional(),
      topics: text(CONFIG_LIMITS.topics).optional(),
      /** the account's brand kit: caption font, colours and position, default layout, watermark */
      brandKit: BrandKitSchema.nullish(),
      /** the clip style, resolved by the Worker (the kit's style, then the job's field by field) */
      style: TaskStyleSchema.optional(),
      /**
       * the clips' shape, resolved once by the Worker when the job was created (its config's, else
       * the account's brand kit's, else 9:16) and stored with the job: required, so nothing in the
       * backend decides it again (STYLE.md "Decide a parameter once")
       */
      aspect: AspectSchema,
      /** the selection returns at least this many clips when the source holds them (cut-off relaxed) */
      min_clips: z.int({ error: "must be an integer from 0 to 10" }).min(0).max(MAX_CLIPS).optional(),
    },
    { error: "must be an object" },
  )
  // a kit sent as null is the same as none: the key is left out
  .transform(({ brandKit, ...rest }): typeof rest & { brandKit?: BrandKit } => (brandKit ? { ...rest, brandKit } : rest));
export type RenderJobConfig = z.output<typeof RenderJobConfigSchema>;

export const HdModeSchema = z.enum(HD_MODES, { error: 'must be "local" or "fanout"' });

export const RenderJobSchema = z.object(
  {
    job_id: TaskIdSchema,
    source: SourceSchema,
    config: RenderJobConfigSchema,
    callback: CallbackSchema,
    limits: z.object(
      {
        /** sources up to 90 minutes (spec "Limits") */
        max_duration_s: positive,
        /** the plan's upload cap */
        max_bytes: positive,
        max_clips: positive.transform((n) => Math.min(MAX_CLIPS, Math.floor(n))),
      },
      { error: "must be an object with max_duration_s, max_bytes and max_clips" },
    ),
    /** who renders the 1080p files; absent = "local", what a Worker from before HD fan-out sends */
    hd: z.object({ mode: HdModeSchema }, { error: "must be an object" }).default({ mode: "local" }),
    /** B-roll to cut away to, when the style asks for it (style `broll`: library or stock) */
    broll: TaskBrollSchema.optional(),
  },
  { error: "must be a JSON object" },
);
export type RenderJob = z.output<typeof RenderJobSchema>;
/** What the Worker builds (before defaults and normalisation). */
export type RenderJobInput = z.input<typeof RenderJobSchema>;
