// Tenant isolation, route by route (docs/threat-model.md "Accounts"): every public operation that
// names a job, transcript, clip, re-render or upload answers another account's resource exactly as
// it answers one that does not exist (404, same body), so ids are not even an existence oracle.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, BASE, createAccount, type Client } from "../helpers";
import { advance, clipReport, newJob, reserveAndPut, sendEvent, storeClipFiles } from "../render-callbacks";

type Victim = { client: Client; job: string; rerender: string; upload: string; clipUrl: string };

/** Another account with a completed job (clips, transcript), a re-render and a pending upload. */
async function victim(): Promise<Victim> {
  const client = await createAccount();
  const job = await newJob(client, { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" });
  await advance(job, "scoring");
  const clips = [clipReport(0, 90), clipReport(1, 70)];
  await storeClipFiles(job, clips);
  expect((await sendEvent(job, { type: "transcript", lang: "en", segments: [{ start: 0, end: 1, text: "private words" }], words: [] })).status).toBe(200);
  expect((await sendEvent(job, { type: "clips", clips })).status).toBe(200);
  const rr = await api(client, `/jobs/${job}/clips/0/rerender`, { method: "POST", json: { layout_mode: "wide" } });
  expect(rr.status).toBe(202);
  const rerender = ((await rr.json()) as { rerender_id: string }).rerender_id;
  const upload = (await reserveAndPut(client)).job_id;
  const detail = (await (await api(client, `/jobs/${job}`)).json()) as { clips: { url: string }[] };
  return { client, job, rerender, upload, clipUrl: detail.clips[0].url };
}

describe("another account's resources are unreachable", () => {
  let v: Victim;
  let me: Client;
  beforeAll(async () => {
    [v, me] = await Promise.all([victim(), createAccount()]);
  });

  // Each row: the request against the other account's resource, and the same request against an id nobody has.
  const routes: [string, (x: { job: string; rerender: string; upload: string }) => [string, RequestInit & { json?: unknown }]][] = [
    ["GET /jobs/{id}", (x) => [`/jobs/${x.job}`, {}]],
    ["DELETE /jobs/{id}", (x) => [`/jobs/${x.job}`, { method: "DELETE" }]],
    ["GET /jobs/{id}/transcript", (x) => [`/jobs/${x.job}/transcript`, {}]],
    ["GET /jobs/{id}/clips", (x) => [`/jobs/${x.job}/clips`, {}]],
    ["POST /jobs/{id}/clips/{index}/rerender", (x) => [`/jobs/${x.job}/clips/0/rerender`, { method: "POST", json: { layout_mode: "wide" } }]],
    ["GET /jobs/{id}/rerenders/{rerender_id}", (x) => [`/jobs/${x.job}/rerenders/${x.rerender}`, {}]],
    ["PATCH /jobs/{id}/transcript", (x) => [`/jobs/${x.job}/transcript`, { method: "PATCH", json: { revision: 0, edits: [{ index: 0, text: "x" }] } }]],
    ["POST /jobs/{id}/clips/{index}/trim", (x) => [`/jobs/${x.job}/clips/0/trim`, { method: "POST", json: { start: 0, end: 5 } }]],
    ["POST /uploads/{id}/complete", (x) => [`/uploads/${x.upload}/complete`, { method: "POST", json: {} }]],
  ];

  it.each(routes)("%s answers 404 for another account's resource, with the body of an unknown id", async (_name, build) => {
    const [path, init] = build(v);
    const theirs = await api(me, path, init);
    const [unknownPath, unknownInit] = build({ job: crypto.randomUUID(), rerender: crypto.randomUUID(), upload: crypto.randomUUID() });
    const nobody = await api(me, unknownPath, unknownInit);
    expect(theirs.status).toBe(404);
    expect(nobody.status).toBe(404);
    const anyId = (t: string) => t.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<id>");
    const [a, b] = [await theirs.text(), await nobody.text()];
    expect(anyId(a)).toBe(anyId(b));
    expect(a).not.toContain("private words");
  });

  it("my own job cannot reach another account's re-render by its id", async () => {
    const mine = await newJob(me, { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" });
    expect((await api(me, `/jobs/${mine}/rerenders/${v.rerender}`)).status).toBe(404);
  });

  it("the other account's jobs and uploads never appear in my list or usage, and my refused requests changed nothing of theirs", async () => {
    const list = await (await api(me, "/jobs?limit=100")).text();
    for (const id of [v.job, v.upload]) expect(list).not.toContain(id);
    // Usage counts only my own jobs (the one made in the test above), none of theirs.
    const jobs = (JSON.parse(list) as { jobs: unknown[] }).jobs.length;
    const usage = (await (await api(me, "/usage")).json()) as { videos_used: number };
    expect(usage.videos_used).toBe(jobs);
    // And the other account still sees its own, untouched (the DELETE above was refused).
    expect(((await (await api(v.client, `/jobs/${v.job}`)).json()) as { status: string }).status).toBe("completed");
  });

  it("clip URLs carry an unguessable tag: the job id and file name without it, or with another tag, find nothing", async () => {
    expect((await SELF.fetch(v.clipUrl)).status).toBe(200);
    const u = new URL(v.clipUrl);
    const [, , , jobId, tag, name] = u.pathname.split("/");
    expect(jobId).toBe(v.job);
    expect(tag).toMatch(/^[0-9a-f]{24}$/);
    for (const guess of [`/files/clips/${jobId}/${name}`, `/files/clips/${jobId}/${"0".repeat(24)}/${name}`, `/files/clips/${jobId}/${tag.slice(0, 23)}${tag.endsWith("0") ? "1" : "0"}/${name}`]) {
      expect((await SELF.fetch(`${BASE}${guess}`)).status, guess).toBe(404);
    }
  });

  it("the files route cannot be walked out of clips/ to another account's uploaded source", async () => {
    for (const path of [`/files/clips/x/..%2F..%2Fuploads%2F${v.upload}%2Fsource`, `/files/clips/%2e%2e/uploads/${v.upload}/source`, `/files/uploads/${v.upload}/source`]) {
      const r = await SELF.fetch(`${BASE}${path}`);
      expect(r.status, path).toBe(404);
      expect(((await r.json()) as { error: string }).error).toBeTruthy();
    }
  });
});
