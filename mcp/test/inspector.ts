// The MCP Inspector's CLI (pinned 2.12.0) run the way its docs show, asking for the tool list with
// its schema portability check in full: `mcp-inspector --cli --method tools/list --strict
// --format json`. Used here (katto-mcp's tools without the stack) and by test/system/mcp.test.ts
// (both real servers against the running stack).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const INSPECTOR_BIN = path.join(ROOT, "node_modules/.bin/mcp-inspector");

/** A server as the inspector reaches it: over streamable HTTP with headers, or a command over stdio. */
export type InspectedServer = { url: string; headers: Record<string, string> } | { command: string[]; env?: Record<string, string>; cwd?: string };

/** One portability finding as the inspector reports it (severity "error" or "warning"). */
export interface SchemaFinding {
  rule: string;
  severity: string;
  schema: string;
  path: string;
  issue: string;
}

export interface StrictToolList {
  tools: { name: string; inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown> }[];
  /** Every finding, warnings included, as "<tool> <inputSchema|outputSchema>.<path>: [<rule>] <issue>". */
  findings: string[];
  /** The inspector's exit code: 6 when a finding is an error. */
  exitCode: number;
}

export async function listToolsStrictly(server: InspectedServer): Promise<StrictToolList> {
  const target =
    "url" in server
      ? [server.url, "--transport", "http", ...Object.entries(server.headers).flatMap(([k, v]) => ["--header", `${k}: ${v}`])]
      : Object.entries(server.env ?? {}).flatMap(([k, v]) => ["-e", `${k}=${v}`]);
  // Options first, the stdio command last: `-e` takes several values and would swallow it.
  const args = [INSPECTOR_BIN, "--cli", ...target, "--method", "tools/list", "--strict", "--format", "json", ...("command" in server ? server.command : [])];
  let stdout: string;
  let exitCode = 0;
  try {
    ({ stdout } = await promisify(execFile)(process.execPath, args, { cwd: "cwd" in server ? server.cwd : ROOT, timeout: 120_000, maxBuffer: 32 * 1024 * 1024 }));
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string; message: string };
    if (!err.stdout) throw new Error(`mcp-inspector failed: ${err.stderr || err.message}`);
    ({ stdout } = err as { stdout: string });
    exitCode = err.code ?? 1;
  }
  const out = JSON.parse(stdout) as { result: { tools: StrictToolList["tools"] }; schemaFindings?: { toolName: string; findings: SchemaFinding[] }[] };
  const findings = (out.schemaFindings ?? []).flatMap(({ toolName, findings: fs }) => fs.map((f) => `${toolName} ${f.schema}${f.path ? `.${f.path}` : ""}: [${f.rule}] ${f.issue}`));
  return { tools: out.result.tools, findings, exitCode };
}
