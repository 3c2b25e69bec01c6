// The Worker's front door: @cloudflare/workers-oauth-provider wraps the Hono app. It serves the
// OAuth endpoints (metadata, /oauth/token, /oauth/register), checks the bearer on /mcp (its own
// tokens, or an API key through resolveExternalToken) and hands everything else, untouched, to the
// app (which owns the approval screen at /oauth/authorize). State lives in the OAUTH_KV binding.
import { OAuthProvider } from "@cloudflare/workers-oauth-provider";
import { isLoopbackHost } from "@katto/protocol";
import { workerConfig } from "../config";
import type { Env } from "../env";
import { UnauthorizedError } from "../errors";
import { authenticate } from "../services/auth/keys";
import { handleMcpRequest, type McpProps } from "./handler";
import { forbiddenOrigin, mcpOriginAllowed } from "./origin";

type AppFetch = (req: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

export const MCP_PATH = "/mcp";
export const OAUTH_AUTHORIZE_PATH = "/oauth/authorize";
export const OAUTH_TOKEN_PATH = "/oauth/token";
export const OAUTH_REGISTER_PATH = "/oauth/register";
/** OAuth scopes are the API's scopes: read (every read tool) and write (create, cancel, re-render, dub, upload). */
export const OAUTH_SCOPES = ["read", "write"] as const;

/**
 * CIMD makes the Worker fetch a client's metadata URL, which the provider allows only under the
 * `global_fetch_strictly_public` compatibility flag (no private addresses). wrangler.toml sets it:
 * production refuses private addresses, local workerd does not enforce it (so the loopback render
 * backend and test webhooks keep working). CIMD follows the flag (docs/mcp.md "Production and local").
 */
export const cimdEnabled = () =>
  !!(globalThis as { Cloudflare?: { compatibilityFlags?: Record<string, boolean> } }).Cloudflare?.compatibilityFlags?.global_fetch_strictly_public;

const providers = new Map<string, OAuthProvider<Env>>();

/** One provider per public origin: RFC 9728 wants the resource URL absolute, and local ports vary. */
function providerFor(origin: string, appFetch: AppFetch): OAuthProvider<Env> {
  let p = providers.get(origin);
  if (p) return p;
  const resourceMetadataUrl = `${origin}/.well-known/oauth-protected-resource${MCP_PATH}`;
  p = new OAuthProvider<Env>({
    apiRoute: MCP_PATH,
    apiHandler: { fetch: (req, env, ctx) => handleMcpRequest(req, env, ctx as ExecutionContext & { props?: unknown }, appFetch, resourceMetadataUrl) },
    defaultHandler: { fetch: (req, env, ctx) => appFetch(req as Request, env, ctx) },
    authorizeEndpoint: OAUTH_AUTHORIZE_PATH,
    tokenEndpoint: OAUTH_TOKEN_PATH,
    clientRegistrationEndpoint: OAUTH_REGISTER_PATH,
    scopesSupported: [...OAUTH_SCOPES],
    requiredScopes: ["read"],
    resourceMetadata: { resource: `${origin}${MCP_PATH}`, resource_name: "Katto MCP server" },
    clientIdMetadataDocumentEnabled: cimdEnabled(),
    accessTokenTTL: 3600,
    // The same bearer API key as REST (spec "Tool server"): resolved only after the provider's own
    // token lookup fails. A revoked or unknown key gets the provider's 401 invalid_token.
    resolveExternalToken: async ({ token, env }) => {
      try {
        const principal = await authenticate(env.DB, `Bearer ${token}`);
        const props: McpProps = { apiKey: token, accountId: principal.accountId, via: "api_key" };
        return { props, audience: `${origin}${MCP_PATH}` };
      } catch (err) {
        if (err instanceof UnauthorizedError) return null;
        throw err;
      }
    },
  });
  providers.set(origin, p);
  return p;
}

/**
 * The provider answers only /mcp, /oauth/token, /oauth/register and /.well-known/*; every other
 * path it hands to the app unchanged. The public API (/api/v1/*) goes to the app directly, without
 * the provider's per-request URL parsing and route checks (about 0.3 ms of CPU per request here).
 */
const APP_ONLY_PREFIX = "/api/v1/";

/** Whether a request URL's path starts with `prefix`, without parsing the whole URL. */
function pathStartsWith(url: string, prefix: string): boolean {
  const pathStart = url.indexOf("/", url.indexOf("://") + 3);
  return pathStart >= 0 && url.startsWith(prefix, pathStart);
}

/**
 * The origin the MCP resource (and every token's audience) is named by: PUBLIC_BASE_URL, except that
 * in local mode a loopback request keeps its own origin, so http://localhost:8787/mcp and
 * http://127.0.0.1:8787/mcp both work with a key (the provider checks a token's audience against the
 * request's host). A request naming any other host still gets PUBLIC_BASE_URL, so a rebound name
 * cannot become the audience.
 */
export function resourceOrigin(url: URL, config: { publicOrigin?: string; localMode: boolean }): string {
  if (config.localMode && isLoopbackHost(url.hostname)) return url.origin;
  return config.publicOrigin ?? url.origin;
}

export function withOAuth(appFetch: AppFetch) {
  return (req: Request, env: Env, ctx: ExecutionContext) => {
    if (pathStartsWith(req.url, APP_ONLY_PREFIX)) return appFetch(req, env, ctx);
    const config = workerConfig(env);
    const origin = resourceOrigin(new URL(req.url), config);
    // Before the credential check: a foreign page gets 403 whether or not the browser holds a token.
    const sentOrigin = req.headers.get("origin");
    if (pathStartsWith(req.url, MCP_PATH) && !mcpOriginAllowed(sentOrigin, { ownOrigin: config.publicOrigin, localMode: config.localMode, allowedOrigins: config.mcp.allowedOrigins })) {
      return forbiddenOrigin(sentOrigin!);
    }
    return providerFor(origin, appFetch).fetch(req, env, ctx);
  };
}
