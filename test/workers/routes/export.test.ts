// Hand off to an editor (issue 22): GET /jobs/{id}/source and GET /jobs/{id}/clips/{index}/export,
// inside workerd with the real bindings: every format's content type and file name, the source
// referred to by signed link or by file name, and the errors (unknown format, missing clip, job not
// completed, a clip stored before the source size was recorded, other accounts, no key).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { EXPORT_FORMATS, JobSchema, JobSourceSchema } from "@katto/protocol/api";
import { buildClipTimeline } from "@katto/protocol";
import { ErrorSchema } from "../../../src/schemas/common";
import { verifySourceSignature } from "../../../src/services/export/export";
import { api, BASE, createAccount, SAMPLE_URL, type Client } from "../helpers";
import { fakeMp4, newJob, putFile, reserveAndPut, sendEvent } from "../render-callbacks";
import { env } from "cloudflare:test";

const SRT = "1\n00:00:00,200 --> 00:00:01,400\nabout the very\n\n2\n00:00:01,500 --> 00:00:03,000\nreal challenges\n";

const metadata = (extra: Record<string, unknown> = {}) => ({
  version: 1,
  source_range: { start: 2, end: 10 },
  layout: "face_tracking",
  crop_window: { w: 404, h: 720, y: 0 },
  crop_path: [{ t: 0, x: 100 }, { t: 4, x: 700 }],
  content_rect: null,
  fps: "30",
  words: [{ word: "about", start: 0.2, end: 0.5 }],
  source_size: { width: 1280, height: 720 },
  ...extra,
});

const report = (meta: Record<string, unknown>) => ({
  clip_index: 0, title: "Very real challenges", score: 80, subscores: { hook: 80, flow: 80, value: 80, trend: 80 }, justification: "j",
  start: 2, end: 10, file: "clip-0.mp4", captions_file: "clip-0.srt", hd: true, metadata: meta,
});

async function completedJob(c: Client, meta = metadata(), body?: Record<string, unknown>) {
  const id = body ? body.id as string : await newJob(c);
  expect((await putFile(id, "clip-0.mp4")).status).toBe(201);
  expect((await putFile(id, "clip-0.srt", SRT, "application/x-subrip")).status).toBe(201);
  expect((await sendEvent(id, { type: "clips", clips: [report(meta)] })).status).toBe(200);
  return id;
}

const exportOf = (c: Client, id: string, query: string, index = 0) => api(c, `/jobs/${id}/clips/${index}/export?${query}`);

