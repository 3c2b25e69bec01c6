// Every door carries every option (issue 41): each field of the job config, the creator style, a
// clip by hand (POST /jobs/{id}/clips), a clip's post copy (PATCH /jobs/{id}/clips/{index}) and a
// publication (POST /jobs/{id}/clips/{index}/publications) is
// taken by the MCP tools (their published input schemas), the CLI (a flag its command lists in
// --help and reads into that field) and the dashboard (a control named after the field in the form
// that sends it). The fields are read from the API's own schemas (@katto/protocol/api fieldsOf), so
// a field the API adds fails here until every door takes it: the doors derive their inputs from
// the same schemas, so normally it reaches them with no edit.
import { StyleSchema } from "@katto/protocol";
import { ConfigSchema, CreateClipBodySchema, CreatePublicationBodySchema, EditClipBodySchema, type FieldInfo, fieldsOf, fieldsOfJsonSchema, getField, type JsonSchemaNode } from "@katto/protocol/api";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { sharedTools } from "../../mcp/src/tools";
import { uploadFile } from "../../mcp/src/tools/upload.tool";
import { type Command, helpText } from "../../cli/src/command";
import { COMMANDS } from "../../cli/src/commands";
import { configFlags } from "../../cli/src/commands/clip";
import { clipByHandFlags } from "../../cli/src/commands/manual-clips";
import { postCopyFlags } from "../../cli/src/commands/post-copy";
import { publishFlags } from "../../cli/src/commands/publish";
import type { SchemaFlags } from "../../cli/src/schema-flags";
import { styleSchemaFlags } from "../../cli/src/style-options";
import { ConfigFields } from "../../src/dashboard/components/config-fields";
import { PublishFields } from "../../src/dashboard/components/publish-fields";
import { StyleFields } from "../../src/dashboard/components/style-fields";
import { MakeClipForm } from "../../src/dashboard/pages/job/by-hand";
import { CoverAndPostCopy } from "../../src/dashboard/pages/job/clip-card";

type Body = { what: string; schema: z.ZodType };
const CONFIG: Body = { what: "job config", schema: ConfigSchema };
const STYLE: Body = { what: "style", schema: StyleSchema };
const BY_HAND: Body = { what: "clip by hand", schema: CreateClipBodySchema };
const POST_COPY: Body = { what: "post copy", schema: EditClipBodySchema };
const PUBLISH: Body = { what: "publication", schema: CreatePublicationBodySchema };

const fieldsOfBody = (b: Body) => fieldsOf(b.schema);

describe("the bodies checked", () => {
  it("have the fields the issue names, so this test cannot pass on an empty list", () => {
    const names = (b: Body) => fieldsOfBody(b).map((f) => f.name);
    expect(names(CONFIG)).toEqual(expect.arrayContaining(["min_clips", "max_clips", "score_with", "aspect", "style.broll"]));
    expect(names(BY_HAND)).toEqual(expect.arrayContaining(["start", "end", "layout_mode", "title", "style.hook_title"]));
    expect(names(POST_COPY)).toEqual(["description", "hashtags"]);
    expect(names(PUBLISH)).toEqual(expect.arrayContaining(["platform", "caption", "privacy", "scheduled_at", "webhook_url"]));
    expect(names(STYLE).length).toBeGreaterThan(8);
  });
});

// MCP: the input schemas the tools publish (tools/list), at the path the body sits in the input.
const MCP: { tool: string; body: Body; at?: string }[] = [
  { tool: "service_create_clip_job", body: CONFIG, at: "config" },
  { tool: "service_upload_file", body: CONFIG, at: "config" },
  { tool: "service_create_clip", body: BY_HAND },
  { tool: "service_rerender_clip", body: STYLE, at: "style" },
  { tool: "service_edit_post_copy", body: POST_COPY },
  { tool: "service_publish_clip", body: PUBLISH },
];

describe("MCP carries every option", () => {
  const tools = new Map([...sharedTools, uploadFile].map((t) => [t.name, t]));
  for (const d of MCP) {
    it(`${d.tool} takes every field of the ${d.body.what}`, () => {
      const tool = tools.get(d.tool);
      expect(tool, `no MCP tool ${d.tool}`).toBeDefined();
      const input = fieldsOfJsonSchema(z.toJSONSchema(z.object(tool!.input), { io: "input", unrepresentable: "any" }) as JsonSchemaNode).map((f) => f.name);
      const prefix = d.at ? `${d.at}.` : "";
      const missing = fieldsOfBody(d.body).filter((f) => !input.includes(prefix + f.name)).map((f) => f.name);
      expect(missing, `MCP tool ${d.tool} does not take ${d.body.what} field(s) ${missing.join(", ")}: take them from the API's schema (@katto/protocol/api)`).toEqual([]);
    });
  }
});

