// Every stand-in, by platform id: the workers outbound service, the system test's local stack and
// the data-driven publishing tests take them from here, so a platform registered here and in
// src/publishing/platforms/index.ts is covered everywhere.
import type { PlatformId } from "../../../src/publishing/platforms/platform";
import type { StandIn } from "./faults";
import { createYouTubeStandIn } from "./youtube";
import { createTikTokStandIn } from "./tiktok";
import { createInstagramStandIn } from "./instagram";
import { createFacebookStandIn } from "./facebook";
import { createLinkedInStandIn } from "./linkedin";
import { createXStandIn } from "./x";
import { createThreadsStandIn } from "./threads";

export const standIns: Partial<Record<PlatformId, () => StandIn>> = {
  youtube: createYouTubeStandIn,
  tiktok: createTikTokStandIn,
  instagram: createInstagramStandIn,
  facebook: createFacebookStandIn,
  linkedin: createLinkedInStandIn,
  x: createXStandIn,
  threads: createThreadsStandIn,
};
