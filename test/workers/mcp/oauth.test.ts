// OAuth 2.1 end to end inside workerd: dynamic registration -> /oauth/authorize with PKCE ->
// dashboard sign-in -> consent (client name, redirect host, scopes) -> code -> token -> tools/call
// at /mcp; then disconnecting the app (revoking the grant) and revoking its key each give 401.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ADMIN, BASE } from "../helpers";

const PASSWORD = "correct horse battery staple";
const REDIRECT = "http://127.0.0.1:33418/callback";

const b64url = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

class Jar {
  cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair.indexOf("=");
      this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1));
    }
  }
  header = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

const mcp = (token: string, body: unknown) =>
  SELF.fetch(`${BASE}/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream", "cf-connecting-ip": "198.51.100.9" },
    body: JSON.stringify(body),
  });

async function account() {
  const email = `${crypto.randomUUID()}@example.test`;
  const res = await SELF.fetch(`${BASE}/admin/v1/accounts`, { method: "POST", headers: ADMIN, body: JSON.stringify({ email, plan: "creator", password: PASSWORD }) });
  expect(res.status).toBe(201);
  return { email, ...((await res.json()) as { id: string }) };
}

/** Runs the whole browser side of the flow and returns the access token. */
async function connect(email: string, scope = "read write", cimd?: { clientId: string; redirect: string }) {
  const REDIRECT_URI = cimd?.redirect ?? REDIRECT;
  const client_id = cimd?.clientId ?? (await register());
  return authorize(email, scope, client_id, REDIRECT_URI);
}

async function register() {
  const reg = await SELF.fetch(`${BASE}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Test Agent <b>", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] }),
  });
  expect(reg.status).toBe(201);
  return ((await reg.json()) as { client_id: string }).client_id;
}

