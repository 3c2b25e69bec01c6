// The Worker's settings (src/config.ts): each bad value is refused with a message naming its
// variable, unset settings take their defaults, and production needs more than local mode.
import { ConfigError } from "@katto/protocol";
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { APP_SECRET_MIN_LENGTH, HD_RETRY_MINUTES, parseWorkerConfig, STALL_MINUTES, workerConfig } from "../../src/config";

const SECRET = "a-test-app-secret-0123456789abcdef";
/** The least a production Worker needs. */
const PROD = { APP_SECRET: SECRET, PUBLIC_BASE_URL: "https://katto.example.com" };
const LOCAL = { APP_SECRET: SECRET, LOCAL_MODE: "true" };

const errorsOf = (vars: Record<string, unknown>) => {
  const r = parseWorkerConfig(vars);
  if (r.ok) throw new Error("expected the configuration to be refused");
  return r.errors;
};
const configOf = (vars: Record<string, unknown>) => {
  const r = parseWorkerConfig(vars);
  if (!r.ok) throw new Error(r.errors.join("\n"));
  return r.value;
};

describe("Worker configuration", () => {
  it("defaults: production with only APP_SECRET and PUBLIC_BASE_URL", () => {
    expect(configOf(PROD)).toEqual({
      localMode: false,
      publicBaseUrl: "https://katto.example.com",
      publicOrigin: "https://katto.example.com",
      appSecret: SECRET,
      keyring: { current: SECRET, previous: undefined },
      adminToken: undefined,
      selfSignUp: false,
      render: { url: undefined, hdFanout: false, stallWindowMs: STALL_MINUTES * 60_000, hdRetryWindowMs: HD_RETRY_MINUTES * 60_000, backendSettings: {} },
      publishing: {
        tokenKeys: { current: SECRET, previous: undefined },
        apps: { youtube: null, tiktok: null, instagram: null, facebook: null, linkedin: null, x: null, threads: null },
        apiOrigins: {},
      },
      broll: { stock: null },
      mcp: { allowedOrigins: [] },
      presignedUploads: null,
    });
    expect(STALL_MINUTES).toBe(45);
    expect(HD_RETRY_MINUTES).toBe(10);
  });

  it("reads every setting, empty values counting as unset (wrangler.toml's empty vars)", () => {
    const c = configOf({
      ...PROD,
      PUBLIC_BASE_URL: "https://katto.example.com/base/",
      APP_SECRET_PREVIOUS: "old",
      ADMIN_TOKEN: "adm",
      SELF_SIGNUP: "true",
      RENDER_URL: "http://127.0.0.1:8788/",
      HD_FANOUT: "true",
      STALL_SECONDS: "8",
      HD_RETRY_SECONDS: "3",
      R2_S3_ENDPOINT: "https://acc.r2.cloudflarestorage.com/",
      R2_BUCKET_NAME: "katto-files",
      R2_ACCESS_KEY_ID: "id",
      R2_SECRET_ACCESS_KEY: "key",
    });
    expect(c).toMatchObject({
      publicBaseUrl: "https://katto.example.com/base",
      publicOrigin: "https://katto.example.com",
      keyring: { current: SECRET, previous: "old" },
      adminToken: "adm",
      selfSignUp: true,
      render: { url: "http://127.0.0.1:8788", hdFanout: true, stallWindowMs: 8000, hdRetryWindowMs: 3000 },
      presignedUploads: { endpoint: "https://acc.r2.cloudflarestorage.com", bucket: "katto-files", accessKeyId: "id", secretAccessKey: "key" },
    });
    const empty = { APP_SECRET_PREVIOUS: "", ADMIN_TOKEN: "", SELF_SIGNUP: "", RENDER_URL: "", HD_FANOUT: "", STALL_SECONDS: "", HD_RETRY_SECONDS: "", R2_S3_ENDPOINT: "", KATTO_TTS: "" };
    expect(configOf({ ...PROD, ...empty })).toEqual(configOf(PROD));
  });

  it("bindings beside the settings are not settings", () => {
    expect(configOf({ ...PROD, DB: env.DB, FILES: env.FILES, RENDER_QUEUE: env.RENDER_QUEUE })).toEqual(configOf(PROD));
  });

  it("APP_SECRET is required in local mode as in production, at least 32 characters, and never echoed", () => {
    for (const base of [{ LOCAL_MODE: "true" }, { PUBLIC_BASE_URL: "https://katto.example.com" }]) {
      expect(errorsOf(base)).toEqual([expect.stringMatching(new RegExp(`^APP_SECRET must be set \\(at least ${APP_SECRET_MIN_LENGTH} characters`))]);
      expect(errorsOf({ ...base, APP_SECRET: "" })).toEqual([expect.stringMatching(/^APP_SECRET must be set/)]);
    }
    const short = "x".repeat(APP_SECRET_MIN_LENGTH - 1);
    expect(errorsOf({ ...LOCAL, APP_SECRET: short })).toEqual([`APP_SECRET must be at least ${APP_SECRET_MIN_LENGTH} characters (e.g. \`openssl rand -base64 32\`); to replace a shorter one, rotate it (README "Configuration")`]);
    expect(configOf({ ...LOCAL, APP_SECRET: "x".repeat(APP_SECRET_MIN_LENGTH) }).appSecret).toHaveLength(APP_SECRET_MIN_LENGTH);
  });

  it("production needs PUBLIC_BASE_URL; local mode falls back to the request's origin", () => {
    expect(errorsOf({ APP_SECRET: SECRET })).toEqual([expect.stringMatching(/^PUBLIC_BASE_URL must be set in production \(LOCAL_MODE is not "true"\)/)]);
    expect(errorsOf({ APP_SECRET: SECRET, LOCAL_MODE: "false" })).toEqual([expect.stringMatching(/^PUBLIC_BASE_URL must be set in production/)]);
    expect(configOf(LOCAL)).toMatchObject({ localMode: true, publicBaseUrl: undefined, publicOrigin: undefined });
  });

  it("each bad value is refused with a message that names its variable and what it may be", () => {
    expect(errorsOf({ ...PROD, LOCAL_MODE: "yes" })).toEqual([expect.stringMatching(/^LOCAL_MODE=yes must be "true" \(local mode[^)]*\) or "false"; unset means "false"$/)]);
    expect(errorsOf({ ...PROD, SELF_SIGNUP: "TRUE" })).toEqual([expect.stringMatching(/^SELF_SIGNUP=TRUE must be "true" .* or "false"/)]);
    expect(errorsOf({ ...PROD, HD_FANOUT: "1" })).toEqual([expect.stringMatching(/^HD_FANOUT=1 must be "true" .* or "false"/)]);
    expect(errorsOf({ ...PROD, STALL_SECONDS: "45m" })).toEqual(["STALL_SECONDS=45m must be a whole number of seconds, 1 or more (unset: 2700, 45 minutes)"]);
    expect(errorsOf({ ...PROD, STALL_SECONDS: "0" })).toEqual(["STALL_SECONDS=0 must be a whole number of seconds, 1 or more (unset: 2700, 45 minutes)"]);
    expect(errorsOf({ ...PROD, HD_RETRY_SECONDS: "-5" })).toEqual(["HD_RETRY_SECONDS=-5 must be a whole number of seconds, 1 or more (unset: 600, 10 minutes)"]);
    expect(errorsOf({ ...PROD, PUBLIC_BASE_URL: "katto.example.com" })).toEqual([expect.stringMatching(/^PUBLIC_BASE_URL=katto.example.com must be an http\(s\) URL: the Worker's public origin/)]);
    expect(errorsOf({ ...PROD, RENDER_URL: "ftp://render" })).toEqual([expect.stringMatching(/^RENDER_URL=ftp:\/\/render must be an http\(s\) URL/)]);
    expect(errorsOf({ ...PROD, R2_S3_ENDPOINT: "not a url", R2_BUCKET_NAME: "b", R2_ACCESS_KEY_ID: "id", R2_SECRET_ACCESS_KEY: "k" })).toEqual([expect.stringMatching(/^R2_S3_ENDPOINT="not a url" must be an http\(s\) URL/)]);
  });

  it("presigned uploads need all their R2 settings; naming the missing ones, never a secret's value", () => {
    const errors = errorsOf({ ...PROD, R2_S3_ENDPOINT: "https://acc.r2.cloudflarestorage.com", R2_ACCESS_KEY_ID: "AKIDSECRETVALUE" });
    expect(errors).toEqual([expect.stringMatching(/^R2_SECRET_ACCESS_KEY must be set for presigned uploads/), expect.stringMatching(/^R2_BUCKET_NAME must be set for presigned uploads/)]);
    expect(errors.join("\n")).toContain("or leave R2_S3_ENDPOINT, R2_ACCESS_KEY_ID, R2_SECRET_ACCESS_KEY unset: uploads then go through the Worker");
    // wrangler.toml always names the bucket; alone it turns nothing on.
    expect(configOf({ ...PROD, R2_BUCKET_NAME: "katto-files" }).presignedUploads).toBeNull();
    expect(errorsOf({ LOCAL_MODE: "true", APP_SECRET: "too-short-secret-value" }).join("\n")).not.toContain("too-short-secret-value");
  });

  it("publishing: a platform's app needs both credentials; the vault's key follows APP_SECRET unless PUBLISH_TOKEN_KEY is set; stand-in origins only in local mode", () => {
    const c = configOf({ ...PROD, APP_SECRET_PREVIOUS: "old", YOUTUBE_CLIENT_ID: "yt-id", YOUTUBE_CLIENT_SECRET: "yt-secret", YOUTUBE_AUDITED: "true", TIKTOK_CLIENT_ID: "only-the-id" });
    expect(c.publishing.apps.youtube).toEqual({ clientId: "yt-id", clientSecret: "yt-secret", audited: true });
    expect(c.publishing.apps.tiktok).toBeNull();
    expect(c.publishing.tokenKeys).toEqual({ current: SECRET, previous: "old" });
    expect(configOf({ ...PROD, PUBLISH_TOKEN_KEY: "vault-key", PUBLISH_TOKEN_KEY_PREVIOUS: "old-vault-key", APP_SECRET_PREVIOUS: "old" }).publishing.tokenKeys).toEqual({ current: "vault-key", previous: "old-vault-key" });
    const origins = JSON.stringify({ youtube: "http://127.0.0.1:9001" });
    expect(configOf({ ...LOCAL, PUBLISH_API_ORIGINS: origins }).publishing.apiOrigins).toEqual({ youtube: "http://127.0.0.1:9001" });
    expect(configOf({ ...PROD, PUBLISH_API_ORIGINS: origins }).publishing.apiOrigins).toEqual({});
    expect(errorsOf({ ...LOCAL, PUBLISH_API_ORIGINS: "{youtube:" })).toEqual([expect.stringMatching(/^PUBLISH_API_ORIGINS="\{youtube:" must be a JSON object of platform to origin/)]);
    expect(errorsOf({ ...LOCAL, PUBLISH_API_ORIGINS: JSON.stringify({ myspace: "http://127.0.0.1:1" }) })[0]).toMatch(/^PUBLISH_API_ORIGINS/);
    expect(errorsOf({ ...PROD, X_AUDITED: "yes" })).toEqual([expect.stringMatching(/^X_AUDITED=yes must be "true"/)]);
    expect(errorsOf({ ...PROD, X_AUDITED: "yes", X_CLIENT_SECRET: "s3cr3t-value" }).join("\n")).not.toContain("s3cr3t-value");
  });

  it("MCP_ALLOWED_ORIGINS: a comma-separated list of bare origins; a path or a non-URL is refused naming the entry", () => {
    expect(configOf({ ...PROD, MCP_ALLOWED_ORIGINS: "https://app.example.com, http://agent.example:8080/" }).mcp.allowedOrigins).toEqual(["https://app.example.com", "http://agent.example:8080"]);
    expect(errorsOf({ ...PROD, MCP_ALLOWED_ORIGINS: "https://app.example.com/mcp" })).toEqual([expect.stringMatching(/^MCP_ALLOWED_ORIGINS=.*must be a comma-separated list of origins .*"https:\/\/app\.example\.com\/mcp" is not one/)]);
    expect(errorsOf({ ...PROD, MCP_ALLOWED_ORIGINS: "app.example.com" })).toEqual([expect.stringMatching(/"app\.example\.com" is not one/)]);
  });

  it("lists every bad setting at once", () => {
    expect(errorsOf({ LOCAL_MODE: "maybe", STALL_SECONDS: "soon" }).map((e) => e.split(/[ =]/)[0])).toEqual(["LOCAL_MODE", "APP_SECRET", "STALL_SECONDS", "PUBLIC_BASE_URL"]);
  });

  it("workerConfig parses an env once and remembers it; a bad one throws a ConfigError every time", () => {
    const good = { ...env };
    expect(workerConfig(good)).toBe(workerConfig(good));
    const bad = { ...env, STALL_SECONDS: "soon" };
    expect(() => workerConfig(bad)).toThrow(ConfigError);
    expect(() => workerConfig(bad)).toThrow(/invalid Worker configuration:\n {2}STALL_SECONDS=soon must be a whole number of seconds/);
  });
});

describe("a Worker whose settings are refused", () => {
  it("answers every request 503 naming the bad setting, and serves again once it is fixed", async () => {
    const worker = (await import("../../src/index")).default;
    const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
    const bad = { ...env, APP_SECRET: "" };
    for (const path of ["/api/v1/jobs", "/dashboard", "/"]) {
      const res = await worker.fetch(new Request(`http://127.0.0.1:8787${path}`), bad, ctx);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { error: string; code: string };
      expect(body.code).toBe("unavailable");
      expect(body.error).toMatch(/^This Katto server is misconfigured; its operator must fix the Worker's settings: APP_SECRET must be set/);
    }
    expect((await SELF.fetch("http://127.0.0.1:8787/")).status).toBe(200);
  });
});
