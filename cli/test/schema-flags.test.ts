// The flags derived from the API's schemas (issue 41): `katto clip` carries every field of the job's
// config, `katto clips add` every field of a clip by hand, `katto clips edit` the post copy; values
// are read by each field's kind and checked before anything is sent (a usage error, exit 2).
import { describe, expect, it } from "vitest";
import { helpText } from "../src/command";
import { clip, configFromOptions } from "../src/commands/clip";
import { clipByHandBody, clipsAdd } from "../src/commands/manual-clips";
import { clipsEdit, postCopyFlags } from "../src/commands/post-copy";
import { publish, publishFlags } from "../src/commands/publish";
import { CliError, EXIT } from "../src/exit-codes";

const usage = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect((e as CliError).exitCode).toBe(EXIT.usage);
    return (e as CliError).message;
  }
  throw new Error("expected a usage error");
};

describe("flags from the API's schemas", () => {
  it("katto clip: min_clips, max_clips, score_with, genre and the style's broll as flags, checked with the API's Config schema", () => {
    expect(configFromOptions({})).toBeUndefined();
    expect(configFromOptions({ "min-clips": "3", "max-clips": "5", "score-with": "account", genre: "podcast", broll: "library", words: "2", prompt: "the jokes" })).toEqual({
      min_clips: 3,
      max_clips: 5,
      score_with: "account",
      genre: "podcast",
      customPrompt: "the jokes",
      style: { broll: "library", words_per_caption: 2 },
    });
    expect(usage(() => configFromOptions({ "score-with": "mine" }))).toBe('--score-with must be one of default, account; got "mine".');
    expect(usage(() => configFromOptions({ "min-clips": "two" }))).toBe('--min-clips must be a whole number; got "two".');
    expect(usage(() => configFromOptions({ "min-clips": "6", "max-clips": "4" }))).toMatch(/^Config: min_clips min_clips \(6\) must not be more than max_clips \(4\)/);
    const help = helpText(clip);
    for (const flag of ["--min-clips N", "--max-clips N", "--score-with default|account", "--broll none|library|stock", "--genre TEXT"]) expect(help).toContain(flag);
  });

  it("katto clips add: a clip by hand's style (and its layout, title, range) as flags", () => {
    expect(clipByHandBody({ start: "1:05", end: "90", layout: "wide", title: "The bridge", "hook-title": true, broll: "stock" })).toEqual({
      start: 65,
      end: 90,
      layout_mode: "wide",
      title: "The bridge",
      style: { hook_title: true, broll: "stock" },
    });
    expect(usage(() => clipByHandBody({ end: "20" }))).toMatch(/^--start is required/);
    expect(usage(() => clipByHandBody({ start: "1", end: "20", layout: "sideways" }))).toMatch(/^--layout must be one of face_tracking/);
    expect(helpText(clipsAdd)).toMatch(/--start SECONDS --end SECONDS .*--hook-title/);
  });

  it("katto clips edit: the post copy's description and repeatable --hashtag", () => {
    expect(postCopyFlags.read({ description: "It clicked", hashtag: ["#physics", "#teaching"] })).toEqual({ description: "It clicked", hashtags: ["#physics", "#teaching"] });
    expect(helpText(clipsEdit)).toContain("[--hashtag VALUE ...]");
  });

  it("katto publish: every field of the publication body, --to for the platform, --at read as a date-time, --webhook-url", () => {
    expect(publishFlags.read({ to: "youtube", at: "2026-11-24 17:00Z", "webhook-url": "https://hooks.example.com/p", privacy: "private" })).toEqual({
      platform: "youtube",
      scheduled_at: "2026-11-24T17:00:00.000Z",
      webhook_url: "https://hooks.example.com/p",
      privacy: "private",
    });
    expect(usage(() => publishFlags.read({ to: "myspace" }))).toMatch(/^--to must be one of youtube, tiktok/);
    expect(usage(() => publishFlags.read({ at: "tomorrow" }))).toBe('--at must be a date-time such as 2026-11-24T17:00:00Z, got "tomorrow".');
    expect(helpText(publish)).toMatch(/Usage: katto publish <job-id> <clip-index> --to youtube\|.* \[--at TIME\] \[--webhook-url TEXT\]/);
  });

  it("katto publish --help says which shapes each platform takes", () => {
    expect(helpText(publish)).toContain("facebook: only 9:16 (a Reel)");
    expect(helpText(clip)).toContain("youtube: 9:16, 1:1 and 4:5 as a Short, 16:9 as a regular video");
  });
});
