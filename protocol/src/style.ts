// A clip's creator style (issue 26): how its captions group and mark words, whether it opens on a
// hook title, and the cuts, zooms, cutaways and caption language it gets. One object, the same
// field names at every door (job `config.style`, re-render `style`, brand kit `style`); a kit's
// style is the default and a job's or re-render's overrides it field by field (resolveStyle).
// Every field is optional: one left out keeps the clip as it was before styles existed.
//
// Also here: the `edits` a render records, what each option actually did to one clip, so a client
// can show it and a re-render can reproduce it.
import { z } from "zod";
import { StockCreditSchema } from "./broll.js";
import { BROLL_SOURCES, CUT_REASONS, DUB_LANGUAGES, EMPHASIS_MODES, WORDS_PER_CAPTION, ZOOM_MODES } from "./vocabularies.js";

const oneOf = (list: readonly string[]) => ({ error: `must be one of ${list.join(", ")}` });
const flag = z.boolean({ error: "must be true or false" });

const STYLE_SHAPE = {
  /** at most this many words on screen at once (burned-in captions and SRT cues) */
  words_per_caption: z
    .int({ error: `must be an integer from ${WORDS_PER_CAPTION.min} to ${WORDS_PER_CAPTION.max}` })
    .min(WORDS_PER_CAPTION.min, { error: `must be an integer from ${WORDS_PER_CAPTION.min} to ${WORDS_PER_CAPTION.max}` })
    .max(WORDS_PER_CAPTION.max, { error: `must be an integer from ${WORDS_PER_CAPTION.min} to ${WORDS_PER_CAPTION.max}` })
    .optional().meta({ description: "At most this many words on screen at once, 1 to 8; the SRT cues follow the same grouping." }),
  /** lines per caption */
  caption_lines: z.union([z.literal(1), z.literal(2)], { error: "must be 1 or 2" }).optional().meta({ description: "Lines per caption: 1 or 2." }),
  /** key words (named things, numbers, strong verbs and adjectives) in the kit's highlight colour, larger */
  emphasis: z.enum(EMPHASIS_MODES, oneOf(EMPHASIS_MODES)).optional().meta({ description: "keywords: key words (named things, numbers, strong verbs and adjectives) drawn larger in the brand kit's accent colour; none: plain captions." }),
  /** a colour emoji beside a caption's key word where one fits; at most one per caption, never two captions in a row */
  emoji: flag.optional().meta({ description: "true: a colour emoji above a caption's key word where one fits its meaning, at most one per caption and never on two captions in a row." }),
  /** the clip's headline as a title card over its first seconds (HOOK_TITLE_S), never over the face */
  hook_title: flag.optional().meta({ description: "true: the clip's title as a title card over its first 2.5 seconds, placed off the speaker's face." }),
  /** punch-in zooms on key words and speaker changes (edits.zooms) */
  zoom: z.enum(ZOOM_MODES, oneOf(ZOOM_MODES)).optional().meta({ description: "punch_in: smooth 1.15-1.25x punch-ins, eased in and out, on key words and where the tracked camera settles on another speaker, centred on the face and never cropping it, at most one every 4 seconds (none in split-screen and grid layouts); none: no zooms." }),
  /** jump cuts that shorten pauses (edits.cuts, reason silence) */
  remove_silences: flag.optional().meta({ description: "true: pauses longer than 0.6 s (audio 25 dB under the clip's speech, no word spoken) shortened to 0.25 s by jump cuts in their quietest middle; captions, SRT and word times follow the shorter clip." }),
  /** jump cuts that take out filler words (edits.cuts, reason filler) */
  remove_fillers: flag.optional().meta({ description: "true: filler words the transcript shows (um, uh, er, erm, hmm; \"you know\" and \"like\" only when set off by pauses or commas and carrying no meaning), and hesitations heard in the sound between words that it leaves out (a held or standalone um/uh, named \"voiced hesitation\"), cut out with the hesitation around them, leaving at most a 0.25 s pause. Engines that take a prompt are asked to write fillers down." }),
  broll: z.enum(BROLL_SOURCES, oneOf(BROLL_SOURCES)).optional().meta({ description: "library: short cutaways (1.5-3 s each, at most a third of the clip) to the account's own B-roll (/broll) over moments whose words match an asset's keywords; stock: the same from the stock-footage provider the operator enabled (refused when none is); none: no cutaways." }),
  /** burned-in captions and SRT in this language (the dub's translation engines) */
  caption_language: z.enum(DUB_LANGUAGES, oneOf(DUB_LANGUAGES)).optional().meta({
    description:
      "Burned-in captions and SRT translated into this language, sentence by sentence, with the dub's translation engines (offline: English to and from Spanish, French, Italian and Portuguese; Hindi, Japanese and Chinese need Workers AI on the render backend). When no engine translates the pair, a job fails before rendering any clip, refunded, its error naming what the operator must configure; a re-render fails the same way and the clip keeps its current version. Each translated sentence is spread over the time the original sentence is spoken. The spoken-language SRT stays available as captions_original_url. Same as the spoken language: nothing is translated.",
  }),
};