// CLI: the command, the flags it derives from the body's schema, and how --help names it.
const CLI: { words: string; body: Body; flags: SchemaFlags }[] = [
  { words: "clip", body: CONFIG, flags: configFlags },
  { words: "clips add", body: BY_HAND, flags: clipByHandFlags },
  { words: "rerender", body: STYLE, flags: styleSchemaFlags },
  { words: "clips edit", body: POST_COPY, flags: postCopyFlags },
  { words: "publish", body: PUBLISH, flags: publishFlags },
];

/** A value of the field's kind, as typed on a command line. */
function sample(f: FieldInfo): string | boolean | string[] {
  if (f.kind === "boolean") return true;
  if (f.kind === "list") return ["#sample"];
  if (f.kind === "enum") return String(f.values![0]);
  if (f.kind === "integer" || f.kind === "number") return String(Math.max(f.minimum ?? 1, 1));
  // text every string field takes, a date-time among them (a flag may read it as one: --at)
  return "2026-11-24T17:00:00Z";
}

describe("the CLI carries every option", () => {
  for (const d of CLI) {
    it(`katto ${d.words} has a flag for every field of the ${d.body.what}, listed in --help and read into that field`, () => {
      const command: Command | undefined = COMMANDS.find((c) => c.words.join(" ") === d.words);
      expect(command, `no command katto ${d.words}`).toBeDefined();
      const help = helpText(command!);
      const problems = fieldsOfBody(d.body).flatMap((f) => {
        const flag = d.flags.flagOf.get(f.name);
        if (!flag) return [`no flag for ${f.name}`];
        if (!command!.options?.[flag]) return [`--${flag} (${f.name}) is not among its options`];
        if (!help.includes(`--${flag}`)) return [`--help does not list --${flag} (${f.name})`];
        if (getField(d.flags.read({ [flag]: sample(f) }), f.path) === undefined) return [`--${flag} is not read into ${f.name}`];
        return [];
      });
      expect(problems, `katto ${d.words} misses ${d.body.what} field(s): ${problems.join("; ")}`).toEqual([]);
    });
  }
});

// Dashboard: the form that sends the body, rendered, and the names of its controls.
const rendered = async (node: unknown) => String(await (node as { toString(): string | Promise<string> }).toString());
const controlNames = (html: string) => new Set([...html.matchAll(/\bname="([^"]+)"/g)].map((m) => m[1]!));
const clip = { clip_index: 0, cover_url: null, description: "", hashtags: [] } as unknown as Parameters<typeof CoverAndPostCopy>[0]["k"];

const DASHBOARD: { form: string; body: Body; at?: string; html: () => Promise<string> }[] = [
  { form: "the job form (Jobs, by URL and by upload)", body: CONFIG, html: () => rendered(ConfigFields({})) },
  { form: "the make-a-clip form (job page)", body: BY_HAND, html: () => rendered(MakeClipForm({ jobId: "j" })) },
  { form: "the style panel (job form, re-render, clip by hand, brand kit)", body: STYLE, at: "style", html: () => rendered(StyleFields({ id: "s" })) },
  { form: "the post text form (each clip)", body: POST_COPY, html: () => rendered(CoverAndPostCopy({ id: "j", k: clip, rank: 0 })) },
  { form: "the publish form", body: PUBLISH, html: () => rendered(PublishFields({ ready: [] })) },
];

describe("the dashboard carries every option", () => {
  for (const d of DASHBOARD) {
    it(`${d.form} has a control for every field of the ${d.body.what}`, async () => {
      const names = controlNames(await d.html());
      const prefix = d.at ? `${d.at}.` : "";
      const missing = fieldsOfBody(d.body).filter((f) => !names.has(prefix + f.name)).map((f) => prefix + f.name);
      expect(missing, `the dashboard's ${d.form} has no control named ${missing.join(", ")} (${d.body.what}): add one, or let SchemaField derive it from the schema`).toEqual([]);
    });
  }
});
