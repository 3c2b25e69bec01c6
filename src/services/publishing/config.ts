// Which platforms this deployment can publish to, and the context an adapter runs with.
// Each platform's app credentials are operator secrets: <PLATFORM>_CLIENT_ID and
// <PLATFORM>_CLIENT_SECRET (YOUTUBE_, TIKTOK_, INSTAGRAM_, FACEBOOK_, LINKEDIN_, X_, THREADS_);
// <PLATFORM>_AUDITED="true" when the operator's app passed the platform's review. A platform
// without credentials is listed as unavailable with that reason; the others work.
// PUBLISH_API_ORIGINS (JSON {"youtube": "http://127.0.0.1:9001", ...}) points a platform's API at a
// local stand-in; it is honoured only in local mode (tests, npm start).
import { workerConfig } from "../../config";
import type { Env } from "../../env";
import { platforms } from "./platforms";
import type { Platform, PlatformContext, PlatformId } from "./platforms/platform";

export const envPrefix = (id: PlatformId) => id.toUpperCase();

export type Availability = { available: true; platform: Platform<unknown> } | { available: false; reason: string; platform?: Platform<unknown> };

export function availability(env: Env, id: PlatformId): Availability {
  const platform = platforms[id];
  if (!platform) return { available: false, reason: "This version of Katto does not publish to this platform yet." };
  const p = envPrefix(id);
  if (!workerConfig(env).publishing.apps[id]) {
    return { available: false, platform, reason: `The operator has not configured ${platform.displayName}: set the secrets ${p}_CLIENT_ID and ${p}_CLIENT_SECRET (docs/publishing.md).` };
  }
  return { available: true, platform };
}

export const callbackPath = (id: PlatformId) => `/connections/callback/${id}`;

export function platformContext(env: Env, baseUrl: string, platform: Platform<unknown>, fetcher: typeof fetch = (i, init) => fetch(i, init)): PlatformContext {
  const { apps, apiOrigins } = workerConfig(env).publishing;
  const app = apps[platform.id];
  const origin = apiOrigins[platform.id];
  return {
    clientId: app?.clientId ?? "",
    clientSecret: app?.clientSecret ?? "",
    redirectUri: `${baseUrl}${callbackPath(platform.id)}`,
    url: (host, path) => new URL(path, origin ?? platform.hosts[host]).href,
    fetch: fetcher,
    now: () => Date.now(),
    audited: app?.audited ?? false,
  };
}
