// A publication's text when the caller gives none (issue 37): the clip's post copy (description and
// hashtags, editable with PATCH /jobs/{id}/clips/{index}) and its title, fitted to the platform.
// The platform's own checkLimits is the judge, so its way of counting (X's weighted length, TikTok's
// UTF-16 units) and its hashtag cap (POST_TEXT_LIMITS) hold without a second copy of either.
import { cutToFit, fitPostText, POST_TEXT_LIMITS } from "@katto/protocol";
import type { ClipPostDefaults } from "./clip-versions";
import type { ClipFacts, Platform, PostRequest, Privacy } from "./platforms/platform";

export function withPostDefaults(platform: Platform<unknown>, facts: ClipFacts, given: { caption?: string; title?: string; privacy: Privacy }, clip: ClipPostDefaults): PostRequest {
  const breaks = (post: PostRequest, fields: readonly string[]) => platform.checkLimits(facts, post).some((v) => fields.includes(v.field));
  let title: string | undefined;
  if (platform.hasTitle) {
    if (given.title !== undefined) title = given.title;
    else if (clip.title?.trim()) title = cutToFit(clip.title.trim(), (t) => !breaks({ caption: "", title: t, privacy: given.privacy }, ["title"])) || undefined;
  }
  const base = { privacy: given.privacy, ...(title !== undefined ? { title } : {}) };
  if (given.caption !== undefined) return { ...base, caption: given.caption };
  const limit = POST_TEXT_LIMITS[platform.id];
  const maxHashtags = "maxHashtags" in limit ? limit.maxHashtags : Infinity;
  const caption = fitPostText(clip.copy, (text) => !breaks({ ...base, caption: text }, ["caption", "hashtags"]), maxHashtags);
  return { ...base, caption };
}
