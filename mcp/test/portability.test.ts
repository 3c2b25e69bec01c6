// MCP schema portability (issue 25): the MCP Inspector's strict check finds nothing, not even a
// warning, in the schemas of the tools katto-mcp lists (the hosted server's shared tools
// the local upload and the local B-roll add). Both real servers are checked the same way against the running stack in
// test/system/mcp.test.ts.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listToolsStrictly } from "./inspector";

/** The shared tools and the two local ones (upload, B-roll add). */
const STDIO_COUNT = 30;

const TSX = path.resolve(import.meta.dirname, "../../node_modules/tsx/dist/cli.mjs");

describe("tool schema portability", () => {
  it("mcp-inspector --cli --strict reports no finding in any of the tools' schemas", async () => {
    const listed = await listToolsStrictly({ command: [process.execPath, TSX, path.join(import.meta.dirname, "tools-server.ts")] });
    expect(listed.tools).toHaveLength(STDIO_COUNT);
    expect(listed.findings).toEqual([]);
    expect(listed.exitCode).toBe(0);
  }, 120_000);
});
