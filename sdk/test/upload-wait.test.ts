import { describe, expect, it } from "vitest";
import { contentTypeFor, createKatto, KattoTimeoutError, type UploadProgress } from "../src/index";

const id = "0b6f7c1e-2a4d-4f8e-9c3b-5d1a2e3f4a5b";
const json = (status: number, body: unknown) => Response.json(body, { status });

describe("uploadVideo", () => {
  it("reserves, PUTs exactly the reservation's headers with the reserved length, completes, and reports progress", async () => {
    const seen: { method: string; url: string; headers: Headers; size: number }[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      const bytes = new Uint8Array(await req.arrayBuffer());
      seen.push({ method: req.method, url: req.url, headers: req.headers, size: bytes.byteLength });
      if (req.url.endsWith("/api/v1/uploads"))
        return json(201, { job_id: id, upload_url: "http://up.test/put?sig=1", method: "PUT", headers: { "Content-Type": "video/mp4", "X-Extra": "1" }, expires_in: 7200, complete_url: "u" });
      if (req.url.startsWith("http://up.test/")) return new Response(null, { status: 200 });
      return json(202, { id, status: "queued", status_url: "s" });
    }) as typeof globalThis.fetch;
    const katto = createKatto({ baseUrl: "http://x", apiKey: "k", fetch });
    const data = new Uint8Array(600 * 1024).fill(7);
    const progress: UploadProgress[] = [];
    const job = await katto.uploadVideo({ data, filename: "talk.mp4", config: { clipLength: "lt30" }, onProgress: (p) => progress.push(p) });
    expect(job.id).toBe(id);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(["POST http://x/api/v1/uploads", "PUT http://up.test/put?sig=1", `POST http://x/api/v1/uploads/${id}/complete`]);
    const put = seen[1];
    expect(put.size).toBe(data.byteLength);
    expect(put.headers.get("content-type")).toBe("video/mp4");
    expect(put.headers.get("x-extra")).toBe("1");
    expect(put.headers.get("authorization")).toBeNull();
    const uploading = progress.filter((p) => p.phase === "uploading").map((p) => p.loaded);
    expect(uploading.length).toBeGreaterThan(2);
    expect(uploading.at(-1)).toBe(data.byteLength);
    expect(progress.at(-1)).toEqual({ phase: "done", loaded: data.byteLength, total: data.byteLength });
  });

  it("sends a Blob as it is when no progress is asked for", async () => {
    let putBody: unknown;
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith("/api/v1/uploads")) return json(201, { job_id: id, upload_url: "http://up.test/p", method: "PUT", headers: { "Content-Type": "video/webm" }, expires_in: 1, complete_url: "u" });
      if (url.startsWith("http://up.test/")) return (putBody = init?.body), new Response(null, { status: 200 });
      return json(202, { id, status: "queued", status_url: "s" });
    }) as typeof globalThis.fetch;
    const blob = new Blob([new Uint8Array(10)]);
    const job = await createKatto({ baseUrl: "http://x", apiKey: "k", fetch }).uploadVideo({ data: blob, filename: "a.webm" });
    expect(job.id).toBe(id);
    expect(putBody).toBe(blob);
  });

  it("turns a refused PUT into a KattoApiError naming the file", async () => {
    const fetch = (async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith("/api/v1/uploads")) return json(201, { job_id: id, upload_url: "http://up.test/p", method: "PUT", headers: { "Content-Type": "video/mp4" }, expires_in: 1, complete_url: "u" });
      return json(400, { error: "Content-Length 5 does not match the reserved size 10." });
    }) as typeof globalThis.fetch;
    const e = await createKatto({ baseUrl: "http://x", apiKey: "k", fetch }).uploadVideo({ data: new Uint8Array(10), filename: "a.mp4" }).catch((x) => x);
    expect(e).toMatchObject({ status: 400, message: "Upload of a.mp4 failed: Content-Length 5 does not match the reserved size 10." });
  });

  it("guesses the content type and refuses unknown extensions", () => {
    expect(contentTypeFor("A.MOV")).toBe("video/quicktime");
    expect(() => contentTypeFor("notes.txt")).toThrow(/supported files/);
  });
});

describe("waitForJob", () => {
  it("polls until a terminal status, reporting each poll", async () => {
    const states = ["queued", "processing", "completed"];
    const fetch = (async () => json(200, { id, status: states.shift(), progress: { step: "x", pct: 1 } })) as unknown as typeof globalThis.fetch;
    const katto = createKatto({ baseUrl: "http://x", apiKey: "k", fetch });
    const seen: string[] = [];
    const job = await katto.waitForJob(id, { onProgress: (j) => seen.push(j.status), sleep: async () => {} });
    expect(job.status).toBe("completed");
    expect(seen).toEqual(["queued", "processing", "completed"]);
  });

  it("with hd: true, keeps polling a completed job until hd_ready", async () => {
    const states = [{ status: "completed", hd_ready: false }, { status: "completed", hd_ready: true }];
    let polls = 0;
    const fetch = (async () => (polls++, json(200, { id, ...states.shift() }))) as unknown as typeof globalThis.fetch;
    const katto = createKatto({ baseUrl: "http://x", apiKey: "k", fetch });
    const job = await katto.waitForJob(id, { hd: true, sleep: async () => {} });
    expect(job.hd_ready).toBe(true);
    expect(polls).toBe(2);
  });

  it("throws KattoTimeoutError when the job outlives the timeout", async () => {
    const fetch = (async () => json(200, { id, status: "processing" })) as unknown as typeof globalThis.fetch;
    const katto = createKatto({ baseUrl: "http://x", apiKey: "k", fetch });
    await expect(katto.waitForJob(id, { timeoutMs: 0, sleep: async () => {} })).rejects.toBeInstanceOf(KattoTimeoutError);
  });
});
