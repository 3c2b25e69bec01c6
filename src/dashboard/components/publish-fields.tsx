/** @jsxImportSource hono/jsx */
// The publish form's controls (POST /jobs/{id}/clips/{index}/publications): a control for every
// field of the API's CreatePublicationBodySchema, written for the common ones and derived from the
// schema for the rest (SchemaField), with each connected platform's privacy options and the shapes
// it takes; and the form's values back as a body, blank fields left out (a blank caption posts the
// clip's post copy).
import { PRIVACY_LEVELS } from "@katto/protocol";
import { CreatePublicationBodySchema, type ConnectionListSchema } from "@katto/protocol/api";
import type { z } from "zod";
import { bodyFromForm, formFieldsOf, SchemaField } from "./schema-field";

type Platform = z.infer<typeof ConnectionListSchema>["platforms"][number];

/** Publication fields with a control written below; any other comes from its kind. */
const WRITTEN = new Set(["platform", "title", "caption", "privacy", "scheduled_at", "version"]);

/** The form's fields as the API takes them (unchecked); the schedule is UTC (a datetime-local has no zone). */
export function publicationFrom(get: (k: string) => string): Record<string, unknown> {
  const body = bodyFromForm(CreatePublicationBodySchema, get);
  if (typeof body.scheduled_at === "string") body.scheduled_at = new Date(`${body.scheduled_at}Z`).toISOString();
  return body;
}

export const PublishFields = ({ ready, version }: { ready: Platform[]; version?: string }) => (
  <>
    {/* the version a clip card's Publish link names (issue 41); without one, the creator may name one, blank: the newest finished */}
    {version ? <input type="hidden" name="version" value={version} /> : (
      <>
        <label for="pub-version">Version (blank: the newest finished one; "original" or a re-render id)</label>
        <input id="pub-version" name="version" />
      </>
    )}
    <label for="pub-platform">Platform</label>
    <select id="pub-platform" name="platform" required>
      {ready.map((x) => <option value={x.platform}>{`${x.display_name} (${x.connection?.handle})`}</option>)}
    </select>
    <label for="pub-title">Title (YouTube)</label>
    <input id="pub-title" name="title" maxlength={100} />
    <label for="pub-caption">Caption (blank: the clip's post text, fitted to the platform)</label>
    <textarea id="pub-caption" name="caption" rows={3} maxlength={5000}></textarea>
    <label for="pub-privacy">Privacy</label>
    {/* No default: TikTok requires the choice every time; elsewhere empty means the platform's first option. */}
    <select id="pub-privacy" name="privacy">
      <option value="">Choose…</option>
      {PRIVACY_LEVELS.map((v) => <option value={v}>{v}</option>)}
    </select>
    <p class="muted">{ready.map((x) => `${x.display_name}: ${x.privacy_options.join(", ")}${x.privacy_required ? " (required)" : ""}`).join(" · ")}</p>
    <p class="muted" data-shapes>Shapes: {ready.map((x) => `${x.display_name} takes ${x.shapes}`).join(" · ")}. A clip of another shape is refused; re-render it in a shape the platform takes.</p>
    <label for="pub-at">Schedule (UTC, optional)</label>
    <input id="pub-at" name="scheduled_at" type="datetime-local" />
    {formFieldsOf(CreatePublicationBodySchema)
      .filter((f) => !WRITTEN.has(f.name))
      .map((f) => <SchemaField field={f} id={`pub-${f.name}`} label={f.name === "webhook_url" ? "Webhook URL (optional; the job's by default)" : undefined} />)}
  </>
);
