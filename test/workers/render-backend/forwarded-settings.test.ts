// Every render backend setting an operator chooses (README "Configuration", checked against the
// backend's schema in container/test/config) reaches the production container.
import { describe, expect, it } from "vitest";
import { FORWARDED_SETTINGS, PROCESS_SETTINGS } from "../../../container/src/config";
import { RENDER_ENV_KEYS, renderEnvFrom } from "../../../src/render-backend/container";

describe("settings forwarded to the render container", () => {
  it("are exactly the backend's operator settings from its configuration schema", () => {
    expect([...RENDER_ENV_KEYS].sort()).toEqual([...FORWARDED_SETTINGS].sort());
    for (const k of PROCESS_SETTINGS) expect(RENDER_ENV_KEYS).not.toContain(k);
  });

  it("pass KATTO_DUB_ORIGINAL_DB and the other dubbing settings from the Worker's vars", () => {
    expect(renderEnvFrom({ KATTO_DUB_ORIGINAL_DB: "off", KATTO_TRANSLATOR: "workers-ai", PORT: "8787", HOST: "0.0.0.0" })).toEqual({ KATTO_DUB_ORIGINAL_DB: "off", KATTO_TRANSLATOR: "workers-ai" });
  });
});
