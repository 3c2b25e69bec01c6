import { describe, expect, it } from "vitest";
import { createSpeechEngine } from "../../src/engines/speech/index.js";
import { loadConfig } from "../../src/runtime/config.js";
import { pocketsphinxArgs, SEARCH_EFFORT } from "../../src/engines/speech/pocketsphinx.js";

describe("pocketsphinx search effort", () => {
  it("caps the search by default and leaves it alone when accurate", () => {
    expect(pocketsphinxArgs("a.wav").slice(0, 4)).toEqual(SEARCH_EFFORT.fast);
    expect(pocketsphinxArgs("a.wav", undefined, "accurate")[0]).toBe("-infile");
  });
  it("is chosen by KATTO_POCKETSPHINX_SEARCH and refuses other values", () => {
    expect(createSpeechEngine(loadConfig({ KATTO_POCKETSPHINX_SEARCH: "accurate" }).speech).name).toBe("pocketsphinx");
    expect(() => createSpeechEngine(loadConfig({ KATTO_POCKETSPHINX_SEARCH: "turbo" }).speech)).toThrow(/fast or accurate/);
  });
});
