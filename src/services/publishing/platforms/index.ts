// Every platform module, by id. A platform missing here is listed as unavailable ("not supported by
// this version"); one present but without its operator credentials is unavailable with that reason.
import type { Platform, PlatformId } from "./platform";
import { youtube } from "./youtube";
import { tiktok } from "./tiktok";
import { instagram } from "./instagram";
import { facebook } from "./facebook";
import { linkedin } from "./linkedin";
import { x } from "./x";
import { threads } from "./threads";

export const platforms: Partial<Record<PlatformId, Platform<unknown>>> = {
  youtube: youtube as Platform<unknown>,
  tiktok: tiktok as Platform<unknown>,
  instagram: instagram as Platform<unknown>,
  facebook: facebook as Platform<unknown>,
  linkedin: linkedin as Platform<unknown>,
  x: x as Platform<unknown>,
  threads: threads as Platform<unknown>,
};
