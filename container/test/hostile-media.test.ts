// Hostile sources (docs/threat-model.md "Media"): each is refused or fails with a clear error, by
// the stage that meets it, and the render server keeps serving afterwards.
import { randomUUID } from "node:crypto";
import { copyFileSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { StageError } from "../src/runtime/errors.js";
import { downloadHttp } from "../src/analysis/download.js";
import { egressFor, isPublicAddress } from "../src/analysis/egress.js";
import { probe, validateProbe } from "../src/analysis/probe.js";
import { checkSourceFile, validateSourceLimits } from "../src/analysis/source-check.js";
import { type FakeWorker, startFakeWorker, waitFor } from "./helpers/fake-worker.js";
import { ffmpeg, generateVideo, tmpDir } from "./helpers/media.js";
import { type RenderServer, startRenderServer } from "./helpers/render-server.js";

const dir = tmpDir("katto-hostile-");
const file = (name: string) => path.join(dir, name);
const signal = new AbortController().signal;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Buffer.alloc(64)]);
const PLAYLIST = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://169.254.169.254/latest/meta-data/seg0.ts\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n";

let redirector: Server;
let redirectBase: string;

beforeAll(async () => {
  writeFileSync(file("empty.mp4"), "");
  writeFileSync(file("image.mp4"), PNG);
  writeFileSync(file("page.mp4"), "<!DOCTYPE html><html><body>Not found</body></html>");
  writeFileSync(file("playlist.mp4"), PLAYLIST);
  writeFileSync(file("playlist.m3u8"), PLAYLIST);
  // An MP4 cut at 40%: its index (moov, written last) is gone.
  generateVideo(file("whole.mp4"), { w: 320, h: 240, seconds: 3 });
  copyFileSync(file("whole.mp4"), file("truncated.mp4"));
  truncateSync(file("truncated.mp4"), Math.floor(readFileSync(file("whole.mp4")).length * 0.4));
  // A decompression bomb: 100 KB that declares a 7696x4336 picture (50 MB per decoded frame).
  ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=7696x4336:r=25:d=0.04", "-frames:v", "1", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", file("bomb.mp4")]);
  // A sliver: 4 pixels wide.
  ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=4x480:r=25:d=1", "-c:v", "ffv1", file("sliver.mkv")]);

  redirector = createServer((req, res) => {
    const to: Record<string, string> = {
      "/to-metadata": "http://169.254.169.254/latest/meta-data/",
      "/to-lan": "http://10.0.0.1/video.mp4",
      "/to-mapped-loopback": "http://[::ffff:127.0.0.1]/video.mp4",
      "/to-localhost": `http://localhost:${(redirector.address() as AddressInfo).port}/video.mp4`,
      "/same-host": "/video.mp4",
    };
    if (req.url && to[req.url]) return res.writeHead(302, { location: to[req.url] }).end();
    if (req.url === "/video.mp4") return res.writeHead(200, { "content-type": "video/mp4" }).end(readFileSync(file("whole.mp4")));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => redirector.listen(0, "127.0.0.1", r));
  redirectBase = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
});
afterAll(() => {
  redirector?.closeAllConnections();
  redirector?.close();
});

const stageError = async (p: Promise<unknown>) => {
  const e = await p.then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(StageError);
  return e as StageError;
};

describe("hostile files", () => {
  it("a zero-length source is refused as empty", async () => {
    expect((await stageError(checkSourceFile(file("empty.mp4")))).message).toBe("source is empty (0 bytes)");
  });

  it("wrong magic bytes (a PNG, an HTML page) are refused before ffprobe opens them", async () => {
    expect((await stageError(checkSourceFile(file("image.mp4")))).message).toMatch(/^source is not a video file \(unrecognised format\); supported: MP4/);
    expect((await stageError(checkSourceFile(file("page.mp4")))).message).toMatch(/^source is an HTML page/);
  });

  it("an m3u8 playlist is refused, whatever its name, so ffmpeg never follows the URLs inside", async () => {
    for (const name of ["playlist.m3u8", "playlist.mp4"]) {
      const e = await stageError(checkSourceFile(file(name)));
      expect(e.stage).toBe("probing");
      expect(e.message).toMatch(/streaming playlist \(m3u8\/DASH\), not a video file/);
    }
  });

  it("a truncated MP4 passes the magic check and fails probing with a clear error", async () => {
    expect(await checkSourceFile(file("truncated.mp4"))).toBe("mp4/mov");
    const e = await stageError(probe(file("truncated.mp4"), { signal }));
    expect(e.stage).toBe("probing");
    expect(e.message).toBe("source could not be decoded (not a supported video file)");
  });

  it("a decompression bomb (100 KB declaring 7696x4336) is refused from its header, before any frame is decoded", async () => {
    expect(readFileSync(file("bomb.mp4")).length).toBeLessThan(300_000);
    const info = await probe(file("bomb.mp4"), { signal });
    expect(info.video).toMatchObject({ width: 7696, height: 4336 });
    expect(() => validateSourceLimits(info)).toThrow("source picture is 7696x4336; the largest supported is 7680x4320 (8K)");
    const sliver = await probe(file("sliver.mkv"), { signal });
    expect(() => validateSourceLimits(sliver)).toThrow("source picture is 4x480; at least 16x16 is needed");
    const normal = await probe(file("whole.mp4"), { signal });
    expect(() => validateSourceLimits(normal)).not.toThrow();
  });

  it("an absurd duration is refused with the limit in the message", async () => {
    const info = await probe(file("whole.mp4"), { signal });
    expect(() => validateProbe({ ...info, duration: 400 * 3600 }, { max_duration_s: 5400 })).toThrow("source is 1440000 s long; the limit is 5400 s");
  });
});

