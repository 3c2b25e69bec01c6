// Correcting a transcript and moving a clip's cuts (issue 22): PATCH /jobs/{id}/transcript and
// POST /jobs/{id}/clips/{index}/trim. The pure rules are ../transcript-edit.ts.
import { z } from "zod";
import { TRIM_MAX_S, TRIM_MIN_S } from "../transcript-edit.js";

const index = (name: string) =>
  z.int({ error: `${name} must be a whole number, 0 or more` }).min(0, { error: `${name} must be a whole number, 0 or more` });

export const WordEditSchema = z
  .strictObject({
    index: index("index").meta({ description: "The word's index in `words` of the revision being edited." }),
    text: z.string().max(200, { error: "text of a word edit must be at most 200 characters" }).meta({ description: 'The word\'s new text; "" deletes the word; several words share its time.' }),
  });
export const SegmentEditSchema = z
  .strictObject({
    segment: index("segment").meta({ description: "The segment's index in `segments` of the revision being edited." }),
    text: z
      .string()
      .max(5000, { error: "text of a segment edit must be at most 5000 characters" })
      .meta({ description: "The segment's new text: aligned word by word to the segment's words, which keep their times; new words share their neighbours' time." }),
  });

export const TranscriptEditBodySchema = z.strictObject({
  revision: z
    .int({ error: "revision must be the transcript's revision as GET /jobs/{id}/transcript shows it (a whole number)" })
    .min(0, { error: "revision must be 0 or more" })
    .meta({ description: "The revision these edits were made against; 409 when another edit landed first.", example: 0 }),
  edits: z
    .array(z.union([WordEditSchema, SegmentEditSchema], { error: 'each edit must be {"index", "text"} (a word) or {"segment", "text"} (a segment)' }), {
      error: "edits must be a list of edits",
    })
    .min(1, { error: "edits must list at least one edit" })
    .max(1000, { error: "edits must list at most 1000 edits; send the rest in another request" }),
});
export type TranscriptEditBody = z.infer<typeof TranscriptEditBodySchema>;

const seconds = (name: string) => z.number({ error: `${name} must be a number of seconds` }).min(0, { error: `${name} must be 0 or more seconds` });

export const TrimBodySchema = z
  .strictObject({
    start: seconds("start").optional().meta({ description: "New start in the source, seconds; snapped to the nearest pause between words." }),
    end: seconds("end").optional().meta({ description: "New end in the source, seconds; snapped to the nearest pause between words." }),
    start_word: index("start_word").optional().meta({ description: "Start just before this word (an index of the transcript's words), instead of start." }),
    end_word: index("end_word").optional().meta({ description: "End just after this word (an index of the transcript's words), instead of end." }),
  })
  .refine((b) => (b.start === undefined) !== (b.start_word === undefined), { error: "Send exactly one of start (seconds) or start_word (a word index)." })
  .refine((b) => (b.end === undefined) !== (b.end_word === undefined), { error: "Send exactly one of end (seconds) or end_word (a word index)." })
  .meta({ description: `The clip's new range; after snapping it must lie in the source and be ${TRIM_MIN_S} to ${TRIM_MAX_S} seconds long.` });
export type TrimBody = z.infer<typeof TrimBodySchema>;

export const TrimCreatedSchema = z.object({
  rerender_id: z.string(),
  status: z.literal("queued"),
  status_url: z.url(),
  start: z.number().meta({ description: "The new start in the source as snapped, seconds." }),
  end: z.number().meta({ description: "The new end in the source as snapped, seconds." }),
});
