// The shapes each platform takes (protocol PLATFORM_SHAPES) are what its adapter's own checks let
// through: a clip of a listed shape, as the platform is sent it (its rendition where it has one),
// breaks no aspect or dimension rule, and one of an unlisted shape does (Facebook's Reels are 9:16).
import { ASPECT_FRAMES, ASPECTS, PLATFORM_SHAPES, platformAspects } from "@katto/protocol";
import { describe, expect, it } from "vitest";
import { platforms } from "../../src/services/publishing/platforms";
import { PLATFORM_IDS } from "../../src/services/publishing/platforms/platform";

describe("the shapes each platform takes", () => {
  for (const id of PLATFORM_IDS) {
    it(`${id}: its adapter takes exactly the shapes listed (${platformAspects(id).join(", ")})`, () => {
      const platform = platforms[id]!;
      const post = { caption: "x", title: "t", privacy: platform.privacyOptions[0]! };
      for (const aspect of ASPECTS) {
        const frame = platform.limits.renderAt?.(aspect) ?? ASPECT_FRAMES[aspect].hd;
        const broken = platform.checkLimits({ durationSeconds: 30, sizeBytes: 1_000_000, contentType: "video/mp4", ...frame }, post).filter((v) => v.field === "aspect" || v.field === "dimensions");
        expect({ aspect, broken }).toEqual({ aspect, broken: aspect in PLATFORM_SHAPES[id] ? [] : [expect.objectContaining({ field: "aspect" })] });
      }
    });
  }
});
