// The API's vocabularies, read from the definitions the Worker validates with (@katto/protocol), so
// the tools can never list a source or clip length the API would refuse.
import { z } from "zod";
import { CLIP_LENGTHS, CLIP_LENGTH_SECONDS, SOURCE_KINDS, UPLOAD_CONTENT_TYPES } from "@katto/protocol";
import { SOURCE_URL_SHAPES } from "@katto/protocol/api";
import { defineTool } from "../tool";

const readOnlyLocal = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

const SourcesSchema = z.object({
  sources: z.array(
    z.object({
      source: z.enum(SOURCE_KINDS),
      kind: z.enum(["platform_url", "upload", "direct"]),
      hosts: z.array(z.string()).describe("Host name patterns accepted for this platform (regular expressions)."),
      note: z.string(),
    }),
  ),
  upload_content_types: z.array(z.enum(UPLOAD_CONTENT_TYPES)),
  max_source_minutes: z.number(),
});

export const listSources = defineTool({
  name: "service_list_sources",
  title: "List supported sources",
  description: "Which video sources a clip job accepts: public https URLs of the supported platforms, and local files (uploaded with service_upload_file in the local server; content types listed). Free and read-only; no API call.",
  input: {},
  output: SourcesSchema,
  annotations: readOnlyLocal,
  run: async () => ({
    sources: SOURCE_KINDS.map((source) => {
      const hosts = SOURCE_URL_SHAPES.filter((p) => p.source === source).map((p) => p.hosts.source);
      if (source === "upload") return { source, kind: "upload" as const, hosts, note: "A local file uploaded through the API (reserve, PUT, complete)." };
      if (source === "direct") return { source, kind: "direct" as const, hosts, note: "Local mode only: an http(s) loopback URL of a media file." };
      return { source, kind: "platform_url" as const, hosts, note: `A public https URL of a ${source} video page.` };
    }),
    upload_content_types: [...UPLOAD_CONTENT_TYPES],
    max_source_minutes: 90,
  }),
  summary: (s) => `Sources: ${s.sources.map((x) => x.source).join(", ")}. Upload types: ${s.upload_content_types.join(", ")}. Up to ${s.max_source_minutes} minutes.`,
});

export const listClipLengths = defineTool({
  name: "service_list_clip_lengths",
  title: "List clip lengths",
  description: "The clip duration buckets accepted as config.clipLength by service_create_clip_job, with their bounds in seconds. Free and read-only; no API call.",
  input: {},
  output: z.object({ clip_lengths: z.array(z.object({ value: z.enum(CLIP_LENGTHS), min_seconds: z.number(), max_seconds: z.number() })) }),
  annotations: readOnlyLocal,
  run: async () => ({ clip_lengths: CLIP_LENGTHS.map((value) => ({ value, min_seconds: CLIP_LENGTH_SECONDS[value].min, max_seconds: CLIP_LENGTH_SECONDS[value].max })) }),
  summary: (l) => `Clip lengths: ${l.clip_lengths.map((c) => `${c.value} (${c.min_seconds}-${c.max_seconds} s)`).join(", ")}.`,
});
