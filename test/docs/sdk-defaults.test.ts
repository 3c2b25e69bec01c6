// Values docs/api-decisions.md "SDK and CLI" promises that no sdk/ or cli/ test pins down.
import { describe, expect, it } from "vitest";
import { DEFAULT_BASE_URL } from "../../sdk/src/client";

describe("SDK defaults", () => {
  it("the default base URL is https://api.katto.dev", () => {
    expect(DEFAULT_BASE_URL).toBe("https://api.katto.dev");
  });
});