describe("GET /jobs/{id}/clips/{index}/export", () => {
  it("answers each format as a download with its content type and file name", async () => {
    const c = await createAccount();
    const id = await completedJob(c);
    const want = { mlt: ["application/xml", "<mlt "], fcpxml: ["application/xml", '<fcpxml version="1.10">'], otio: ["application/json", '"OTIO_SCHEMA": "Timeline.1"'], edl: ["text/plain", "FCM: NON-DROP FRAME"] } as const;
    for (const format of EXPORT_FORMATS) {
      const r = await exportOf(c, id, `format=${format}`);
      expect(r.status, format).toBe(200);
      expect(r.headers.get("content-type")).toContain(want[format][0]);
      expect(r.headers.get("content-disposition")).toBe(`attachment; filename="katto-${id.slice(0, 8)}-clip-0.${format}"`);
      expect(await r.text()).toContain(want[format][1]);
    }
  });

  it("puts the clip's range, crop path and captions into the MLT project, the source by its link or by file name", async () => {
    const c = await createAccount();
    const id = await completedJob(c);
    const byUrl = await (await exportOf(c, id, "format=mlt")).text();
    // a job made from a link refers to that link; 30 fps: the range 2-10 s is frames 60-299
    expect(byUrl).toContain(`<property name="resource">${SAMPLE_URL}</property>`);
    // the producer is the whole file; the playlist entry cuts the range out of it, and the crop filter spans it (issue 33 case 7)
    expect(byUrl).toContain(`<producer id="source0">`);
    expect(byUrl).toContain(`<entry producer="source0" in="60" out="299"/>`);
    expect(byUrl).toContain(`<filter id="source0-crop" in="60" out="299">`);
    // the crop window's left edge 100 px at t=0 -> the source drawn from x = -100 * 1080/404 (the 404x720 window fills 1080x1920)
    expect(byUrl).toMatch(/<property name="transition.rect">0=-267.327 0 3421.782 1920 1;.*120=-1871.287 0 3421.782 1920 1;.*239=-1871.287 0 3421.782 1920 1<\/property>/);
    expect(byUrl).toContain(`<property name="argument">about the very</property>`);
    expect(byUrl).toContain(`<property name="argument">real challenges</property>`);
    const byFile = await (await exportOf(c, id, "format=mlt&source=file")).text();
    expect(byFile).toContain(`<property name="resource">sample.mp4</property>`);
  });

  it("400 names the formats for an unknown or missing format, and the modes for an unknown source", async () => {
    const c = await createAccount();
    const id = await completedJob(c);
    for (const q of ["format=docx", ""]) {
      const r = await exportOf(c, id, q);
      expect(r.status).toBe(400);
      expect(ErrorSchema.parse(await r.json()).error).toContain("format must be one of mlt, fcpxml, otio, edl");
    }
    const r = await exportOf(c, id, "format=mlt&source=ftp");
    expect(r.status).toBe(400);
    expect(ErrorSchema.parse(await r.json()).error).toContain("source must be one of url, file");
  });

  it("404 for a clip the job does not have (naming the ones it has) and for another account's job; 401 without a key", async () => {
    const c = await createAccount();
    const id = await completedJob(c);
    const missing = await exportOf(c, id, "format=edl", 3);
    expect(missing.status).toBe(404);
    expect(ErrorSchema.parse(await missing.json()).error).toBe("The job has no clip 3; its clip indexes are 0.");
    const other = await createAccount();
    expect((await exportOf(other, id, "format=edl")).status).toBe(404);
    const anon = await SELF.fetch(`${BASE}/api/v1/jobs/${id}/clips/0/export?format=edl`, { headers: { "cf-connecting-ip": c.ip } });
    expect(anon.status).toBe(401);
  });

  it("409 while the job is not completed, and for a clip stored before the source's frame size was recorded", async () => {
    const c = await createAccount();
    const running = await newJob(c);
    const r = await exportOf(c, running, "format=mlt");
    expect(r.status).toBe(409);
    expect(ErrorSchema.parse(await r.json()).error).toBe("The job is queued; clips can be exported once it is completed.");
    const old = await completedJob(c, metadata({ source_size: undefined }));
    const o = await exportOf(c, old, "format=fcpxml");
    expect(o.status).toBe(409);
    expect(ErrorSchema.parse(await o.json()).error).toContain("rendered before Katto recorded the source's frame size");
  });
});

