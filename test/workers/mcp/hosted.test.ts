// The hosted /mcp endpoint inside workerd: API key auth through the OAuth provider's
// resolveExternalToken, tools/list shape and annotations, an in-process tool call, revocation.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN, BASE, createAccount } from "../helpers";

const rpc = (key: string | null, body: unknown, ip = "198.51.100.7") =>
  SELF.fetch(`${BASE}/mcp`, {
    method: "POST",
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
      "cf-connecting-ip": ip,
    },
    body: JSON.stringify(body),
  });

describe("hosted MCP at /mcp", () => {
  it("refuses a request without a credential with 401 and a pointer to the protected-resource metadata", async () => {
    const res = await rpc(null, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/resource_metadata="[^"]*\/\.well-known\/oauth-protected-resource/);
    const meta = await SELF.fetch(`${BASE}/.well-known/oauth-protected-resource/mcp`);
    expect(meta.status).toBe(200);
    const doc = (await meta.json()) as { resource: string; authorization_servers: string[] };
    expect(doc.resource).toBe(`${BASE}/mcp`);
    const as = (await (await SELF.fetch(`${BASE}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(as).toMatchObject({ authorization_endpoint: `${BASE}/oauth/authorize`, token_endpoint: `${BASE}/oauth/token`, registration_endpoint: `${BASE}/oauth/register` });
    expect(as.scopes_supported).toEqual(["read", "write"]);
    expect(as.code_challenge_methods_supported).toContain("S256");
  });

  it("lists the twenty tools with annotations and output schemas to an API key", async () => {
    const c = await createAccount();
    const res = await rpc(c.key.key, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as { result: { tools: { name: string; annotations: Record<string, boolean>; outputSchema?: { type: string }; inputSchema: { type: string } }[] } };
    const names = result.tools.map((t) => t.name);
    expect(names).toHaveLength(20);
    expect(names).toEqual(expect.arrayContaining(["service_list_connections", "service_publish_clip", "service_get_publication"]));
    expect(names).toContain("service_wait_for_job");
    expect(names).not.toContain("service_upload_file");
    for (const t of result.tools) {
      expect(t.inputSchema.type).toBe("object");
      expect(t.outputSchema?.type).toBe("object");
      expect(Object.keys(t.annotations).sort()).toEqual(["destructiveHint", "idempotentHint", "openWorldHint", "readOnlyHint", "title"]);
    }
    const byName = Object.fromEntries(result.tools.map((t) => [t.name, t.annotations]));
    expect(byName.service_cancel_job).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.service_create_clip_job).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true });
    expect(byName.service_get_job).toMatchObject({ readOnlyHint: true });
  });

  it("calls a tool in process with the caller's key, and turns an API error into a tool error", async () => {
    const c = await createAccount("creator");
    const res = await rpc(c.key.key, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "service_get_usage", arguments: {} } });
    const { result } = (await res.json()) as { result: { structuredContent: { plan: string; videos_remaining: number }; isError?: boolean } };
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.plan).toBe("creator");
    const missing = await rpc(c.key.key, { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "service_get_job", arguments: { job_id: crypto.randomUUID() } } });
    const err = (await missing.json()) as { result: { isError: boolean; content: { text: string }[] } };
    expect(err.result.isError).toBe(true);
    expect(err.result.content[0].text).toMatch(/^Katto API error 404 \(not_found\): /);
  });

  it("answers 401 at once after the API key is revoked", async () => {
    const c = await createAccount();
    expect((await rpc(c.key.key, { jsonrpc: "2.0", id: 1, method: "tools/list" })).status).toBe(200);
    const revoked = await SELF.fetch(`${BASE}/admin/v1/keys/${c.key.id}`, { method: "DELETE", headers: ADMIN });
    expect(revoked.status).toBe(200);
    expect((await rpc(c.key.key, { jsonrpc: "2.0", id: 1, method: "tools/list" })).status).toBe(401);
  });

  it.each(["2025-06-18", "2025-11-25"])("negotiates protocol revision %s", async (version) => {
    const c = await createAccount();
    const res = await rpc(c.key.key, { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "t", version: "1" } } });
    expect(res.status).toBe(200);
    expect(res.headers.get("mcp-session-id")).toBeNull();
    const { result } = (await res.json()) as { result: { protocolVersion: string; serverInfo: { name: string }; capabilities: { tools?: object } } };
    expect(result.protocolVersion).toBe(version);
    expect(result.serverInfo.name).toBe("katto");
    expect(result.capabilities.tools).toBeDefined();
  });

  it("is stateless: GET is refused with 405", async () => {
    const c = await createAccount();
    const res = await SELF.fetch(`${BASE}/mcp`, { headers: { authorization: `Bearer ${c.key.key}`, accept: "text/event-stream" } });
    expect(res.status).toBe(405);
  });
});
