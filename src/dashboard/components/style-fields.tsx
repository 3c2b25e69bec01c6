// The creator style's controls (issue 26) on the job form, each clip's re-render panel and the
// brand-kit editor, with a live preview of the captions they ask for, and the form's values as a
// Style, checked with the API's StyleSchema. The preview lays a sample sentence out with @katto/protocol previewCaptionPages, the
// renderer's grouping, key-word and emoji rules (the page's script runs the same function live).
import { BROLL_SOURCES, CAPTION_SAMPLE, DEFAULT_ASPECT, DUB_LANGUAGES, EMPHASIS_MODES, previewCaptionPages, previewLayout, StyleSchema, WORDS_PER_CAPTION, ZOOM_MODES, type Aspect, type Style } from "@katto/protocol";
import { bodyFromForm, formFieldsOf, SchemaField } from "./schema-field";

const LANGUAGE_NAMES: Record<(typeof DUB_LANGUAGES)[number], string> = { en: "English", es: "Spanish", fr: "French", it: "Italian", pt: "Portuguese", hi: "Hindi", ja: "Japanese", zh: "Chinese" };

/**
 * The sample sentence as captions in `style` on a clip of shape `aspect`: one box per caption,
 * lines broken by that frame's width (a 16:9 line holds about twice a 9:16 one's words), key words
 * in the highlight colour and larger, an emoji over the word it goes with. Rendered by the server
 * for the style and shape shown, and again by the page's script as the fields (the form's shape
 * among them) change.
 */
export const CaptionPreview = ({ style, aspect = DEFAULT_ASPECT, accent = "#FFD400", color = "#FFFFFF" }: { style: Style; aspect?: Aspect; accent?: string; color?: string }) => (
  <div class="cap-preview" role="img" aria-label="Caption preview: a sample sentence as the clip's captions" data-style-preview data-aspect={aspect} data-accent-color={accent} data-caption-color={color}>
    {previewCaptionPages(CAPTION_SAMPLE, style, previewLayout(aspect)).map((page) => (
      <div class="cap-page" data-cap-page data-color={color}>
        {page.lines.map((line) => (
          <div class="cap-line">
            {line.map((w) => (
              <span class={w.key ? "w key" : "w"} {...(w.key ? { "data-color": accent } : {})}>
                {w.emoji && <span class="emoji" data-emoji>{w.emoji}</span>}
                {w.text}
              </span>
            ))}
          </div>
        ))}
      </div>
    ))}
  </div>
);

const BROLL_TEXT: Record<(typeof BROLL_SOURCES)[number], string> = { none: "None", library: "From my B-roll library", stock: "Stock footage" };

/** The style fields with a control written below; any other field of the API's Style gets one from its kind (SchemaField). */
const WRITTEN = new Set(["words_per_caption", "caption_lines", "emphasis", "zoom", "emoji", "hook_title", "remove_silences", "remove_fillers", "caption_language", "broll"]);

const WORDS = Array.from({ length: WORDS_PER_CAPTION.max - WORDS_PER_CAPTION.min + 1 }, (_, i) => WORDS_PER_CAPTION.min + i);

/**
 * The style controls; `id` keeps the labels of several panels on one page apart, `keep` offers
 * "Keep" (a re-render keeps the clip's own value), `value` is the style shown (a brand kit's),
 * `aspect` the shape its preview is drawn for until the form's own shape field says otherwise (the
 * kit's, the clip's).
 */
