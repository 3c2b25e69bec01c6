// The creator style as the tools take it: the API's own StyleSchema (@katto/protocol), whose fields
// carry their descriptions, with a summary an agent can choose by.
import { StyleSchema } from "@katto/protocol";

export const styleInput = StyleSchema.optional().describe(
  "Optional creator style of the clips: words_per_caption (1-8), caption_lines (1 or 2), emphasis 'keywords' (key words larger in the brand colour), emoji true (a colour emoji beside a key word), hook_title true (the title over the first 2.5 s), caption_language (en, es, fr, it, pt, hi, ja, zh: burned-in captions and SRT translated into it, the spoken-language SRT kept as captions_original_url; offline the render backend translates English to and from es, fr, it, pt, and fails the clip saying so for other pairs). Every field optional; the brand kit's style fills what is left out. zoom, remove_silences, remove_fillers and broll are not available yet and are refused when asked for.",
);
