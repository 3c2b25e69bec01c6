// The hosted /mcp endpoint inside workerd: API key auth through the OAuth provider's
// resolveExternalToken, tools/list shape and annotations, an in-process tool call, revocation.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { resourceOrigin } from "../../../src/mcp/oauth";
import { mcpOriginAllowed } from "../../../src/mcp/origin";
import { ADMIN, api, BASE, createAccount } from "../helpers";

const rpc = (key: string | null, body: unknown, ip = "198.51.100.7", origin?: string) =>
  SELF.fetch(`${BASE}/mcp`, {
    method: "POST",
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(origin ? { origin } : {}),
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
      "cf-connecting-ip": ip,
    },
    body: JSON.stringify(body),
  });

const INITIALIZE = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "origin-test", version: "1" } } };

describe("hosted MCP at /mcp: Origin (MCP transport spec, DNS rebinding)", () => {
  it("refuses a foreign web page's Origin with 403, with or without a valid key, before anything runs", async () => {
    const c = await createAccount();
    for (const origin of ["http://evil.example.com", "null", "http://127.0.0.1.evil.example.com", "https://agent.example.evil.com"]) {
      const res = await rpc(c.key.key, INITIALIZE, undefined, origin);
      expect(res.status, origin).toBe(403);
      const body = (await res.json()) as { jsonrpc: string; error: { message: string } };
      expect(body.jsonrpc).toBe("2.0");
      expect(body.error.message).toMatch(/MCP_ALLOWED_ORIGINS/);
    }
    expect((await rpc(null, INITIALIZE, undefined, "http://evil.example.com")).status).toBe(403);
    // DNS rebinding: the page's name resolves to this server, so the Host it sends is its own too
    const rebound = await SELF.fetch("http://evil.example.com/mcp", {
      method: "POST",
      headers: { authorization: `Bearer ${c.key.key}`, origin: "http://evil.example.com", "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify(INITIALIZE),
    });
    expect(rebound.status).toBe(403);
  });

  it("serves no Origin (server-side clients), its own origin, loopback origins in local mode and the operator's MCP_ALLOWED_ORIGINS", async () => {
    const c = await createAccount();
    for (const origin of [undefined, BASE, "http://localhost:6274", "http://127.0.0.1:3000", "http://[::1]:8080", "https://agent.example"]) {
      const res = await rpc(c.key.key, INITIALIZE, undefined, origin);
      expect(res.status, String(origin)).toBe(200);
      const { result } = (await res.json()) as { result: { serverInfo: { name: string } } };
      expect(result.serverInfo.name, String(origin)).toBeTruthy();
    }
  });

  it("in local mode the key works on every loopback name of the server, not only PUBLIC_BASE_URL's", async () => {
    const c = await createAccount();
    const other = BASE.replace("127.0.0.1", "localhost");
    expect(other).not.toBe(BASE);
    const res = await SELF.fetch(`${other}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${c.key.key}`, "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify(INITIALIZE),
    });
    expect(res.status).toBe(200);
    // a non-loopback name is still held to PUBLIC_BASE_URL: the key's audience does not match it
    expect(resourceOrigin(new URL("http://evil.example.com/mcp"), { publicOrigin: BASE, localMode: true })).toBe(BASE);
    expect(resourceOrigin(new URL("http://localhost:9000/mcp"), { publicOrigin: "https://katto.example.com", localMode: false })).toBe("https://katto.example.com");
  });

  it("in production only the Worker's own origin and the operator's list: loopback pages are foreign there", () => {
    const prod = { ownOrigin: "https://katto.example.com", localMode: false, allowedOrigins: ["https://agent.example"] };
    expect(mcpOriginAllowed(null, prod)).toBe(true);
    expect(mcpOriginAllowed("https://katto.example.com", prod)).toBe(true);
    expect(mcpOriginAllowed("https://agent.example", prod)).toBe(true);
    expect(mcpOriginAllowed("http://katto.example.com", prod)).toBe(false);
    expect(mcpOriginAllowed("http://localhost:6274", prod)).toBe(false);
    expect(mcpOriginAllowed("http://127.0.0.1:8787", prod)).toBe(false);
    expect(mcpOriginAllowed("chrome-extension://abcdef", prod)).toBe(false);
    // local mode without PUBLIC_BASE_URL: loopback only, never whatever Host the request named
    const local = { ownOrigin: undefined, localMode: true, allowedOrigins: [] };
    expect(mcpOriginAllowed("http://localhost:18870", local)).toBe(true);
    expect(mcpOriginAllowed("http://evil.example.com", local)).toBe(false);
  });
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

  it("lists the shared tools with annotations and output schemas to an API key", async () => {
    const c = await createAccount();
    const res = await rpc(c.key.key, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as { result: { tools: { name: string; annotations: Record<string, boolean>; outputSchema?: { type: string }; inputSchema: { type: string } }[] } };
    const names = result.tools.map((t) => t.name);
    expect(names).toHaveLength(28);
    expect(names).toContain("service_edit_post_copy");
    expect(names).toEqual(expect.arrayContaining(["service_list_broll", "service_delete_broll"]));
    expect(names).not.toContain("service_add_broll");
    expect(names).toEqual(expect.arrayContaining(["service_edit_transcript", "service_trim_clip"]));
    expect(names).toContain("service_get_insights");
    expect(names).toEqual(expect.arrayContaining(["service_list_connections", "service_publish_clip", "service_get_publication"]));
    expect(names).toContain("service_export_clip");
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

  it("describes punch-in zooms and pause and filler cuts in the clip tools' style, for an agent to choose", async () => {
    const c = await createAccount();
    const res = await rpc(c.key.key, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    type Prop = { description?: string; properties?: Record<string, Prop>; anyOf?: Prop[]; enum?: string[] };
    const { result } = (await res.json()) as { result: { tools: { name: string; inputSchema: { properties: Record<string, Prop> } }[] } };
    for (const name of ["service_create_clip_job", "service_rerender_clip"]) {
      const tool = result.tools.find((t) => t.name === name)!;
      // the job tool takes it inside config; an optional object may be written as anyOf [object, null]
      const obj = (p: Prop | undefined) => (p?.properties ? p : p?.anyOf?.find((x) => x.properties));
      const style = (tool.inputSchema.properties.style ?? obj(tool.inputSchema.properties.config)?.properties?.style)!;
      const props = obj(style)?.properties ?? {};
      expect(style.description ?? "", name).toMatch(/zoom 'punch_in'.*remove_silences true.*remove_fillers true/);
      expect(style.description, name).not.toMatch(/zoom, remove_silences|remove_fillers, broll and caption_language are not available/);
      expect(props.zoom?.enum, name).toEqual(["none", "punch_in"]);
      expect(props.remove_silences?.description, name).toMatch(/0\.6 s/);
      expect(props.remove_fillers?.description, name).toMatch(/um, uh/);
    }
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

  it("lists the B-roll library and deletes an asset through the tools", async () => {
    const c = await createAccount();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const started = (await (await api(c, "/broll", { method: "POST", json: { filename: "beach.png", content_type: "image/png", size: png.length, keywords: ["beach"] } })).json()) as { asset: { id: string }; upload_url: string };
    expect((await SELF.fetch(started.upload_url, { method: "PUT", headers: { "content-type": "image/png", "content-length": String(png.length) }, body: png })).status).toBe(200);
    expect((await api(c, `/broll/${started.asset.id}/complete`, { method: "POST" })).status).toBe(200);
    const call = async (name: string, args: unknown) => ((await (await rpc(c.key.key, { jsonrpc: "2.0", id: 9, method: "tools/call", params: { name, arguments: args } })).json()) as { result: { structuredContent: any; isError?: boolean; content: { text: string }[] } }).result;
    const listed = await call("service_list_broll", {});
    expect(listed.structuredContent.assets.map((a: { id: string; keywords: string[] }) => [a.id, a.keywords])).toEqual([[started.asset.id, ["beach"]]]);
    expect(listed.content[0]!.text).toMatch(/1 B-roll asset\(s\): beach.png \[beach\]/);
    expect((await call("service_delete_broll", { id: started.asset.id })).structuredContent).toEqual({ id: started.asset.id, deleted: true });
    expect((await call("service_list_broll", {})).structuredContent.assets).toEqual([]);
    const again = await call("service_delete_broll", { id: started.asset.id });
    expect(again.isError).toBe(true);
    expect(again.content[0]!.text).toMatch(/^Katto API error 404 \(not_found\): B-roll asset not found/);
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
