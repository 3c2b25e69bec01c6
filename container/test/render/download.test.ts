import { createServer, type Server } from "node:http";
import { readFileSync, statSync } from "node:fs";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { download, isPlatformUrl, ytDlpArgs } from "../../src/analysis/download.js";
import { media, tmpDir } from "../helpers/media.js";

const FILE = media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4");
let server: Server;
let base: string;
const signal = new AbortController().signal;

beforeAll(async () => {
  const body = readFileSync(FILE);
  server = createServer((req, res) => {
    if (req.url === "/video.mp4") return res.writeHead(200, { "content-type": "video/mp4", "content-length": body.length }).end(body);
    if (req.url === "/redirect") return res.writeHead(302, { location: "/video.mp4" }).end();
    if (req.url === "/chunked") {
      res.writeHead(200, { "content-type": "video/mp4" });
      let i = 0;
      const push = () => {
        if (i >= 40) return res.end();
        i++;
        res.write(Buffer.alloc(64 * 1024, 1), () => setImmediate(push));
      };
      return push();
    }
    if (req.url === "/slow") {
      res.writeHead(200, { "content-type": "video/mp4" });
      res.write(Buffer.alloc(1000));
      return; // never ends
    }
    res.writeHead(404).end("nope");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("download", () => {
  it("streams a file to disk and reports progress", async () => {
    const fr: number[] = [];
    const r = await download(`${base}/video.mp4`, tmpDir(), { signal, maxBytes: 10e6, onProgress: (f) => fr.push(f) });
    expect(r.bytes).toBe(statSync(FILE).size);
    expect(statSync(r.path).size).toBe(r.bytes);
    expect(fr.at(-1)).toBe(1);
  });

  it("follows redirects", async () => {
    const r = await download(`${base}/redirect`, tmpDir(), { signal, maxBytes: 10e6 });
    expect(r.bytes).toBe(statSync(FILE).size);
  });

  it("HTTP errors are clear", async () => {
    await expect(download(`${base}/missing`, tmpDir(), { signal, maxBytes: 10e6 })).rejects.toThrow("source URL answered HTTP 404 (not found)");
  });

  it("a declared size over the limit fails before downloading", async () => {
    await expect(download(`${base}/video.mp4`, tmpDir(), { signal, maxBytes: 1000 })).rejects.toThrow(/larger than the 0 MB limit/);
  });

  it("an undeclared size over the limit aborts mid-stream", async () => {
    await expect(download(`${base}/chunked`, tmpDir(), { signal, maxBytes: 1_000_000 })).rejects.toThrow(/larger than the 1 MB limit/);
  });

  it("unreachable hosts and non-http URLs are clear errors", async () => {
    await expect(download("http://127.0.0.1:1/x.mp4", tmpDir(), { signal, maxBytes: 1e6 })).rejects.toThrow("could not reach the source URL");
    await expect(download("ftp://example.com/x.mp4", tmpDir(), { signal, maxBytes: 1e6 })).rejects.toThrow("source URL must be http(s)");
  });

  it("abort stops a hanging download", async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort("cancelled"), 300);
    await expect(download(`${base}/slow`, tmpDir(), { signal: ac.signal, maxBytes: 1e6 })).rejects.toMatchObject({ name: "AbortError" });
  });

  it("platform URLs need yt-dlp", async () => {
    expect(isPlatformUrl("https://www.youtube.com/watch?v=abc")).toBe(true);
    expect(isPlatformUrl("https://youtu.be/abc")).toBe(true);
    expect(isPlatformUrl("https://player.vimeo.com/video/1")).toBe(true);
    expect(isPlatformUrl("https://www.twitch.tv/videos/1")).toBe(true);
    expect(isPlatformUrl("https://notyoutube.com/v.mp4")).toBe(false);
    expect(isPlatformUrl("https://cdn.example.com/v.mp4")).toBe(false);
    await expect(
      download("https://www.youtube.com/watch?v=abc", tmpDir(), { signal, maxBytes: 1e6, ytDlp: "katto-no-such-yt-dlp" }),
    ).rejects.toThrow("yt-dlp is not installed");
  });

  it("yt-dlp args cap size and keep the URL after --", () => {
    const a = ytDlpArgs("https://youtu.be/x", "/d/source.%(ext)s", 5000);
    expect(a.slice(-2)).toEqual(["--", "https://youtu.be/x"]);
    expect(a[a.indexOf("--max-filesize") + 1]).toBe("5000");
    expect(a).toContain("--no-playlist");
  });
});

describe("download from an HTTP/1.0 server that closes after the body (python -m http.server)", () => {
  // With fetch (undici) this crashed the whole process when the body was paused under
  // backpressure as the server closed the socket (nodejs/undici#5360).
  const rawServer = (respond: (sock: import("node:net").Socket) => void) =>
    new Promise<{ url: string; close: () => void }>((resolve) => {
      const srv = createNetServer((sock) => sock.once("data", () => respond(sock)));
      srv.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}/v.mp4`, close: () => srv.close() }));
    });

  it("gets every byte of a large body sent at once and closed", async () => {
    const body = Buffer.alloc(24 * 1024 * 1024, 7);
    const srv = await rawServer((sock) => {
      sock.write(`HTTP/1.0 200 OK\r\nContent-Type: video/mp4\r\nContent-Length: ${body.length}\r\n\r\n`);
      sock.write(body);
      sock.end();
    });
    const dir = tmpDir("dl-http10-");
    const r = await download(srv.url, dir, { signal, maxBytes: 1e9 });
    expect(r.bytes).toBe(body.length);
    expect(statSync(r.path).size).toBe(body.length);
    srv.close();
  });

  it("reports a body cut short as an interrupted download", async () => {
    const srv = await rawServer((sock) => {
      sock.write("HTTP/1.0 200 OK\r\nContent-Length: 100000\r\n\r\n");
      sock.end(Buffer.alloc(1000));
    });
    await expect(download(srv.url, tmpDir("dl-short-"), { signal, maxBytes: 1e9 })).rejects.toMatchObject({ stage: "downloading", message: expect.stringMatching(/interrupted/) });
    srv.close();
  });
});
