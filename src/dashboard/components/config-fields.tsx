/** @jsxImportSource hono/jsx */
// The job form's options (the API's Config, POST /jobs and POST /uploads/{id}/complete): a control
// for every field of ConfigSchema, written for the common ones and derived from the schema for the
// rest (SchemaField), and the form's values back as a Config checked with the same schema. Beside
// the shape, which shapes each publishing platform takes, so a creator chooses before rendering.
import { ASPECT_FRAMES, ASPECTS, CLIP_LENGTHS, clipLengthLabel, PLATFORM_IDS, platformShapesText } from "@katto/protocol";
import { type Config, ConfigSchema } from "@katto/protocol/api";
import { ValidationError } from "../../errors";
import { zodMessage } from "../session";
import { bodyFromForm, formFieldsOf, SchemaField } from "./schema-field";
import { StyleFields, styleFrom } from "./style-fields";

/** Config fields with a control written below (style is StyleFields); the others come from their kind. */
const WRITTEN = new Set(["clipLength", "aspect", "topics", "customPrompt"]);
/** Labels of the derived controls where the field's name reads poorly. */
const LABELS: Record<string, string> = { min_clips: "At least this many clips", max_clips: "At most this many clips", score_with: "Rank clips with (account: your fitted weights, see Insights)" };

/** The optional config fields of the job form, validated with the API's ConfigSchema; undefined when none is set. */
export function configFrom(get: (k: string) => string): Config | undefined {
  const raw = bodyFromForm(ConfigSchema, get);
  delete raw.style;
  const style = styleFrom(get);
  if (style.error) throw new ValidationError(style.error);
  if (style.style) raw.style = style.style;
  if (!Object.keys(raw).length) return undefined;
  const r = ConfigSchema.safeParse(raw);
  if (!r.success) throw new ValidationError(zodMessage(r.error));
  return r.data;
}

/** Which shapes each publishing platform takes (protocol PLATFORM_SHAPES). */
export const PlatformShapes = () => (
  <details data-platform-shapes>
    <summary>Which shapes each platform takes</summary>
    <ul class="muted small">
      {PLATFORM_IDS.map((p) => <li data-platform={p}><strong>{p}</strong>: {platformShapesText(p)}</li>)}
    </ul>
  </details>
);

export const ConfigFields = ({ id = "cfg" }: { id?: string }) => (
  <details>
    <summary>Options (clip length, shape, how many clips, prompt, topics, creator style)</summary>
    <div class="row">
      <div>
        <label for={`${id}-length`}>Clip length</label>
        <select id={`${id}-length`} name="clipLength">
          <option value="">Automatic</option>
          {CLIP_LENGTHS.map((l) => <option value={l}>{clipLengthLabel(l)}</option>)}
        </select>
      </div>
      <div>
        <label for={`${id}-aspect`}>Shape</label>
        <select id={`${id}-aspect`} name="aspect">
          <option value="">Brand kit's (9:16 without one)</option>
          {ASPECTS.map((a) => <option value={a}>{`${a} (${ASPECT_FRAMES[a].hd.width}x${ASPECT_FRAMES[a].hd.height})`}</option>)}
        </select>
      </div>
      <div>
        <label for={`${id}-topics`}>Topics</label>
        <input id={`${id}-topics`} name="topics" maxlength={500} placeholder="e.g. pricing, hiring" />
      </div>
    </div>
    <PlatformShapes />
    <label for={`${id}-prompt`}>Prompt</label>
    <textarea id={`${id}-prompt`} name="customPrompt" maxlength={1000} rows={2} placeholder="What should the clips focus on?"></textarea>
    <div class="row">
      {formFieldsOf(ConfigSchema)
        .filter((f) => f.path[0] !== "style" && !WRITTEN.has(f.name))
        .map((f) => <SchemaField field={f} id={`${id}-${f.name}`} label={LABELS[f.name]} />)}
    </div>
    <StyleFields id={`${id}-style`} />
  </details>
);
