import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { JobCreatedSchema, JobSchema } from "@katto/protocol/api";
import { ADMIN, api, BASE, createAccount, SAMPLE_URL, YOUTUBE_URL } from "../helpers";

describe("POST /jobs (happy)", () => {
  it("creates a queued job, charges one video and shows it to its owner", async () => {
    const c = await createAccount("creator");
    const r = await api(c, "/jobs", { method: "POST", json: { url: SAMPLE_URL, config: { clipLength: "lt30" } } });
    expect(r.status).toBe(201);
    const created = JobCreatedSchema.parse(await r.json());
    expect(created.status).toBe("queued");
    expect(created.status_url).toBe(`${BASE}/api/v1/jobs/${created.id}`);
    const g = await api(c, `/jobs/${created.id}`);
    expect(g.status).toBe(200);
    const job = JobSchema.parse(await g.json());
    expect(job).toMatchObject({ id: created.id, status: "queued", source: "direct", source_url: SAMPLE_URL, clips: [], hd_ready: false, error: null, completed_at: null });
    const usage = await (await api(c, "/usage")).json();
    expect(usage).toEqual({ plan: "creator", videos_used: 1, videos_limit: 25, videos_remaining: 24 });
  });

  it("accepts each supported platform's URL shape in production rules", async () => {
    const c = await createAccount("internal");
    for (const url of [YOUTUBE_URL, "https://youtu.be/dQw4w9WgXcQ", "https://www.twitch.tv/videos/123456789", "https://vimeo.com/76979871", "https://kick.com/xqc/videos/abc-123", "https://us02web.zoom.us/rec/share/AbC.dEf-123", "https://www.loom.com/share/0123456789abcdef0123456789abcdef"]) {
      const r = await api(c, "/jobs", { method: "POST", json: { url } });
      expect(r.status, url).toBe(201);
    }
  });
});

describe("POST /jobs (errors)", () => {
  it.each([
    [{ url: "not a url" }, /url must be an absolute URL/],
    [{ url: "ftp://example.com/a.mp4" }, /https/],
    [{ url: "https://example.com/video.mp4" }, /not a supported video URL/],
    [{}, /url/],
    [{ url: YOUTUBE_URL, config: { clipLength: "forever" } }, /clipLength/],
    [{ url: YOUTUBE_URL, config: { customPrompt: "x".repeat(1001) } }, /customPrompt must be at most 1000/],
    [{ url: YOUTUBE_URL, config: { topics: "x".repeat(501) } }, /topics must be at most 500/],
    [{ url: YOUTUBE_URL, config: { cliplength: "lt30" } }, /cliplength/],
    [{ url: YOUTUBE_URL, extra: 1 }, /extra/],
    [{ url: YOUTUBE_URL, webhook_url: "http://example.com/hook" }, /webhook_url/],
    [{ url: YOUTUBE_URL, webhook_url: "https://10.0.0.1/hook" }, /webhook_url/],
  ])("400 for %j", async (body, message) => {
    const c = await createAccount();
    const r = await api(c, "/jobs", { method: "POST", json: body });
    expect(r.status).toBe(400);
    const e = (await r.json()) as { error: string };
    expect(e.error).toMatch(message);
  });

  it("400 for malformed JSON", async () => {
    const c = await createAccount();
    const r = await api(c, "/jobs", { method: "POST", body: "{not json", headers: { "content-type": "application/json" } });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: expect.stringMatching(/JSON/) });
  });

  it("413 for a body over the limit", async () => {
    const c = await createAccount();
    const r = await api(c, "/jobs", { method: "POST", json: { url: YOUTUBE_URL, config: { genre: "x".repeat(70_000) } } });
    expect(r.status).toBe(413);
    expect(await r.json()).toMatchObject({ error: expect.stringMatching(/too large/) });
  });

  it("403 when the quota is used up, with a message that says so", async () => {
    const c = await createAccount("free");
    expect((await api(c, "/jobs", { method: "POST", json: { url: SAMPLE_URL } })).status).toBe(201);
    expect((await api(c, "/jobs", { method: "POST", json: { url: SAMPLE_URL } })).status).toBe(201);
    const r = await api(c, "/jobs", { method: "POST", json: { url: SAMPLE_URL } });
    expect(r.status).toBe(403);
    expect(((await r.json()) as { error: string }).error).toMatch(/quota reached.*free plan includes 2 videos/);
  });

  it("403 for a key without write scope", async () => {
    const c = await createAccount("creator", ["read"]);
    const r = await api(c, "/jobs", { method: "POST", json: { url: SAMPLE_URL } });
    expect(r.status).toBe(403);
    expect(((await r.json()) as { error: string }).error).toMatch(/write/);
  });
});

describe("security", () => {
  it("401 for missing, malformed, unknown and revoked keys", async () => {
    const c = await createAccount();
    const noKey = await SELF.fetch(`${BASE}/api/v1/jobs`, { headers: { "cf-connecting-ip": c.ip } });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: expect.stringMatching(/Missing API key/) });
    const malformed = await SELF.fetch(`${BASE}/api/v1/jobs`, { headers: { authorization: "Token abc", "cf-connecting-ip": c.ip } });
    expect(malformed.status).toBe(401);
    const unknown = await api({ ...c, key: { ...c.key, key: `katto_${"A".repeat(43)}` } }, "/jobs");
    expect(unknown.status).toBe(401);
    expect((await api(c, "/jobs")).status).toBe(200);
    const del = await SELF.fetch(`${BASE}/admin/v1/keys/${c.key.id}`, { method: "DELETE", headers: ADMIN });
    expect(del.status).toBe(200);
    const revoked = await api(c, "/jobs");
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({ error: expect.stringMatching(/revoked/) });
  });

  it("stores keys only as hashes", async () => {
    const c = await createAccount();
    const rows = await env.DB.prepare("SELECT * FROM api_keys WHERE id = ?").bind(c.key.id).all();
    expect(JSON.stringify(rows.results)).not.toContain(c.key.key);
  });

  it("404 for unknown jobs and for other accounts' jobs alike", async () => {
    const a = await createAccount();
    const b = await createAccount();
    const created = (await (await api(a, "/jobs", { method: "POST", json: { url: SAMPLE_URL } })).json()) as { id: string };
    const other = await api(b, `/jobs/${created.id}`);
    const unknown = await api(b, `/jobs/${crypto.randomUUID()}`);
    expect(other.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await other.json()).toEqual(await unknown.json());
    expect((await api(b, `/jobs/${created.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await api(b, `/jobs/${created.id}/transcript`)).status).toBe(404);
    expect((await api(b, `/jobs/${created.id}/clips`)).status).toBe(404);
  });

  it("400 for a job id that is not a UUID", async () => {
    const c = await createAccount();
    const r = await api(c, "/jobs/abc");
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: expect.stringMatching(/UUID/) });
  });
});

describe("errors", () => {
  it("404 with {error} for unknown routes and 405 with Allow for a wrong method", async () => {
    const c = await createAccount();
    const nf = await api(c, "/nope");
    expect(nf.status).toBe(404);
    expect(await nf.json()).toMatchObject({ error: expect.any(String) });
    const wm = await api(c, "/usage", { method: "POST" });
    expect(wm.status).toBe(405);
    expect(wm.headers.get("allow")).toBe("GET, HEAD");
    expect(await wm.json()).toMatchObject({ error: expect.stringMatching(/not allowed/) });
  });
});