export const StyleFields = ({ id, keep, value = {}, aspect, accent, color }: { id: string; keep?: boolean; value?: Style; aspect?: Aspect; accent?: string; color?: string }) => (
  <fieldset data-style-fields>
    <legend>Creator style</legend>
    <div class="row">
      <div>
        <label for={`${id}-words`}>Words per caption</label>
        <select id={`${id}-words`} name="style.words_per_caption">
          <option value="">{keep ? "Keep" : "Automatic"}</option>
          {WORDS.map((n) => <option value={String(n)} selected={value.words_per_caption === n}>{n}</option>)}
        </select>
      </div>
      <div>
        <label for={`${id}-lines`}>Lines</label>
        <select id={`${id}-lines`} name="style.caption_lines">
          <option value="">{keep ? "Keep" : "Automatic"}</option>
          <option value="1" selected={value.caption_lines === 1}>1</option>
          <option value="2" selected={value.caption_lines === 2}>2</option>
        </select>
      </div>
      <div>
        <label for={`${id}-emphasis`}>Key words</label>
        <select id={`${id}-emphasis`} name="style.emphasis">
          <option value="">{keep ? "Keep" : "Plain"}</option>
          {EMPHASIS_MODES.map((m) => <option value={m} selected={value.emphasis === m}>{m === "keywords" ? "Highlight key words" : "Plain"}</option>)}
        </select>
      </div>
      <div>
        <label for={`${id}-zoom`}>Zooms</label>
        <select id={`${id}-zoom`} name="style.zoom">
          <option value="">{keep ? "Keep" : "None"}</option>
          {ZOOM_MODES.map((m) => <option value={m} selected={value.zoom === m}>{m === "punch_in" ? "Punch in on key words" : "None"}</option>)}
        </select>
      </div>
    </div>
    <label for={`${id}-broll`}>B-roll cutaways</label>
    <select id={`${id}-broll`} name="style.broll">
      <option value="">{keep ? "Keep" : "None"}</option>
      {BROLL_SOURCES.map((m) => <option value={m} selected={value.broll === m}>{BROLL_TEXT[m]}</option>)}
    </select>
    <label class="check"><input type="checkbox" name="style.emoji" value="true" checked={value.emoji === true} /> Emoji beside key words</label>
    <label class="check"><input type="checkbox" name="style.hook_title" value="true" checked={value.hook_title === true} /> Hook title over the first seconds</label>
    <label class="check"><input type="checkbox" name="style.remove_silences" value="true" checked={value.remove_silences === true} /> Shorten pauses over 0.6 s</label>
    <label class="check"><input type="checkbox" name="style.remove_fillers" value="true" checked={value.remove_fillers === true} /> Cut filler words (um, uh)</label>
    <label for={`${id}-language`}>Caption language</label>
    <select id={`${id}-language`} name="style.caption_language">
      <option value="">{keep ? "Keep" : "As spoken"}</option>
      {DUB_LANGUAGES.map((l) => <option value={l} selected={value.caption_language === l}>{LANGUAGE_NAMES[l]} ({l})</option>)}
    </select>
    <p class="muted small">Translated captions and SRT; the SRT in the spoken language stays available beside it. The preview shows the sample in English.</p>
    {formFieldsOf(StyleSchema)
      .filter((f) => !WRITTEN.has(f.name))
      .map((f) => <SchemaField field={{ ...f, name: `style.${f.name}`, path: ["style", ...f.path] }} id={`${id}-${f.name}`} keep={keep} />)}
    <CaptionPreview style={value} aspect={aspect} accent={accent} color={color} />
  </fieldset>
);

/** The style fields as the form sent them (named style.<field>), unchecked ({} when none is set). */
export function rawStyleFrom(get: (k: string) => string): Record<string, unknown> {
  return bodyFromForm(StyleSchema, (k) => get(`style.${k}`));
}

/** The style the form asks for (undefined when none), or the API's message for what is wrong. */
export function styleFrom(get: (k: string) => string): { style?: Style; error?: string } {
  const raw = rawStyleFrom(get);
  if (Object.keys(raw).length === 0) return {};
  const r = StyleSchema.safeParse(raw);
  return r.success ? { style: r.data } : { error: r.error.issues.map((i) => `style.${i.path.map(String).join(".")}: ${i.message}`).join("; ") };
}
