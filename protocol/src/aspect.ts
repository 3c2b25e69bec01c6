// A clip's shape (issue 37): one schema for every door (job `config.aspect`, re-render `aspect`,
// brand kit `aspect`), named `Aspect` in /openapi.json as `Style` is, and read by the backend's
// tasks. The frames each shape renders at are ASPECT_FRAMES (./vocabularies.ts).
import { z } from "zod";
import { ASPECTS, ASPECT_FRAMES, DEFAULT_ASPECT } from "./vocabularies.js";

const sizes = ASPECTS.map((a) => `${a} ${ASPECT_FRAMES[a].hd.width}x${ASPECT_FRAMES[a].hd.height}`).join(", ");

export const AspectSchema = z
  .enum(ASPECTS, { error: `must be one of ${ASPECTS.map((a) => `"${a}"`).join(", ")} (width:height as a string; ${DEFAULT_ASPECT} is the default)` })
  .meta({
    description: `The clip's shape, width:height: ${sizes} (previews at half). ${DEFAULT_ASPECT} when neither the request nor the brand kit names one. Every layout, the captions, title card, emoji, zooms, B-roll and watermark are framed for it. Publishing platforms take only some shapes (Facebook Reels only 9:16; YouTube files 16:9 as a regular video, the others as Shorts): GET /connections lists each platform's \`aspects\`, so choose before rendering.`,
    example: "1:1",
  });
