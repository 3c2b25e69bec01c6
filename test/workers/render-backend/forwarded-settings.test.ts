// The production container's environment (src/render-backend/container.ts) is the render backend
// settings the operator set as Worker vars and secrets (@katto/protocol RENDER_SETTINGS, which the
// backend's schema must name: the type-checker holds that), and the backend reads it as meant.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../container/src/runtime/config";
import { workerConfig } from "../../../src/config";

const forwarded = (vars: Record<string, string>) => workerConfig({ ...env, ...vars }).render.backendSettings;

describe("settings forwarded to the render container", () => {
  it("are the render settings set on the Worker, and no other setting or secret", () => {
    const vars = { KATTO_SPEECH_ENGINE: "workers-ai", CF_ACCOUNT_ID: "acc", CF_API_TOKEN: "tok", KATTO_DUB_ORIGINAL_DB: "off", KATTO_TTS: "", PORT: "8787", HOST: "0.0.0.0", KATTO_RENDER_TOKEN: "t" };
    expect(forwarded(vars)).toEqual({ KATTO_SPEECH_ENGINE: "workers-ai", CF_ACCOUNT_ID: "acc", CF_API_TOKEN: "tok", KATTO_DUB_ORIGINAL_DB: "off" });
    // The test env has APP_SECRET, ADMIN_TOKEN and PUBLIC_BASE_URL: none of them reaches a container.
    expect(forwarded({})).toEqual({});
  });

  it("configure the backend as the operator meant: engines, credentials and dubbing", () => {
    const c = loadConfig(forwarded({ KATTO_SPEECH_ENGINE: "workers-ai", KATTO_TRANSLATOR: "workers-ai", CF_ACCOUNT_ID: "acc", CF_API_TOKEN: "tok", KATTO_DUB_ORIGINAL_DB: "off", KATTO_RENDER_SLOTS: "2", HOST: "0.0.0.0", PORT: "9999" }));
    expect(c.speech).toEqual({ engine: "workers-ai", cloudflare: { accountId: "acc", apiToken: "tok", baseUrl: "https://api.cloudflare.com/client/v4" } });
    expect(c.dub.translator.engine).toBe("workers-ai");
    expect(c.dub.originalGainDb).toBeNull();
    expect(c.render.slots).toBe(2);
    // The image places the process: HOST and PORT stay the backend's defaults whatever the Worker has.
    expect(c.server).toEqual(loadConfig({}).server);
  });
});
