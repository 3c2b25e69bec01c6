// Supported sources (service-api-v1 "Supported sources"; docs/api-decisions.md "Sources"): the
// platform pages a job's `url` may name, by host and path. The Worker classifies URLs with this
// table (src/services/jobs/sources.ts) and the MCP tool service_list_sources shows its hosts, so
// the two cannot disagree.
import type { SOURCE_KINDS } from "../vocabularies.js";

export interface SourceUrlShape {
  source: (typeof SOURCE_KINDS)[number];
  hosts: RegExp;
  /** Accepted path shapes (documented in docs/api-decisions.md). */
  paths: RegExp[];
}

export const SOURCE_URL_SHAPES: readonly SourceUrlShape[] = [
  { source: "youtube", hosts: /^(www\.|m\.)?youtube\.com$/, paths: [/^\/watch$/, /^\/shorts\/[\w-]{6,}$/, /^\/live\/[\w-]{6,}$/] },
  { source: "youtube", hosts: /^youtu\.be$/, paths: [/^\/[\w-]{6,}$/] },
  { source: "twitch", hosts: /^(www\.|m\.)?twitch\.tv$/, paths: [/^\/videos\/\d+$/, /^\/[\w]+\/clip\/[\w-]+$/] },
  { source: "twitch", hosts: /^clips\.twitch\.tv$/, paths: [/^\/[\w-]+$/] },
  { source: "kick", hosts: /^(www\.)?kick\.com$/, paths: [/^\/[\w-]+\/videos\/[\w-]+$/, /^\/video\/[\w-]+$/] },
  { source: "vimeo", hosts: /^(www\.|player\.)?vimeo\.com$/, paths: [/^\/\d+(\/[0-9a-f]+)?$/, /^\/video\/\d+$/] },
  { source: "zoom", hosts: /^([\w-]+\.)?zoom\.us$/, paths: [/^\/rec\/(share|play)\/[\w.-]+$/] },
  { source: "loom", hosts: /^(www\.)?loom\.com$/, paths: [/^\/share\/[0-9a-f]{32}$/, /^\/embed\/[0-9a-f]{32}$/] },
];
