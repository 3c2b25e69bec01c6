// Settings docs/api-decisions.md promises that live in wrangler.toml rather than in code.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const wrangler = readFileSync(path.resolve(import.meta.dirname, "../../wrangler.toml"), "utf8");

describe("wrangler.toml", () => {
  it("runs the cron trigger every 5 minutes (upload sweep and stalled-job watchdog)", () => {
    const triggers = /\[triggers\][^[]*?crons\s*=\s*(\[[^\]]*\])/.exec(wrangler);
    expect(triggers, "a [triggers] crons entry").not.toBeNull();
    expect(JSON.parse(triggers![1])).toEqual(["*/5 * * * *"]);
  });
});
