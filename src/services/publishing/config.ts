// Which platforms this deployment can publish to, and the context an adapter runs with.
// Each platform's app credentials are operator secrets: <PLATFORM>_CLIENT_ID and
// <PLATFORM>_CLIENT_SECRET (YOUTUBE_, TIKTOK_, INSTAGRAM_, FACEBOOK_, LINKEDIN_, X_, THREADS_);
// <PLATFORM>_AUDITED="true" when the operator's app passed the platform's review. A platform
// without credentials is listed as unavailable with that reason; the others work.
// PUBLISH_API_ORIGINS (JSON {"youtube": "http://127.0.0.1:9001", ...}) points a platform's API at a
// local stand-in; it is honoured only in local mode (tests, npm start).
import { isLocalMode, type Env } from "../../env";
import { platforms } from "./platforms";
import type { Platform, PlatformContext, PlatformId } from "./platforms/platform";

const vars = (env: Env) => env as unknown as Record<string, string | undefined>;
export const envPrefix = (id: PlatformId) => id.toUpperCase();

export type Availability = { available: true; platform: Platform<unknown> } | { available: false; reason: string; platform?: Platform<unknown> };

export function availability(env: Env, id: PlatformId): Availability {
  const platform = platforms[id];
  if (!platform) return { available: false, reason: "This version of Katto does not publish to this platform yet." };
  const p = envPrefix(id);
  if (!vars(env)[`${p}_CLIENT_ID`] || !vars(env)[`${p}_CLIENT_SECRET`]) {
    return { available: false, platform, reason: `The operator has not configured ${platform.displayName}: set the secrets ${p}_CLIENT_ID and ${p}_CLIENT_SECRET (docs/publishing.md).` };
  }
  return { available: true, platform };
}

function standInOrigins(env: Env): Partial<Record<PlatformId, string>> {
  const raw = vars(env).PUBLISH_API_ORIGINS;
  if (!raw || !isLocalMode(env)) return {};
  try {
    return JSON.parse(raw) as Partial<Record<PlatformId, string>>;
  } catch {
    return {};
  }
}

export const callbackPath = (id: PlatformId) => `/connections/callback/${id}`;

export function platformContext(env: Env, baseUrl: string, platform: Platform<unknown>, fetcher: typeof fetch = (i, init) => fetch(i, init)): PlatformContext {
  const p = envPrefix(platform.id);
  const origin = standInOrigins(env)[platform.id];
  return {
    clientId: vars(env)[`${p}_CLIENT_ID`] ?? "",
    clientSecret: vars(env)[`${p}_CLIENT_SECRET`] ?? "",
    redirectUri: `${baseUrl}${callbackPath(platform.id)}`,
    url: (host, path) => new URL(path, origin ?? platform.hosts[host]).href,
    fetch: fetcher,
    now: () => Date.now(),
    audited: vars(env)[`${p}_AUDITED`] === "true",
  };
}