describe("where a download may connect", () => {
  it("a redirect from the given host to a private, link-local, mapped-loopback or other loopback host is refused", async () => {
    for (const [p, shown] of [["/to-metadata", "169.254.169.254"], ["/to-lan", "10.0.0.1"], ["/to-mapped-loopback", "::ffff:"], ["/to-localhost", "localhost"]] as const) {
      const e = await stageError(downloadHttp(`${redirectBase}${p}`, file("out.bin"), { signal, maxBytes: 1e9 }));
      expect(e.stage, p).toBe("downloading");
      expect(e.message, p).toMatch(/redirects to a private address/);
      expect(e.message, p).toContain(shown);
    }
    // A redirect that stays on the host it was given is followed.
    expect(await downloadHttp(`${redirectBase}/same-host`, file("out.bin"), { signal, maxBytes: 1e9 })).toBe(readFileSync(file("whole.mp4")).length);
  });

  it("a public name is checked in the connection's own DNS lookup: an answer of loopback or a LAN address is refused", async () => {
    const answers: Record<string, string> = { "rebind.example": "127.0.0.1", "lan.example": "192.168.1.20", "ok.example": "93.184.216.34" };
    const resolver = (host: string, cb: (err: NodeJS.ErrnoException | null, a: { address: string; family: number }[]) => void) => cb(null, [{ address: answers[host], family: 4 }]);
    const egress = egressFor(new URL("https://media.example/v.mp4"), resolver);
    const ask = (host: string) =>
      new Promise<{ err: Error | null; address: unknown }>((r) => egress.lookup(new URL(`https://${host}/v.mp4`))(host, { all: true }, (err, address) => r({ err, address })));
    expect((await ask("rebind.example")).err?.message).toMatch(/private address \(rebind.example is 127\.0\.0\.1\)/);
    expect((await ask("lan.example")).err?.message).toMatch(/192\.168\.1\.20/);
    expect(await ask("ok.example")).toEqual({ err: null, address: [{ address: "93.184.216.34", family: 4 }] });
    expect(() => egress.check(new URL("http://169.254.169.254/"))).toThrow(/private address/);
  });

  it("classifies addresses like the Worker's webhook check", () => {
    for (const ip of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.0.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "::ffff:127.0.0.1", "fd00::1", "fe80::1", "2001:db8::1", "not-an-ip"]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    for (const ip of ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111"]) expect(isPublicAddress(ip), ip).toBe(true);
  });
});

describe("the render server meets hostile sources", () => {
  let worker: FakeWorker;
  let server: RenderServer;
  beforeAll(async () => {
    worker = await startFakeWorker(dir);
    server = await startRenderServer();
  });
  afterAll(async () => {
    await server?.stop();
    await worker?.close();
  });

  const submit = async (url: string) => {
    const id = randomUUID();
    const body = {
      job_id: id,
      source: { url, kind: "url" },
      config: { aspect: "9:16", clipLength: "lt30" },
      callback: { base_url: worker.base, token: worker.token },
      limits: { max_duration_s: 5400, max_bytes: 200e6, max_clips: 1 },
    };
    const res = await fetch(`${server.url}/v1/jobs`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(res.status).toBe(202);
    return id;
  };

  it("each job fails with its stage and a clear error, and the server stays healthy", async () => {
    const cases: [string, string, RegExp][] = [
      [worker.mediaUrl("empty.mp4"), "downloading", /^source URL returned an empty file/],
      [worker.mediaUrl("image.mp4"), "probing", /^source is not a video file/],
      [worker.mediaUrl("playlist.m3u8"), "probing", /streaming playlist/],
      [worker.mediaUrl("truncated.mp4"), "probing", /could not be decoded/],
      [worker.mediaUrl("bomb.mp4"), "probing", /largest supported is 7680x4320/],
      [`${redirectBase}/to-metadata`, "downloading", /redirects to a private address/],
    ];
    const ids = await Promise.all(cases.map(([url]) => submit(url)));
    for (const [i, [url, stage, message]] of cases.entries()) {
      const failed = await waitFor(() => worker.events(ids[i]).find((e) => e.type === "failed"), 60_000, `failed for ${url}`);
      expect(failed, url).toMatchObject({ type: "failed", stage, error: expect.stringMatching(message) });
      expect(worker.events(ids[i]).some((e) => e.type === "clips"), url).toBe(false);
    }
    await vi.waitFor(async () => expect(((await (await fetch(`${server.url}/healthz`)).json()) as { jobs: number }).jobs).toBe(0), { timeout: 60_000, interval: 100 });
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { ok: boolean }).ok).toBe(true);
    expect(server.child.exitCode).toBeNull();
  });
});
