// One definition per tool (STYLE.md "CLI and agents"): name, zod input shape, zod output schema,
// annotations and a run() against the typed SDK client. server.ts registers the same list on the
// stdio server (katto-mcp) and on the Worker's per-request server at /mcp.
import type { KattoApi, UploadProgress } from "@katto/sdk";
import { KattoApiError } from "@katto/sdk";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";

export interface ToolContext {
  api: KattoApi;
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>;
}

export interface KattoTool<I extends z.ZodRawShape = z.ZodRawShape, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: Required<Pick<ToolAnnotations, "readOnlyHint" | "destructiveHint" | "idempotentHint" | "openWorldHint">>;
  /** Offered only by the local (stdio) server: it reads the caller's file system. */
  localOnly?: boolean;
  run(args: z.infer<z.ZodObject<I>>, ctx: ToolContext): Promise<z.infer<O>>;
  /** One readable line for the text content (the structured result follows it as JSON). */
  summary(out: z.infer<O>): string;
}

export const defineTool = <I extends z.ZodRawShape, O extends z.ZodObject>(t: KattoTool<I, O>) => t as unknown as KattoTool;

/** openapi-fetch result -> data, or the API's `{error}` as a KattoApiError (the SDK's one helper). */
export { unwrap } from "@katto/sdk";

/** A tool error an agent can act on: the API's message, its status, and on 429/503 when to retry. */
export function errorText(err: unknown): string {
  if (err instanceof KattoApiError) {
    let text = `Katto API error ${err.status}${err.code ? ` (${err.code})` : ""}: ${err.message}`;
    if ((err.status === 429 || err.status === 503) && !/retry in \d+ second/i.test(err.message)) text += ` Retry after ${err.retryAfter ?? 1} seconds.`;
    if (err.status === 401) text += " Check the API key or reconnect the MCP client (the key or grant may have been revoked).";
    if (err.status === 403 && /scope/i.test(err.message)) text += " This needs a key or grant with the write scope.";
    return text;
  }
  if (err instanceof ToolInputError) return err.message;
  // Never echo internals (STYLE.md "Errors"): network failures get a generic, actionable line.
  return "Could not reach the Katto API. Check KATTO_BASE_URL and your network, then retry.";
}

/** A problem with the tool's own input that the API never saw (for example a local file that does not exist). */
export class ToolInputError extends Error {}

/**
 * Send a progress notification for the current call, if the caller asked for progress. It then
 * yields ~20 ms: the MCP TypeScript SDK client dispatches notifications a microtask late but handles
 * a response at once, so a final notification that reaches it in the same read as the result is
 * dropped (its progress handler is gone). Seen over stdio in test/system/mcp.test.ts.
 */
export async function sendProgress(extra: ToolContext["extra"], progress: number, message: string) {
  const token = extra._meta?.progressToken;
  if (token === undefined) return;
  await extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress, total: 100, message } });
  await new Promise((r) => setTimeout(r, 20));
}

/**
 * The SDK's upload progress as MCP progress notifications, in order: `onProgress` for the upload's
 * options, and `settled`, to await before answering (so the last notification is not lost). Whole
 * percents only, so a large file is not chatty; 100 only once the upload is done.
 */
export function uploadProgress(extra: ToolContext["extra"]) {
  let lastPct = -1;
  let sent = Promise.resolve();
  return {
    onProgress: (p: UploadProgress) => {
      const pct = p.phase === "done" ? 100 : Math.floor((p.loaded / Math.max(p.total, 1)) * 99);
      if (pct === lastPct) return;
      lastPct = pct;
      sent = sent.then(() => sendProgress(extra, pct, p.phase));
    },
    settled: () => sent,
  };
}
