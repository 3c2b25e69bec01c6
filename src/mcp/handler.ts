// The hosted MCP endpoint (POST /mcp): stateless streamable HTTP, a fresh server and transport per
// request (a stateless transport throws when reused). Every tool calls the REST API through the SDK
// client whose fetch is this Worker's own app, in process: same auth, limits and quota as REST.
//
// Credentials (docs/api-decisions.md "MCP: how hosted tool calls authenticate"): whatever got the
// request in (an API key resolved by resolveExternalToken, or an OAuth grant), ctx.props carries an
// API key, and the in-process calls send it exactly as a REST client would. An OAuth grant gets its
// own key, named "MCP: <client>", minted at approval; no principal is ever trusted from a header.
import { createApi } from "@katto/sdk";
import { createKattoMcpServer } from "@katto/mcp";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Env } from "../env";
import { UnauthorizedError } from "../errors";
import { authenticate } from "../services/auth/keys";

export interface McpProps {
  /** The API key the tools call the REST API with (the caller's own, or the grant's "MCP: <client>" key). */
  apiKey: string;
  accountId: string;
  via: "api_key" | "oauth";
}

type AppFetch = (req: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

const jsonRpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers });

/** Does the batch ask for progress? Then answer as an SSE stream so notifications can flow; else one JSON body. */
const wantsProgress = (body: unknown) =>
  (Array.isArray(body) ? body : [body]).some((m) => (m as { params?: { _meta?: { progressToken?: unknown } } } | null)?.params?._meta?.progressToken !== undefined);

export async function handleMcpRequest(request: Request, env: Env, ctx: ExecutionContext & { props?: unknown }, appFetch: AppFetch, resourceMetadataUrl: string): Promise<Response> {
  if (request.method !== "POST") {
    // Stateless: no standalone SSE stream (GET) and no session to end (DELETE).
    return jsonRpcError(405, -32000, "Method not allowed: send MCP messages with POST (this server is stateless).", { Allow: "POST" });
  }
  const props = ctx.props as McpProps | undefined;
  if (!props?.apiKey) return jsonRpcError(401, -32001, "Unauthorized.");
  // Re-check the key on every request so a revoked key (or a revoked grant's key) is refused at once.
  try {
    await authenticate(env.DB, `Bearer ${props.apiKey}`);
  } catch (err) {
    if (!(err instanceof UnauthorizedError)) throw err;
    return jsonRpcError(401, -32001, props.via === "oauth" ? "This connection was revoked. Reconnect the MCP client to sign in again." : "Invalid or revoked API key.", {
      "WWW-Authenticate": `Bearer error="invalid_token", resource_metadata="${resourceMetadataUrl}"`,
    });
  }

  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return jsonRpcError(400, -32700, "Parse error: the body must be a JSON-RPC message.");
  }

  const origin = new URL(request.url).origin;
  // The caller's address goes with the in-process calls so the per-IP limit counts the real client
  // (cf-connecting-ip is set by Cloudflare's edge and cannot be supplied by the client there).
  const ip = request.headers.get("cf-connecting-ip");
  const api = createApi({
    baseUrl: origin,
    apiKey: props.apiKey,
    headers: { "User-Agent": "katto-mcp-hosted/0.1.0" },
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      if (ip) req.headers.set("cf-connecting-ip", ip);
      return appFetch(req, env, ctx);
    },
  });
  const server = createKattoMcpServer({ api });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !wantsProgress(body) });
  await server.connect(transport);
  return transport.handleRequest(request, { parsedBody: body });
}
