// katto transcript edit / katto clips trim: flags to request bodies (issue 22), and usage errors
// with exit code 2 before any request.
import { describe, expect, it } from "vitest";
import { editsFromFlags, parseAssignment } from "../src/commands/transcript-edit";
import { main } from "../src/main";
import { EXIT } from "../src/exit-codes";

describe("katto transcript edit flags", () => {
  it("turn --replace, --delete and --segment into the API's edits", () => {
    expect(editsFromFlags({ replace: ["12=Katto", "3=going to"], delete: ["13", "14,15"], segment: ["2=a = b"] })).toEqual([
      { index: 12, text: "Katto" },
      { index: 3, text: "going to" },
      { index: 13, text: "" },
      { index: 14, text: "" },
      { index: 15, text: "" },
      { segment: 2, text: "a = b" },
    ]);
    expect(parseAssignment("replace", "0=x=y")).toEqual([0, "x=y"]);
  });

  it.each([
    [{ replace: ["Katto"] }, /--replace takes INDEX=TEXT/],
    [{ replace: ["x=Katto"] }, /must be a whole number/],
    [{ replace: ["4="] }, /use --delete 4/],
    [{}, /Nothing to edit/],
  ])("refuse %j with a usage error", (flags, message) => {
    expect(() => editsFromFlags(flags)).toThrow(message);
    try {
      editsFromFlags(flags);
    } catch (e) {
      expect((e as { exitCode: number }).exitCode).toBe(EXIT.usage);
    }
  });

  it("exit 2 without --revision, and for clips trim without exactly one start and one end", async () => {
    const env = { KATTO_API_KEY: "katto_test", KATTO_BASE_URL: "http://127.0.0.1:9" };
    const saved = { ...process.env };
    Object.assign(process.env, env);
    const stderr = process.stderr.write.bind(process.stderr);
    const lines: string[] = [];
    process.stderr.write = ((s: string) => (lines.push(String(s)), true)) as typeof process.stderr.write;
    try {
      expect(await main(["transcript", "edit", "00000000-0000-4000-8000-000000000000", "--replace", "1=x"])).toBe(EXIT.usage);
      expect(lines.join("")).toMatch(/--revision is required/);
      expect(await main(["clips", "trim", "00000000-0000-4000-8000-000000000000", "0", "--start", "3"])).toBe(EXIT.usage);
      expect(lines.join("")).toMatch(/exactly one of --end SECONDS or --end-word INDEX/);
      expect(await main(["clips", "trim", "00000000-0000-4000-8000-000000000000", "0", "--start", "3", "--start-word", "2", "--end", "9"])).toBe(EXIT.usage);
      expect(await main(["clips", "trim", "00000000-0000-4000-8000-000000000000", "0", "--start", "3s", "--end", "9"])).toBe(EXIT.usage);
      expect(lines.join("")).toMatch(/--start must be a number of seconds, got "3s"/);
    } finally {
      process.stderr.write = stderr;
      process.env = saved;
    }
  });
});
