// Every workspace type-checks: the Worker⇄backend contract (@katto/protocol), the public schemas
// and the SDK's generated types are only "one edit both sides see" if a wrong edit fails the build.
// The check runs TypeScript's native compiler (tsgo, @typescript/native-preview, pinned): the same
// errors as tsc, in half its CPU time (27 s against 55 s for the six workspaces here), which the
// suite's 15 minutes need. Editors and the SDK's compile check (test/system/openapi.test.ts) keep tsc.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "../..");
const tsgo = path.join(root, "node_modules/.bin/tsgo");
const run = promisify(execFile);

async function typecheck(project: string): Promise<string> {
  try {
    await run(tsgo, ["--noEmit", "-p", project], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    return "";
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    return `${err.stdout ?? ""}${err.stderr ?? ""}` || err.message;
  }
}

describe("tsgo --noEmit", () => {
  it.each([".", "protocol", "container", "sdk", "mcp", "cli"])("workspace %s type-checks", async (project) => {
    expect(await typecheck(project)).toBe("");
  }, 600_000);
});
