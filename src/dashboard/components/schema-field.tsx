/** @jsxImportSource hono/jsx */
// A request body's fields as form controls and back, derived from the API's own schema (issue 41
// "Every door carries every option"): a form names each control by the field's dotted name
// ("min_clips", "style.broll"); a field with no control of its own written for it gets one from its
// kind (a select for an enum, a number box, a checkbox, a text box), so a field the API adds
// reaches the dashboard with no edit. test/docs/door-options.test.ts checks every field has one.
import { type FieldInfo, fieldsOf, fieldValue, setField } from "@katto/protocol/api";

const memo = new Map<unknown, FieldInfo[]>();

/** The leaf fields of a body schema (computed once per schema). */
export function formFieldsOf(schema: Parameters<typeof fieldsOf>[0]): FieldInfo[] {
  let fields = memo.get(schema);
  if (!fields) memo.set(schema, (fields = fieldsOf(schema)));
  return fields;
}

/** "min_clips" → "Min clips"; "clipLength" → "Clip length". */
const labelOf = (f: FieldInfo) => {
  const words = f.path.at(-1)!.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A control for one field, from its kind; its description is the help text under it. */
export const SchemaField = ({ field: f, id, label, keep }: { field: FieldInfo; id: string; label?: string; keep?: boolean }) => {
  const text = label ?? labelOf(f);
  const help = f.description ? <p class="muted small" id={`${id}-help`}>{f.description}</p> : null;
  const described = f.description ? `${id}-help` : undefined;
  if (f.kind === "boolean") {
    return (
      <div data-field={f.name}>
        <label class="check"><input type="checkbox" id={id} name={f.name} value="true" aria-describedby={described} /> {text}</label>
        {help}
      </div>
    );
  }
  return (
    <div data-field={f.name}>
      <label for={id}>{text}</label>
      {f.kind === "enum" ? (
        <select id={id} name={f.name} aria-describedby={described}>
          <option value="">{keep ? "Keep" : "Default"}</option>
          {f.values!.map((v) => <option value={String(v)}>{String(v)}</option>)}
        </select>
      ) : f.kind === "integer" || f.kind === "number" ? (
        <input id={id} name={f.name} type="number" min={f.minimum} max={f.maximum} step={f.kind === "integer" ? 1 : "any"} aria-describedby={described} />
      ) : (
        <input id={id} name={f.name} maxlength={f.maxLength} aria-describedby={described} />
      )}
      {help}
    </div>
  );
};

/**
 * The fields of `schema` the form filled in, as the API takes them (checked by the schema after):
 * empty controls are left out; `only` keeps the fields under one path ("style").
 */
export function bodyFromForm(schema: Parameters<typeof fieldsOf>[0], get: (name: string) => string, only?: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of formFieldsOf(schema)) {
    if (only !== undefined && f.path[0] !== only) continue;
    const text = get(f.name).trim();
    if (text === "") continue;
    setField(out, f.path, f.kind === "list" ? text.split(/[\s,]+/).filter(Boolean) : fieldValue(f, text));
  }
  return out;
}
