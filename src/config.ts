// The Worker's settings: every var and secret it reads (bindings such as DB, FILES, the queues and
// the Durable Objects stay on Env), parsed and checked into one typed object, once per env object
// (once per isolate in production; tests build several envs). Services take what they need from
// workerConfig(env); no other module reads a setting from the environment, so a bad value is
// refused in one place with a message that names the variable and what it may be. Modelled on the
// backend's container/src/runtime/config.ts; both read the environment the same way (@katto/protocol
// parseSettings: an empty value counts as unset, secrets are never echoed).
//
// Required secret (README "Configuration", docs/architecture.md "Configuration"): APP_SECRET, in
// local mode as in production, because signed URLs, callback tokens and sealed webhook secrets
// outlive an isolate (npm start writes one to .dev.vars). Production (LOCAL_MODE not "true") also
// needs PUBLIC_BASE_URL: queue consumers and the cron have no request to take an origin from, so
// without it render callbacks and webhook clip URLs would point at 127.0.0.1. A Worker whose
// settings are refused answers every request 503 naming them (src/index.ts) and runs no queue
// message or cron work.
//
// Publishing's settings are here too: the token vault's key (PUBLISH_TOKEN_KEY, falling back to
// APP_SECRET), each platform's app credentials (<PLATFORM>_CLIENT_ID, _CLIENT_SECRET, _AUDITED) and
// the local stand-ins' origins (PUBLISH_API_ORIGINS, honoured in local mode only).
import { ConfigError, parseSettings, PLATFORM_IDS, RENDER_SETTINGS, type RenderSettingName } from "@katto/protocol";
import { z } from "zod";
import type { Keyring } from "./lib/crypto";

export const APP_SECRET_MIN_LENGTH = 32;
/** Pexels' documented API origin (https://www.pexels.com/api/documentation/). */
export const PEXELS_API_URL = "https://api.pexels.com";
/** Default stall window of the cron watchdog (STALL_SECONDS). */
export const STALL_MINUTES = 45;
/** Default HD fan-out window before a clip's HD task is queued again (HD_RETRY_SECONDS). */
export const HD_RETRY_MINUTES = 10;

const flag = (meaning: string) => z.enum(["true", "false"], { error: `must be "true" (${meaning}) or "false"; unset means "false"` }).optional();

const seconds = (fallbackMinutes: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number of seconds, 1 or more (unset: ${fallbackMinutes * 60}, ${fallbackMinutes} minutes)`)
    .transform(Number)
    .pipe(z.number().min(1, `must be a whole number of seconds, 1 or more (unset: ${fallbackMinutes * 60}, ${fallbackMinutes} minutes)`))
    .optional();

const httpUrl = (what: string) => z.url({ protocol: /^https?$/, error: `must be an http(s) URL: ${what}` }).optional();
const secret = z.string().optional();

const appSecret = z
  .string({ error: `must be set (at least ${APP_SECRET_MIN_LENGTH} characters, e.g. \`openssl rand -base64 32\`): production \`wrangler secret put APP_SECRET\`, local mode .dev.vars (npm start writes one)` })
  .min(APP_SECRET_MIN_LENGTH, `must be at least ${APP_SECRET_MIN_LENGTH} characters (e.g. \`openssl rand -base64 32\`); to replace a shorter one, rotate it (README "Configuration")`);

/** The backend's settings the Worker forwards to each container instance; the backend checks them when it starts. */
const renderSettings = Object.fromEntries(RENDER_SETTINGS.map((k) => [k, z.string().optional()])) as Record<RenderSettingName, z.ZodOptional<z.ZodString>>;

type PlatformId = (typeof PLATFORM_IDS)[number];

/** <PLATFORM>_CLIENT_ID, _CLIENT_SECRET (secrets) and _AUDITED of each platform Katto publishes to (docs/publishing.md). */
const platformPrefix = (id: PlatformId) => id.toUpperCase();
const platformSettings = Object.fromEntries(
  PLATFORM_IDS.flatMap((id) => [
    [`${platformPrefix(id)}_CLIENT_ID`, secret],
    [`${platformPrefix(id)}_CLIENT_SECRET`, secret],
    [`${platformPrefix(id)}_AUDITED`, flag(`the operator's app passed ${id}'s review`)],
  ]),
) as Record<`${Uppercase<PlatformId>}_${"CLIENT_ID" | "CLIENT_SECRET" | "AUDITED"}`, typeof secret>;

/** {"youtube": "http://127.0.0.1:9001", ...}: a platform's API at a local stand-in (tests, npm start). */
const apiOrigins = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: 'must be a JSON object of platform to origin, e.g. {"youtube": "http://127.0.0.1:9001"}' });
      return z.NEVER;
    }
  })
  .pipe(z.partialRecord(z.enum(PLATFORM_IDS), z.url({ protocol: /^https?$/ }), { error: `must map platforms (${PLATFORM_IDS.join(", ")}) to http(s) origins` }))
  .optional();

