// Which clip shapes each publishing platform takes, and as what (issue 41): one table, read by the
// publishing check (a clip of a shape its platform does not take is refused before anything is
// uploaded), the connections listing (`aspects`, `shapes`), the dashboard's job form and publishing
// page, the MCP tool descriptions and the CLI's help, so a creator learns it before rendering.
// Each entry cites where the platform says so; the adapters' own ratio checks agree with it.
import { ASPECTS, type Aspect, type PLATFORM_IDS } from "./vocabularies.js";

type PlatformId = (typeof PLATFORM_IDS)[number];

const every = (as: string) => Object.fromEntries(ASPECTS.map((a) => [a, as])) as Record<Aspect, string>;

/** Shape → what the post is on the platform; a shape left out is not taken there. */
export const PLATFORM_SHAPES = {
  // Shorts are vertical or square videos up to 3 minutes (support.google.com/youtube/answer/10059070):
  // YouTube itself files a 9:16, 4:5 or 1:1 clip as a Short and a 16:9 one as a regular video.
  youtube: { "9:16": "a Short", "4:5": "a Short", "1:1": "a Short", "16:9": "a regular video" },
  // Content Posting API: any aspect ratio within 360-4096 px a side (developers.tiktok.com/doc/content-posting-api-media-transfer-guide)
  tiktok: every("a video"),
  // IG User media REELS: aspect ratio 0.01:1 to 10:1 (developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media)
  instagram: every("a Reel"),
  // Page video_reels: Reels are 9:16 (developers.facebook.com/docs/video-api/guides/reels-publishing)
  facebook: { "9:16": "a Reel" },
  // Videos API: aspect ratio 1:2.4 to 2.4:1 (learn.microsoft.com/linkedin/marketing/community-management/shares/videos-api)
  linkedin: every("a video post"),
  // Media upload: aspect ratio 1:3 to 3:1 (docs.x.com/x-api/media/quickstart/media-upload-chunked)
  x: every("a video post"),
  // Threads media: aspect ratio 0.01:1 to 10:1 (developers.facebook.com/docs/threads/overview)
  threads: every("a video post"),
} as const satisfies Record<PlatformId, Partial<Record<Aspect, string>>>;

/** The shapes `platform` takes, in ASPECTS order. */
export function platformAspects(platform: PlatformId): Aspect[] {
  const shapes: Partial<Record<Aspect, string>> = PLATFORM_SHAPES[platform];
  return ASPECTS.filter((a) => shapes[a] !== undefined);
}

/** The shapes in words: "9:16, 1:1 and 4:5 as a Short, 16:9 as a regular video"; "only 9:16 (a Reel)". */
export function platformShapesText(platform: PlatformId): string {
  const shapes: Partial<Record<Aspect, string>> = PLATFORM_SHAPES[platform];
  const taken = platformAspects(platform);
  if (taken.length === 1) return `only ${taken[0]} (${shapes[taken[0]!]})`;
  const groups = new Map<string, Aspect[]>();
  for (const a of taken) groups.set(shapes[a]!, [...(groups.get(shapes[a]!) ?? []), a]);
  const list = (as: Aspect[]) => (as.length === 1 ? as[0] : `${as.slice(0, -1).join(", ")} and ${as[as.length - 1]}`);
  if (groups.size === 1 && taken.length === ASPECTS.length) return `every shape (${list(taken)}) as ${shapes[taken[0]!]}`;
  return [...groups].map(([as, aspects]) => `${list(aspects)} as ${as}`).join(", ");
}

/** One line per platform, for help texts and tool descriptions: "youtube: 9:16, ...; facebook: only 9:16 (a Reel); ...". */
export const PLATFORM_SHAPES_SUMMARY = (Object.keys(PLATFORM_SHAPES) as PlatformId[]).map((p) => `${p}: ${platformShapesText(p)}`).join("; ");
