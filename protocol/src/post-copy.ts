// A clip's post copy (issue 37): the description and hashtags a publication posts, written by the
// render backend from the clip's words (container/src/text/post-copy.ts, or a text engine), stored
// with the clip, editable (PATCH /jobs/{id}/clips/{index}), and fitted to each platform's limits
// when posted. The platforms' text limits are this one table, each figure with its source.
import { z } from "zod";
import type { PLATFORM_IDS } from "./vocabularies.js";

/** Hashtags the backend writes per clip (a caller may store up to MAX_STORED_HASHTAGS). */
export const MAX_HASHTAGS = 5;
/** Hashtags a clip may hold: Instagram's cap, the largest of the platforms that count them strictly. */
export const MAX_STORED_HASHTAGS = 30;
/** Characters of the description the backend writes: it fits an X post with a few hashtags. */
export const MAX_DESCRIPTION_CHARS = 200;
/** Characters of a description a caller may store: YouTube's description limit, the largest post text here but Facebook's. */
export const MAX_STORED_DESCRIPTION_CHARS = 5000;

export const HASHTAG_RE = /^#[\p{L}\p{N}_]{1,100}$/u;
// a refinement, not .regex(): the pattern needs the u flag (letters of every script), which an
// OpenAPI pattern cannot carry
export const HashtagSchema = z
  .string({ error: "each hashtag must be a string such as #podcast" })
  .refine((s) => HASHTAG_RE.test(s), { error: "each hashtag must be # followed by letters, digits or _ (no spaces or punctuation), at most 100 of them, e.g. #podcast" })
  .meta({ description: "# followed by 1 to 100 letters (any script), digits or _, e.g. #podcast." });

export const PostCopySchema = z.object({
  description: z.string().max(MAX_STORED_DESCRIPTION_CHARS, { error: `description must be at most ${MAX_STORED_DESCRIPTION_CHARS} characters` }),
  hashtags: z.array(HashtagSchema).max(MAX_STORED_HASHTAGS, { error: `at most ${MAX_STORED_HASHTAGS} hashtags` }),
});
export type PostCopy = z.output<typeof PostCopySchema>;

export interface PostTextLimit {
  /** the post text (caption, description, commentary), in the platform's own count */
  captionMaxChars: number;
  /** the title, where the platform has one */
  titleMaxChars?: number;
  /** hashtags one post may carry (more are refused or ignored) */
  maxHashtags?: number;
  /** where these figures come from */
  source: string;
}

/**
 * Every platform's text limits. The adapters (src/services/publishing/platforms/) read their
 * figures from here; a publication's default post text is fitted to them.
 */
export const POST_TEXT_LIMITS = {
  youtube: {
    captionMaxChars: 5000,
    titleMaxChars: 100,
    // more than 60 hashtags and YouTube ignores all of them
    maxHashtags: 60,
    source: "YouTube Data API videos resource: snippet.title max 100 characters, snippet.description max 5000 bytes (developers.google.com/youtube/v3/docs/videos); hashtags: support.google.com/youtube/answer/6390658",
  },
  tiktok: {
    captionMaxChars: 2200,
    source: "TikTok Content Posting API, Direct Post: post_info.title is the caption, max 2200 UTF-16 runes (developers.tiktok.com/doc/content-posting-api-reference-direct-post)",
  },
  instagram: {
    captionMaxChars: 2200,
    maxHashtags: 30,
    source: "Instagram Graph API IG User media: caption max 2200 characters, 30 hashtags, 20 @ tags (developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media)",
  },
  facebook: {
    captionMaxChars: 63_206,
    source: "Facebook post text limit of 63,206 characters (Graph API Page videos `description`; facebook.com/help)",
  },
  linkedin: {
    captionMaxChars: 3000,
    titleMaxChars: 400,
    source: "LinkedIn Posts API: commentary max 3000 characters; media title 400 (learn.microsoft.com/linkedin/marketing/community-management/shares/posts-api)",
  },
  x: {
    captionMaxChars: 280,
    source: "X: 280 weighted characters per post, URLs count 23, emoji and CJK 2 (docs.x.com/fundamentals/counting-characters)",
  },
  threads: {
    captionMaxChars: 500,
    maxHashtags: 1,
    source: "Threads API: text max 500 characters, one topic tag per post (developers.facebook.com/docs/threads/create-posts)",
  },
} as const satisfies Record<(typeof PLATFORM_IDS)[number], PostTextLimit>;

/** Hashtags in a text, as platforms count them. */
export const hashtagsOf = (text: string) => text.match(/(^|\s)#[\p{L}\p{N}_]+/gu)?.length ?? 0;

/** The post text of a description and hashtags: the description, a blank line, the hashtags. */
export function joinPostText(description: string, hashtags: readonly string[]): string {
  const tags = hashtags.join(" ");
  return [description.trim(), tags].filter(Boolean).join("\n\n");
}

/** `s` cut at a word boundary so that `fits` holds, "…" marking the cut; "" when nothing fits. */
export function cutToFit(s: string, fits: (t: string) => boolean): string {
  if (fits(s)) return s;
  const chars = [...s];
  // halve, then walk: a few dozen checks for the longest text
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(`${chars.slice(0, mid).join("").trimEnd()}…`)) lo = mid;
    else hi = mid - 1;
  }
  if (lo === 0) return "";
  const cut = chars.slice(0, lo).join("");
  const atWord = cut.replace(/\s+\S*$/, "");
  const body = (atWord.length >= cut.length / 2 ? atWord : cut).replace(/[\s,;:.-]+$/, "");
  return `${body}…`;
}

/**
 * The post text of a clip's copy that a platform accepts: as many hashtags as it allows (and as
 * fit), the description cut at a word when even none do. `fits` is the platform's own check of a
 * caption (its length count and hashtag rule).
 */
export function fitPostText(copy: PostCopy, fits: (caption: string) => boolean, maxHashtags = Infinity): string {
  for (let n = Math.min(copy.hashtags.length, maxHashtags); n >= 0; n--) {
    const text = joinPostText(copy.description, copy.hashtags.slice(0, n));
    if (fits(text)) return text;
  }
  return cutToFit(copy.description.trim(), fits);
}
