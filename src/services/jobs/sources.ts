// Supported sources (spec "Supported sources"; docs/api-decisions.md "Sources").
// Production accepts https URLs of six platforms (their URL shapes: SOURCE_URL_SHAPES in
// @katto/protocol); local mode also accepts http(s) loopback URLs of media files so the whole flow
// runs without internet.
import { isLoopbackHost } from "@katto/protocol";
import { SOURCE_URL_SHAPES } from "@katto/protocol/api";
import { ValidationError } from "../../errors";

export const supportedSources = [...new Set(SOURCE_URL_SHAPES.map((p) => p.source))];

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
  for (const p of SOURCE_URL_SHAPES) {
    if (p.hosts.test(host) && p.paths.some((re) => re.test(u.pathname))) {
      if (p.source === "youtube" && u.pathname === "/watch" && !/^[\w-]{6,}$/.test(u.searchParams.get("v") ?? "")) break;
      return { source: p.source, url: u.toString() };
    }
  }
  throw new ValidationError(
    `url is not a supported video URL. Supported: ${supportedSources.join(", ")} (see docs/api-decisions.md for the accepted URL shapes), or upload a file with POST /uploads.`,
  );
}
