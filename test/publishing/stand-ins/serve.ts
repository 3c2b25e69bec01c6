// Serves a stand-in on 127.0.0.1 with an OS-chosen port (Node tests, the local stack), and the
// same stand-in as a fetch function (workerd's outbound service). A response marked with
// DROP_HEADER becomes a dropped connection: the request took effect but its answer never arrives.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { DROP_HEADER } from "./faults.ts";

type FetchApp = { fetch: (req: Request) => Response | Promise<Response> };

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
  const body = chunks.length && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(req.url ?? "/", origin), { method: req.method, headers, body });
}

export async function serveStandIn(app: FetchApp): Promise<{ origin: string; close(): Promise<void> }> {
  let origin = "";
  const server = createServer(async (req, res) => {
    try {
      const answer = await app.fetch(await toRequest(req, origin));
      if (answer.headers.has(DROP_HEADER)) {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch (e) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(e));
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/** The stand-in as an outbound fetch (workerd tests): a dropped answer becomes a network error. */
export const standInFetch = (app: FetchApp) => async (req: Request) => {
  const answer = await app.fetch(req);
  if (answer.headers.has(DROP_HEADER)) throw new Error("connection dropped by the stand-in");
  return answer;
};
