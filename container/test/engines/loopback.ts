// Test double of a remote HTTP API: a loopback server that records requests and answers with a
// canned response of the real API's shape.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

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
      const a = answer(rec);
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
