// Supported sources (spec "Supported sources"; docs/api-decisions.md "Sources").
// Production accepts https URLs of six platforms; local mode also accepts http(s) loopback URLs of
// media files so the whole flow runs without internet.
import { ValidationError } from "../../errors";

interface Platform {
  source: string;
  hosts: RegExp;
  /** Accepted path shapes (documented in docs/api-decisions.md). */
  paths: RegExp[];
}

export const platforms: Platform[] = [
  { source: "youtube", hosts: /^(www\.|m\.)?youtube\.com$/, paths: [/^\/watch$/, /^\/shorts\/[\w-]{6,}$/, /^\/live\/[\w-]{6,}$/] },
  { source: "youtube", hosts: /^youtu\.be$/, paths: [/^\/[\w-]{6,}$/] },
  { source: "twitch", hosts: /^(www\.|m\.)?twitch\.tv$/, paths: [/^\/videos\/\d+$/, /^\/[\w]+\/clip\/[\w-]+$/] },
  { source: "twitch", hosts: /^clips\.twitch\.tv$/, paths: [/^\/[\w-]+$/] },
  { source: "kick", hosts: /^(www\.)?kick\.com$/, paths: [/^\/[\w-]+\/videos\/[\w-]+$/, /^\/video\/[\w-]+$/] },
  { source: "vimeo", hosts: /^(www\.|player\.)?vimeo\.com$/, paths: [/^\/\d+(\/[0-9a-f]+)?$/, /^\/video\/\d+$/] },
  { source: "zoom", hosts: /^([\w-]+\.)?zoom\.us$/, paths: [/^\/rec\/(share|play)\/[\w.-]+$/] },
  { source: "loom", hosts: /^(www\.)?loom\.com$/, paths: [/^\/share\/[0-9a-f]{32}$/, /^\/embed\/[0-9a-f]{32}$/] },
];

export const supportedSources = [...new Set(platforms.map((p) => p.source))];

const isLoopbackHost = (h: string) => h === "localhost" || h === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(h);

/** Validate a source URL and name its kind, or throw a ValidationError that says what to fix. */
export function classifySourceUrl(raw: string, localMode: boolean): { source: string; url: string } {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ValidationError("url must be an absolute URL, for example https://www.youtube.com/watch?v=...");
  }
  if (u.username || u.password) throw new ValidationError("url must not contain credentials");
  if (localMode && (u.protocol === "http:" || u.protocol === "https:") && isLoopbackHost(u.hostname)) {
    return { source: "direct", url: u.toString() };
  }
  if (u.protocol !== "https:") throw new ValidationError("url must use https");
  const host = u.hostname.toLowerCase();
  for (const p of platforms) {
    if (p.hosts.test(host) && p.paths.some((re) => re.test(u.pathname))) {
      if (p.source === "youtube" && u.pathname === "/watch" && !/^[\w-]{6,}$/.test(u.searchParams.get("v") ?? "")) break;
      return { source: p.source, url: u.toString() };
    }
  }
  throw new ValidationError(
    `url is not a supported video URL. Supported: ${supportedSources.join(", ")} (see docs/api-decisions.md for the accepted URL shapes), or upload a file with POST /uploads.`,
  );
}
