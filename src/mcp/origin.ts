// Which browser origins may call /mcp. The MCP transport spec (2025-11-25, "Streamable HTTP",
// "Security warning") says a server must validate the Origin header of every request and answer an
// invalid one with 403, so a web page the user visits cannot drive the server through their browser
// (DNS rebinding against a local server, or a page riding a loopback port). Requests without Origin
// come from server-side clients (the MCP SDKs, the Inspector's CLI, curl), which a browser never
// sends, and stay allowed: the bearer credential is what authenticates them.
import { isLoopbackHost } from "@katto/protocol";

export interface OriginPolicy {
  /**
   * The Worker's public origin (PUBLIC_BASE_URL). Never the request's own Host: in a DNS rebinding
   * attack the page's Origin and the Host it sent are the same foreign name (evil.example resolving
   * to 127.0.0.1), so "same as the Host" would let it in. Unset only in local mode, where the
   * loopback origins are the Worker's own.
   */
  ownOrigin: string | undefined;
  /** Local mode: loopback origins (localhost, 127.0.0.0/8, [::1]) on any port are allowed too. */
  localMode: boolean;
  /** The operator's MCP_ALLOWED_ORIGINS. */
  allowedOrigins: readonly string[];
}

/** Whether a request with this Origin header (null: none sent) may reach the MCP transport. */
export function mcpOriginAllowed(origin: string | null, policy: OriginPolicy): boolean {
  if (origin === null) return true;
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    // "null" (a sandboxed frame, a file: page) and anything unparsable is not an origin we know.
    return false;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return false;
  if (u.origin === policy.ownOrigin) return true;
  if (policy.allowedOrigins.includes(u.origin)) return true;
  return policy.localMode && isLoopbackHost(u.hostname);
}

/** The 403 a refused Origin gets: a JSON-RPC error body, as the transport's other refusals. */
export const forbiddenOrigin = (origin: string) =>
  Response.json(
    {
      jsonrpc: "2.0",
      error: { code: -32000, message: `Forbidden: requests from the web page origin ${JSON.stringify(origin)} may not call this MCP server. Its operator can allow an origin with MCP_ALLOWED_ORIGINS.` },
      id: null,
    },
    { status: 403 },
  );