/**
 * "https://app.example.com, https://agent.example.org": the browser origins besides the Worker's own
 * that may call /mcp (MCP transport spec "Security warning": a server must validate Origin). Each
 * entry must be a bare origin (scheme, host, optional port; no path), so a typo is refused at start
 * instead of silently allowing nothing.
 */
const originList = z
  .string()
  .transform((raw, ctx) => {
    const out: string[] = [];
    for (const entry of raw.split(",").map((e) => e.trim()).filter(Boolean)) {
      let origin: string | null = null;
      try {
        const u = new URL(entry);
        if ((u.protocol === "http:" || u.protocol === "https:") && u.origin === entry.replace(/\/$/, "")) origin = u.origin;
      } catch {
        /* refused below */
      }
      if (!origin) {
        ctx.addIssue({ code: "custom", message: `must be a comma-separated list of origins such as https://app.example.com (scheme, host and port only); "${entry}" is not one` });
        return z.NEVER;
      }
      out.push(origin);
    }
    return out;
  })
  .optional();

/** Every setting, by variable name. */
export const WORKER_SETTINGS = {
  LOCAL_MODE: flag("local mode: loopback http sources and webhooks allowed; never in production"),
  APP_SECRET: appSecret,
  // Any length: it is the APP_SECRET of before a rotation, which may predate the length rule.
  APP_SECRET_PREVIOUS: secret,
  ADMIN_TOKEN: secret,
  PUBLIC_BASE_URL: httpUrl("the Worker's public origin, e.g. https://katto.example.com"),
  SELF_SIGNUP: flag("anyone may create a free account at /dashboard/sign-up"),
  RENDER_URL: httpUrl("the local render backend, e.g. http://127.0.0.1:8788; empty in production"),
  HD_FANOUT: flag("each clip's HD render is its own Queue message and backend instance"),
  STALL_SECONDS: seconds(STALL_MINUTES),
  HD_RETRY_SECONDS: seconds(HD_RETRY_MINUTES),
  R2_S3_ENDPOINT: httpUrl("R2's S3 API endpoint, https://<account_id>.r2.cloudflarestorage.com"),
  R2_BUCKET_NAME: z.string().optional(),
  R2_ACCESS_KEY_ID: secret,
  R2_SECRET_ACCESS_KEY: secret,
  PUBLISH_TOKEN_KEY: secret,
  PUBLISH_TOKEN_KEY_PREVIOUS: secret,
  PUBLISH_API_ORIGINS: apiOrigins,
  /** Pexels' API key: enables style `broll: stock` (docs/api-decisions.md "Stock B-roll") */
  PEXELS_API_KEY: secret,
  PEXELS_API_URL: httpUrl("Pexels' API origin; honoured in local mode only (a stand-in), https://api.pexels.com otherwise"),
  MCP_ALLOWED_ORIGINS: originList,
  ...platformSettings,
  ...renderSettings,
} as const;

const SECRETS = new Set<string>([
  "APP_SECRET",
  "APP_SECRET_PREVIOUS",
  "ADMIN_TOKEN",
  "R2_ACCESS_KEY_ID",
  "R2_SECRET_ACCESS_KEY",
  "CF_API_TOKEN",
  "KATTO_CHAT_API_KEY",
  "PUBLISH_TOKEN_KEY",
  "PUBLISH_TOKEN_KEY_PREVIOUS",
  "PEXELS_API_KEY",
  ...PLATFORM_IDS.flatMap((id) => [`${platformPrefix(id)}_CLIENT_ID`, `${platformPrefix(id)}_CLIENT_SECRET`]),
]);

/** Presigned uploads need all four R2 settings; none of the first three means uploads go through the Worker. */
const PRESIGN_SETTINGS = ["R2_S3_ENDPOINT", "R2_ACCESS_KEY_ID", "R2_SECRET_ACCESS_KEY", "R2_BUCKET_NAME"] as const;

type Settings = z.infer<z.ZodObject<typeof WORKER_SETTINGS>>;

function checkTogether(s: Settings, ctx: z.RefinementCtx) {
  if (s.LOCAL_MODE !== "true" && !s.PUBLIC_BASE_URL) {
    ctx.addIssue({ code: "custom", path: ["PUBLIC_BASE_URL"], message: 'must be set in production (LOCAL_MODE is not "true"): the Worker\'s public origin, which render callbacks and webhook clip URLs use' });
  }
  const presign = PRESIGN_SETTINGS.slice(0, 3);
  if (presign.some((k) => s[k])) {
    for (const k of PRESIGN_SETTINGS) {
      if (!s[k]) ctx.addIssue({ code: "custom", path: [k], message: `must be set for presigned uploads, with ${PRESIGN_SETTINGS.filter((o) => o !== k).join(", ")} (or leave ${presign.join(", ")} unset: uploads then go through the Worker)` });
    }
  }
}

const withoutTrailingSlash = (url: string | undefined) => url?.replace(/\/+$/, "");

