// The runtime-neutral server factory: no node:* imports, so the Worker can build one per request
// (a stateless transport cannot be reused across requests) and katto-mcp builds one per process.
import type { KattoApi } from "@katto/sdk";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { errorText, type KattoTool } from "./tool";
import { sharedTools } from "./tools/index";

export const SERVER_INFO = { name: "katto", version: "0.1.0" };

export interface KattoMcpServerOptions {
  /** The typed client every tool calls (the Worker passes one whose fetch is its own app). */
  api: KattoApi;
  /** Tools only one door offers (the local server's service_upload_file). */
  extraTools?: KattoTool[];
  /** Where unexpected (non-API) failures are logged; stderr in katto-mcp, console in the Worker. */
  log?: (line: string) => void;
}

export function createKattoMcpServer({ api, extraTools = [], log = (l) => console.error(l) }: KattoMcpServerOptions): McpServer {
  const server = new McpServer(SERVER_INFO, {
    instructions:
      "Katto turns long videos into ranked, captioned 9:16 clips. Typical flow: service_create_clip_job (spends one video of quota) -> service_wait_for_job (repeat until done) -> service_get_clips. Re-renders and dubbing are free.",
  });
  for (const tool of [...sharedTools, ...extraTools]) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, outputSchema: tool.output, annotations: { title: tool.title, ...tool.annotations } },
      async (args: Record<string, unknown>, extra): Promise<CallToolResult> => {
        try {
          const out = (await tool.run(args as never, { api, extra })) as Record<string, unknown>;
          return { structuredContent: out, content: [{ type: "text", text: `${tool.summary(out as never)}\n\n${JSON.stringify(out, null, 2)}` }] };
        } catch (err) {
          const text = errorText(err);
          if (text.startsWith("Could not reach")) log(JSON.stringify({ msg: "tool failed", tool: tool.name, error: String(err) }));
          return { isError: true, content: [{ type: "text", text }] };
        }
      },
    );
  }
  return server;
}
