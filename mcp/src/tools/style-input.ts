// The creator style as the tools take it: the API's own StyleSchema (@katto/protocol), whose fields
// carry their descriptions, with a summary an agent can choose by.
import { StyleSchema } from "@katto/protocol";

export const styleInput = StyleSchema.optional().describe(
  "Optional creator style of the clips: words_per_caption (1-8), caption_lines (1 or 2), emphasis 'keywords' (key words larger in the brand colour), emoji true (a colour emoji beside a key word), hook_title true (the title over the first 2.5 s), zoom 'punch_in' (smooth 1.15-1.25x punch-ins on key words and speaker changes, at most one every 4 s, never cropping the face), remove_silences true (pauses over 0.6 s shortened to 0.25 s; the clip gets shorter), remove_fillers true (um, uh, er and idle 'you know'/'like' cut out), broll 'library' (1.5-3 s cutaways to the account's own B-roll assets whose keywords the words match, at most a third of the clip) or 'stock' (the same from stock footage, when the operator enabled a provider), caption_language (en, es, fr, it, pt, hi, ja, zh: burned-in captions and SRT translated into it, the spoken-language SRT kept as captions_original_url; offline the render backend translates English to and from es, fr, it, pt, and fails the clip saying so for other pairs). Every field optional; the brand kit's style fills what is left out.",
);
