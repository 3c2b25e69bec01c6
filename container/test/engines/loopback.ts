// Test double of a remote HTTP API: a loopback server that records requests and answers with a
// canned response of the real API's shape.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { workersAiModelNames } from "./ai-models.js";

const models = workersAiModelNames();

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export async function startLoopback(answer: (req: Recorded) => { status: number; body: unknown }): Promise<{ baseUrl: string; requests: Recorded[]; close: () => Promise<void> }> {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (d: string) => (body += d));
    req.on("end", () => {
      const rec = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      requests.push(rec);
      // Like the real API, an unknown model name is refused (HTTP 400, error 5007), so a wrong or
      // retired model in the backend fails its test instead of being answered by the double.
      const model = /\/ai\/run\/(.+)$/.exec(rec.url)?.[1];
      const a = model && !models.has(decodeURIComponent(model))
        ? { status: 400, body: { success: false, result: {}, messages: [], errors: [{ code: 5007, message: `No such model ${decodeURIComponent(model)} or task` }] } }
        : answer(rec);
      res.writeHead(a.status, { "content-type": "application/json" });
      res.end(typeof a.body === "string" ? a.body : JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/client/v4`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