async function authorize(email: string, scope: string, client_id: string, REDIRECT: string) {
  const verifier = b64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = b64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  const q = new URLSearchParams({ response_type: "code", client_id, redirect_uri: REDIRECT, scope, state: "st-1", code_challenge: challenge, code_challenge_method: "S256", resource: `${BASE}/mcp` });
  const authorizeUrl = `${BASE}/oauth/authorize?${q}`;
  const jar = new Jar();

  const signInPage = await SELF.fetch(authorizeUrl);
  expect(signInPage.status).toBe(200);
  expect(await signInPage.text()).toContain('name="password"');

  const form = (fields: Record<string, string | string[]>) => {
    const f = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) f.append(k, x);
    return f;
  };
  const post = (fields: Record<string, string | string[]>, origin = BASE) =>
    SELF.fetch(authorizeUrl, { method: "POST", redirect: "manual", headers: { origin, cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" }, body: form(fields) });

  const wrong = await post({ step: "sign_in", email, password: "not the password at all" });
  expect(wrong.status).toBe(401);
  expect(await wrong.text()).toContain("Email or password is incorrect.");

  const consent = await post({ step: "sign_in", email, password: PASSWORD });
  expect(consent.status).toBe(200);
  jar.take(consent);
  const html = await consent.text();
  if (client_id.startsWith("https://")) expect(html).toContain("Published by <strong>cimd.example</strong>");
  else expect(html).toContain("Test Agent &lt;b&gt;"); // the client's self-asserted name, escaped
  expect(html).toContain("127.0.0.1"); // where access goes
  expect(html).toMatch(/name="scope" value="read"/);
  const handle = /name="handle" value="([^"]+)"/.exec(html)![1];

  // A cross-site post of the same form is refused.
  expect((await post({ step: "consent", handle, decision: "approve", scope: ["read", "write"] }, "https://evil.example")).status).toBe(403);

  const approved = await post({ step: "consent", handle, decision: "approve", scope: scope.split(" ") });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get("location")!);
  expect(back.origin + back.pathname).toBe(REDIRECT);
  expect(back.searchParams.get("state")).toBe("st-1");
  const code = back.searchParams.get("code")!;

  const tok = await SELF.fetch(`${BASE}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT, client_id, code_verifier: verifier, resource: `${BASE}/mcp` }),
  });
  expect(tok.status).toBe(200);
  const token = (await tok.json()) as { access_token: string; scope: string };
  return { token: token.access_token, scope: token.scope, jar };
}

describe("OAuth for the hosted MCP server", () => {
  it("registers, signs in, approves, exchanges the code with PKCE and calls a tool; disconnecting the app gives 401", async () => {
    const a = await account();
    const { token, scope, jar } = await connect(a.email);
    expect(scope.split(" ").sort()).toEqual(["read", "write"]);

    const call = await mcp(token, { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "service_get_account", arguments: {} } });
    expect(call.status).toBe(200);
    const { result } = (await call.json()) as { result: { structuredContent: { user_id: string; key: { scopes: string[] } } } };
    expect(result.structuredContent.user_id).toBe(a.id);
    expect(result.structuredContent.key.scopes).toEqual(["read", "write"]);

    const grants = await SELF.fetch(`${BASE}/oauth/grants`, { headers: { cookie: jar.header() } });
    const { grants: list } = (await grants.json()) as { grants: { id: string; client_name: string }[] };
    expect(list).toHaveLength(1);
    expect(list[0].client_name).toBe("Test Agent <b>");
    const revoke = await SELF.fetch(`${BASE}/oauth/grants/${list[0].id}/revoke`, { method: "POST", headers: { cookie: jar.header(), origin: BASE } });
    expect(revoke.status).toBe(200);
    expect((await mcp(token, { jsonrpc: "2.0", id: 2, method: "tools/list" })).status).toBe(401);
  });

  it("disconnecting the app forgets its key's principal cached in the key's rate-limit objects before answering", async () => {
    const a = await account();
    const { jar } = await connect(a.email);
    const { key_hash: hash } = (await env.DB.prepare("SELECT key_hash FROM api_keys WHERE account_id = ? AND name LIKE 'MCP:%'").bind(a.id).first<{ key_hash: string }>())!;
    const usage = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`usage:${hash}`));
    expect((await usage.hitKey(120, 60, hash)).principal?.accountId).toBe(a.id); // now cached
    const { grants } = (await (await SELF.fetch(`${BASE}/oauth/grants`, { headers: { cookie: jar.header() } })).json()) as { grants: { id: string }[] };
    const revoke = await SELF.fetch(`${BASE}/oauth/grants/${grants[0].id}/revoke`, { method: "POST", headers: { cookie: jar.header(), origin: BASE } });
    expect(revoke.status).toBe(200);
    expect((await usage.hitKey(120, 60, hash)).principal).toBeNull();
  });

  it("a read-only grant cannot spend quota, and revoking the grant's API key gives 401 at once", async () => {
    const a = await account();
    const { token } = await connect(a.email, "read");
    const create = await mcp(token, { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "service_create_clip_job", arguments: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" } } });
    const { result } = (await create.json()) as { result: { isError: boolean; content: { text: string }[] } };
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/^Katto API error 403/);

    // The grant's key is an ordinary API key of the account, listed by name.
    const mcpKey = await env.DB.prepare("SELECT id FROM api_keys WHERE account_id = ? AND name = ?").bind(a.id, "MCP: Test Agent <b>").first<{ id: string }>();
    expect(mcpKey).not.toBeNull();
    expect((await SELF.fetch(`${BASE}/admin/v1/keys/${mcpKey!.id}`, { method: "DELETE", headers: ADMIN })).status).toBe(200);
    expect((await mcp(token, { jsonrpc: "2.0", id: 2, method: "tools/list" })).status).toBe(401);
  });

  it("accepts a Client ID Metadata Document client (https client_id fetched under global_fetch_strictly_public)", async () => {
    const a = await account();
    const clientId = "https://cimd.example/katto-agent.json";
    const { token } = await connect(a.email, "read", { clientId, redirect: "http://127.0.0.1:33419/cb" });
    const res = await mcp(token, { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "service_get_usage", arguments: {} } });
    const { result } = (await res.json()) as { result: { structuredContent: { plan: string } } };
    expect(result.structuredContent.plan).toBe("creator");
  });

  it("refuses a CIMD client whose metadata document cannot be fetched, on the page and without redirecting", async () => {
    const q = new URLSearchParams({ response_type: "code", client_id: "https://unreachable.example/oauth/metadata.json", redirect_uri: "https://unreachable.example/cb", code_challenge: "x".repeat(43), code_challenge_method: "S256" });
    const res = await SELF.fetch(`${BASE}/oauth/authorize?${q}`, { redirect: "manual" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("cannot be connected");
  });
});
