// Every stand-in, by platform id: the workers outbound service, the system test's local stack and
// the data-driven publishing tests take them from here, so a platform registered here and in
// src/services/publishing/platforms/index.ts is covered everywhere.
import type { PlatformId } from "../../../src/services/publishing/platforms/platform";
import type { StandIn } from "./faults.ts";
import { createYouTubeStandIn } from "./youtube.ts";
import { createTikTokStandIn } from "./tiktok.ts";
import { createInstagramStandIn } from "./instagram.ts";
import { createFacebookStandIn } from "./facebook.ts";
import { createLinkedInStandIn } from "./linkedin.ts";
import { createXStandIn } from "./x.ts";
import { createThreadsStandIn } from "./threads.ts";

export const standIns: Partial<Record<PlatformId, () => StandIn>> = {
  youtube: createYouTubeStandIn,
  tiktok: createTikTokStandIn,
  instagram: createInstagramStandIn,
  facebook: createFacebookStandIn,
  linkedin: createLinkedInStandIn,
  x: createXStandIn,
  threads: createThreadsStandIn,
};