describe("the clip timeline (issue 33)", () => {
  // what the render backend stores with a clip version: a cut, a zoom on the face, a title card
  const timeline = buildClipTimeline({ aspect: "9:16",
    range: { start: 2, end: 10 },
    cuts: [{ source_start: 5, source_end: 5.5, reason: "silence" }],
    sourceSize: { width: 1280, height: 720 },
    content: null,
    layout: "face_tracking",
    cropWindow: { w: 404, h: 720, y: 0 },
    cropPath: [{ t: 0, x: 100 }, { t: 4, x: 700 }],
    zooms: [{ start: 1, end: 3, scale: 1.2, x: 0.35, y: 0.4 }],
    words: [{ word: "about", start: 0.2, end: 0.5 }, { word: "real", start: 4, end: 4.4 }],
    captions: null,
    titleCard: { text: "Very real challenges", start: 0, end: 2.5 },
    fps: "30",
  });

  it("GET /jobs/{id} shows each clip's timeline as stored with the clip version, null for a clip rendered before timelines", async () => {
    const c = await createAccount();
    const id = await completedJob(c, metadata({ timeline }));
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    const tl = job.clips[0]!.timeline!;
    expect(tl).toEqual(timeline);
    // what was cut and where each kept piece plays
    expect(tl.pieces).toEqual([
      { source_start: 2, source_end: 5, clip_start: 0, clip_end: 3 },
      { source_start: 5.5, source_end: 10, clip_start: 3, clip_end: 7.5 },
    ]);
    expect(tl.words.map((w) => w.start)).toEqual([0.2, 3.5]);
    const older = await completedJob(c, metadata());
    expect(JobSchema.parse(await (await api(c, `/jobs/${older}`)).json()).clips[0]!.timeline).toBeNull();
  });

  it("an export reads the stored timeline: the zoom keyed on its face point over every frame of its eases", async () => {
    const c = await createAccount();
    const id = await completedJob(c, metadata({ timeline }));
    const mlt = await (await exportOf(c, id, "format=mlt")).text();
    // two pieces: the cut is in the project
    expect(mlt).toContain(`<entry producer="source0" in="60" out="149"/>`);
    expect(mlt).toContain(`<entry producer="source1" in="165" out="299"/>`);
    const rect = /<filter id="source0-crop"[\s\S]*?<property name="transition.rect">([^<]*)<\/property>/.exec(mlt)![1]!;
    const keys = rect.split(";").map((k) => Number(k.split("=")[0]));
    // the ease in runs 1-1.3 s: frames 30-39 all keyed
    for (let f = 30; f <= 39; f++) expect(keys).toContain(f);
    // full zoom once the ease in is over (frame 39, 1.3 s): the source drawn 1.2x larger than unzoomed
    const w = (f: number) => Number(rect.split(";").find((k) => k.startsWith(`${f}=`))!.split(" ")[2]);
    expect(w(39) / w(0)).toBeCloseTo(1.2, 3);
  });
});

describe("GET /jobs/{id}/source", () => {
  it("a job made from a link: the link itself, no expiry, and the file name an export with source=file uses", async () => {
    const c = await createAccount();
    const id = await completedJob(c);
    const src = JobSourceSchema.parse(await (await api(c, `/jobs/${id}/source`)).json());
    expect(src).toEqual({ url: SAMPLE_URL, expires_at: null, file_name: "sample.mp4", kind: "link" });
  });

  it("an uploaded source: a signed 24-hour link that downloads the bytes, refused when tampered with or expired", async () => {
    const c = await createAccount();
    const bytes = fakeMp4(300);
    const res = await reserveAndPut(c, bytes);
    expect((await api(c, `/uploads/${res.job_id}/complete`, { method: "POST" })).status).toBe(201);
    const before = Date.now();
    const src = JobSourceSchema.parse(await (await api(c, `/jobs/${res.job_id}/source`)).json());
    expect(src.kind).toBe("upload");
    expect(src.file_name).toBe("talk.mp4");
    expect(src.url).toMatch(new RegExp(`^${BASE}/files/sources/${res.job_id}/talk\\.mp4\\?expires=\\d+&sig=[0-9a-f]{64}$`));
    const ttl = Date.parse(src.expires_at!) - before;
    expect(ttl).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000 + 1000);

    const got = await SELF.fetch(src.url);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-disposition")).toBe('attachment; filename="talk.mp4"');
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);

    const tampered = await SELF.fetch(src.url.replace(/sig=./, (m) => (m.endsWith("0") ? "sig=1" : "sig=0")));
    expect(tampered.status).toBe(403);
    const url = new URL(src.url);
    expect(await verifySourceSignature(env, res.job_id, url.searchParams.get("expires")!, url.searchParams.get("sig")!, Date.parse(src.expires_at!) + 1000)).toContain("expired");

    // the export refers to the same signed link
    await completedJob(c, metadata(), { id: res.job_id });
    const mlt = await (await exportOf(c, res.job_id, "format=mlt")).text();
    expect(mlt).toMatch(new RegExp(`<property name="resource">${BASE}/files/sources/${res.job_id}/talk\\.mp4\\?expires=\\d+&amp;sig=[0-9a-f]{64}</property>`));
  });

  it("404 for another account's job", async () => {
    const c = await createAccount();
    const id = await completedJob(c);
    const other = await createAccount();
    expect((await api(other, `/jobs/${id}/source`)).status).toBe(404);
  });
});
