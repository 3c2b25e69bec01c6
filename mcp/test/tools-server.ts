// katto-mcp's tools over stdio, for checks of what the server lists that need no Katto API: the
// server factory and tools of the bin (src/stdio.ts) without its start-up key check. The client
// points where nothing listens; tools/list never calls it.
import { createKatto } from "@katto/sdk";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createKattoMcpServer } from "../src/server";
import { addBroll } from "../src/tools/broll-add.tool";
import { uploadFile } from "../src/tools/upload.tool";

const { api } = createKatto({ baseUrl: "http://127.0.0.1:9", apiKey: "katto_not_used" });
await createKattoMcpServer({ api, extraTools: [uploadFile, addBroll] }).connect(new StdioServerTransport());
