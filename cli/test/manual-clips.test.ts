import { describe, expect, it } from "vitest";
import { secondsArg } from "../src/commands/manual-clips";
import { CliError, EXIT } from "../src/exit-codes";
import { COMMANDS } from "../src/commands";

describe("katto clips add / katto candidates", () => {
  it("reads seconds as 12.5 or minutes:seconds, and refuses anything else with a usage error naming the flag", () => {
    expect(secondsArg("12.5", "start")).toBe(12.5);
    expect(secondsArg("1:05.5", "end")).toBe(65.5);
    expect(secondsArg(" 0:04 ", "end")).toBe(4);
    expect(() => secondsArg("soon", "start")).toThrow(/--start must be seconds \(12.5\) or minutes:seconds/);
    expect(() => secondsArg(undefined, "end")).toThrow(/--end is required/);
    let thrown: unknown;
    try {
      secondsArg("-3", "start");
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(CliError);
    expect((thrown as CliError).exitCode).toBe(EXIT.usage);
  });

  it("are registered beside `katto clips`, whose job-id form still works", () => {
    const names = COMMANDS.map((c) => c.words.join(" "));
    expect(names).toEqual(expect.arrayContaining(["clips", "clips add", "candidates"]));
  });
});