const Schema = z
  .object(WORKER_SETTINGS)
  // Also when a field failed, so a fresh deploy learns everything missing at once; checkTogether
  // only tests whether values are set.
  .superRefine(checkTogether, { when: () => true })
  .transform((s) => {
    const keyring: Keyring = { current: s.APP_SECRET, previous: s.APP_SECRET_PREVIOUS };
    const publicBaseUrl = withoutTrailingSlash(s.PUBLIC_BASE_URL);
    const backendSettings: Partial<Record<RenderSettingName, string>> = {};
    for (const k of RENDER_SETTINGS) if (s[k] !== undefined) backendSettings[k] = s[k];
    return {
      localMode: s.LOCAL_MODE === "true",
      /** Public origin for status, file and callback URLs, without a trailing slash; unset only in local mode. */
      publicBaseUrl,
      publicOrigin: publicBaseUrl ? new URL(publicBaseUrl).origin : undefined,
      /** Key material of internal URLs, callback tokens and file keys. */
      appSecret: s.APP_SECRET,
      /** APP_SECRET and, during a rotation, APP_SECRET_PREVIOUS. */
      keyring,
      /** Bearer token of /admin/v1; unset closes the admin API. */
      adminToken: s.ADMIN_TOKEN,
      selfSignUp: s.SELF_SIGNUP === "true",
      render: {
        /** A render backend process (local mode); unset: the RENDERER container binding. */
        url: withoutTrailingSlash(s.RENDER_URL),
        hdFanout: s.HD_FANOUT === "true",
        stallWindowMs: (s.STALL_SECONDS ?? STALL_MINUTES * 60) * 1000,
        hdRetryWindowMs: (s.HD_RETRY_SECONDS ?? HD_RETRY_MINUTES * 60) * 1000,
        /** What every production container instance gets as its environment. */
        backendSettings,
      },
      publishing: {
        /**
         * The token vault's keys: PUBLISH_TOKEN_KEY and its previous, else APP_SECRET's keyring (so a
         * vault without a key of its own follows APP_SECRET's rotation).
         */
        tokenKeys: s.PUBLISH_TOKEN_KEY
          ? { current: s.PUBLISH_TOKEN_KEY, previous: s.PUBLISH_TOKEN_KEY_PREVIOUS }
          : { current: s.APP_SECRET, previous: s.PUBLISH_TOKEN_KEY_PREVIOUS || s.APP_SECRET_PREVIOUS },
        /** Each platform's app: both credentials, or null when the operator has not configured it. */
        apps: Object.fromEntries(
          PLATFORM_IDS.map((id) => {
            const p = platformPrefix(id);
            const clientId = s[`${p}_CLIENT_ID` as keyof Settings] as string | undefined;
            const clientSecret = s[`${p}_CLIENT_SECRET` as keyof Settings] as string | undefined;
            return [id, clientId && clientSecret ? { clientId, clientSecret, audited: s[`${p}_AUDITED` as keyof Settings] === "true" } : null];
          }),
        ) as Record<PlatformId, { clientId: string; clientSecret: string; audited: boolean } | null>,
        /** Local stand-ins of the platforms' APIs; only in local mode. */
        apiOrigins: (s.LOCAL_MODE === "true" ? (s.PUBLISH_API_ORIGINS ?? {}) : {}) as Partial<Record<PlatformId, string>>,
      },
      broll: {
        /** The stock-footage provider the render backend searches for style `broll: stock`; null: stock refused at the API. */
        stock: s.PEXELS_API_KEY
          ? { provider: "pexels" as const, api_key: s.PEXELS_API_KEY, api_url: (s.LOCAL_MODE === "true" && withoutTrailingSlash(s.PEXELS_API_URL)) || PEXELS_API_URL }
          : null,
      },
      mcp: {
        /** Browser origins, besides the Worker's own (and loopback ones in local mode), that may call /mcp. */
        allowedOrigins: s.MCP_ALLOWED_ORIGINS ?? [],
      },
      presignedUploads:
        s.R2_S3_ENDPOINT && s.R2_BUCKET_NAME && s.R2_ACCESS_KEY_ID && s.R2_SECRET_ACCESS_KEY
          ? { endpoint: withoutTrailingSlash(s.R2_S3_ENDPOINT)!, bucket: s.R2_BUCKET_NAME, accessKeyId: s.R2_ACCESS_KEY_ID, secretAccessKey: s.R2_SECRET_ACCESS_KEY }
          : null,
    };
  });

export type WorkerConfig = z.infer<typeof Schema>;

/** Parse the settings out of an env; errors name each variable. */
export const parseWorkerConfig = (env: object) => parseSettings(Schema, Object.keys(WORKER_SETTINGS), env as Record<string, unknown>, SECRETS);

const parsed = new WeakMap<object, WorkerConfig | ConfigError>();

/** The settings of `env`, parsed on first use and remembered; throws a ConfigError listing every bad setting. */
export function workerConfig(env: object): WorkerConfig {
  let c = parsed.get(env);
  if (!c) {
    const r = parseWorkerConfig(env);
    c = r.ok ? r.value : new ConfigError(r.errors, "Worker");
    // Once per env: the first request, message or cron run of an isolate says what is wrong.
    if (c instanceof ConfigError) console.error(c.message);
    parsed.set(env, c);
  }
  if (c instanceof ConfigError) throw c;
  return c;
}
