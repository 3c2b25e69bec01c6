// katto-mcp: the local MCP server over stdio (Node only). stdout carries only MCP messages; every
// log line goes to stderr. The key comes from KATTO_API_KEY (the contract's name, exactly) and is
// checked once with GET /me so a missing or rejected key fails at start with one line, not later.
import { createKatto, DEFAULT_BASE_URL } from "@katto/sdk";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createKattoMcpServer } from "./server";
import { errorText, unwrap } from "./tool";
import { addBroll } from "./tools/broll-add.tool";
import { uploadFile } from "./tools/upload.tool";

const fail = (line: string): never => {
  process.stderr.write(`katto-mcp: ${line}\n`);
  process.exit(1);
};

const apiKey = process.env.KATTO_API_KEY?.trim();
if (!apiKey) fail("KATTO_API_KEY is not set. Create an API key in the Katto dashboard and pass it in the environment: KATTO_API_KEY=katto_... npx katto-mcp");
const baseUrl = process.env.KATTO_BASE_URL?.trim() || DEFAULT_BASE_URL;
// The SDK client: an Idempotency-Key on every create, network failures as one error type. Its
// retries are off here: a tool call must end well inside the client's timeout (~60 s), so a 429
// comes back at once as a tool error naming when to retry (service_wait_for_job waits it out
// itself, inside its own deadline).
const { api } = createKatto({ baseUrl, apiKey: apiKey!, headers: { "User-Agent": "katto-mcp/0.1.0" }, retry: { maxAttempts: 1 } });

try {
  const me = await unwrap(api.GET("/api/v1/me"));
  const server = createKattoMcpServer({ api, extraTools: [uploadFile, addBroll], log: (l) => process.stderr.write(`${l}\n`) });
  await server.connect(new StdioServerTransport());
  process.stderr.write(`katto-mcp: serving account ${me.user_id} (plan ${me.plan}, scopes ${me.key.scopes.join(" ")}) from ${baseUrl} over stdio\n`);
} catch (err) {
  fail(`${errorText(err)}${baseUrl === DEFAULT_BASE_URL ? "" : ` (KATTO_BASE_URL=${baseUrl})`}`);
}
