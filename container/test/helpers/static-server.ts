// A loopback HTTP server for a test's files: GET /<name> answers the file in `dir`, 404 otherwise.
// `routes` answers other paths (a stock API stand-in) and records each request.
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

export interface SeenRequest {
  url: string;
  headers: IncomingMessage["headers"];
}

export async function serveDir(
  dir: string,
  routes: (req: SeenRequest, baseUrl: string) => { status: number; body: unknown } | null = () => null,
): Promise<{ url: string; requests: SeenRequest[]; close: () => Promise<void> }> {
  const requests: SeenRequest[] = [];
  let baseUrl = "";
  const server = createServer((req, res) => {
    const seen = { url: req.url ?? "/", headers: req.headers };
    requests.push(seen);
    const routed = routes(seen, baseUrl);
    if (routed) {
      res.writeHead(routed.status, { "content-type": "application/json" });
      res.end(JSON.stringify(routed.body));
      return;
    }
    const file = join(dir, decodeURIComponent(new URL(seen.url, "http://x").pathname).replace(/^\/+/, "").replace(/\.\./g, ""));
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-length": String(statSync(file).size) });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: baseUrl, requests, close: () => new Promise((r) => server.close(() => r())) };
}