const FIELDS = Object.keys(STYLE_SHAPE).join(", ");

/**
 * The style as callers send it: unknown fields are refused, naming them and the fields there are,
 * like the rest of `config`.
 */
export const StyleSchema = z
  .strictObject(STYLE_SHAPE, {
    error: (iss) => (iss.code === "unrecognized_keys" ? `has unknown field${iss.keys.length > 1 ? "s" : ""} ${iss.keys.join(", ")} (a style takes ${FIELDS})` : "must be an object"),
  })
  .meta({
    description:
      "A clip's creator style, every field optional. On a job (config.style) it overrides the default brand kit's style field by field; on a re-render it overrides the style the clip was rendered with. Unknown fields are refused.",
  });
export type Style = z.output<typeof StyleSchema>;

/**
 * The style as the Worker hands it to the render backend, already resolved: unknown fields are
 * dropped rather than refused, so a newer Worker's additions reach an older backend harmlessly
 * during a rolling deploy (the API has refused them before this point).
 */
export const TaskStyleSchema = z.object(STYLE_SHAPE, { error: "must be an object" });

/** Field by field: what `override` sets wins, what it leaves out comes from the kit's style. */
export function resolveStyle(kitStyle: Style | null | undefined, override: Style | null | undefined): Style {
  const out: Record<string, unknown> = { ...(kitStyle ?? {}) };
  for (const [k, v] of Object.entries(override ?? {})) if (v !== undefined) out[k] = v;
  return out as Style;
}

const Num = z.number().finite();
const Word = z.string();

/**
 * What the styles did to one clip (issue 26 "Each clip ... records what was applied"): times in
 * seconds on the clip's own timeline, cuts in source seconds. Lists are empty, and `title_card`
 * null, for options that were off or found nothing to do.
 */
export const ClipEditsSchema = z.object({
  emphasis: z.array(z.object({ word: Word, start: Num, end: Num })),
  emoji: z.array(z.object({ word: Word, emoji: z.string(), start: Num, end: Num })),
  zooms: z.array(z.object({ start: Num, end: Num, scale: Num.positive() })),
  cuts: z.array(
    z.object({
      source_start: Num,
      source_end: Num,
      reason: z.enum(CUT_REASONS),
      word: z.string().optional().meta({ description: 'reason filler: the filler taken out, as the transcript wrote it ("um", "you know"), or "voiced hesitation" for one found in the sound that the transcript does not show' }),
    }),
  ),
  broll: z.array(
    z.object({
      asset: z.string(),
      start: Num,
      end: Num,
      credit: StockCreditSchema.optional().meta({ description: "Stock footage: its author and page (credit them where the clip is shown, as the provider's guidelines ask); absent for the account's own B-roll." }),
    }),
  ),
  title_card: z.object({ text: z.string(), start: Num, end: Num }).nullable(),
});
export type ClipEdits = z.output<typeof ClipEditsSchema>;

/** A clip no style option changed. */
export const noEdits = (): ClipEdits => ({ emphasis: [], emoji: [], zooms: [], cuts: [], broll: [], title_card: null });
