import { describe, expect, it } from "vitest";
import { renderEnvFrom } from "../../../src/render-backend/container";

describe("render container environment", () => {
  it("passes the backend's settings from the Worker's vars and secrets, nothing else", () => {
    expect(renderEnvFrom({ KATTO_SPEECH_ENGINE: "workers-ai", CF_ACCOUNT_ID: "acc", CF_API_TOKEN: "tok", ADMIN_TOKEN: "secret", APP_SECRET: "x", KATTO_TTS: "" })).toEqual({
      KATTO_SPEECH_ENGINE: "workers-ai",
      CF_ACCOUNT_ID: "acc",
      CF_API_TOKEN: "tok",
    });
  });
});
