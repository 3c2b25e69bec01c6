// A clip's shape (issue 37 `aspect`) through the API: on a job's config it is stored and reaches the
// render task; a brand kit's is the default of the account's jobs (a job's own wins) and GET
// /brand-kit shows it; a re-render takes it alone (a new version, free) and says which shape it
// renders; each clip shows its shape; a value outside 9:16, 1:1, 4:5, 16:9 is refused with 400 and
// a message naming the field and the shapes there are.
import { describe, expect, it } from "vitest";
import { buildClipTimeline } from "@katto/protocol";
import { BrandKitListSchema, ClipProjectionSchema, JobSchema, RerenderCreatedSchema, RerenderSchema } from "@katto/protocol/api";
import { renderJobTask } from "../../../src/services/render/job-task";
import { rerenderTask } from "../../../src/services/rerenders/task";
import { env, SELF } from "cloudflare:test";
import { ADMIN, api, BASE, createAccount, SAMPLE_URL } from "../helpers";
import { clipReport, newJob, sendEvent, storeClipFiles } from "../render-callbacks";

const SHAPES = /must be one of "9:16", "1:1", "4:5", "16:9" \(width:height as a string; 9:16 is the default\)/;
const kit = { name: "Square", primary_color: "#FFFFFF", accent_color: "#FFD400", caption_font: "Noto Sans", caption_position: "bottom", default_layout: "face_tracking", watermark_url: null };
const taskAspect = async (id: string) => ((await renderJobTask(env, id))!.body as { config: { aspect?: string } }).config.aspect;

describe("aspect on a job", () => {
  it("is decided when the job is created, stored with it and sent in the job's task; absent, 9:16, named", async () => {
    const c = await createAccount();
    const id = await newJob(c, { url: SAMPLE_URL, config: { aspect: "4:5" } });
    expect(await taskAspect(id)).toBe("4:5");
    expect(await taskAspect(await newJob(c))).toBe("9:16");
  });

  it("is the job's from creation on: a brand kit made later does not change its task (issue 41)", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    expect((await env.DB.prepare("SELECT aspect FROM jobs WHERE id = ?").bind(id).first<{ aspect: string }>())!.aspect).toBe("9:16");
    // the account's kit names another shape only after the job was created
    expect((await SELF.fetch(`${BASE}/admin/v1/accounts/${c.account.id}/brand-kits`, { method: "POST", headers: ADMIN, body: JSON.stringify({ ...kit, aspect: "16:9" }) })).status).toBe(201);
    expect(await taskAspect(id)).toBe("9:16");
    expect(await taskAspect(await newJob(c))).toBe("16:9");
  });

  it.each([["4:3"], ["9x16"], [1], [null]])("refuses config.aspect %j with 400 naming the shapes", async (bad) => {
    const c = await createAccount();
    const r = await api(c, "/jobs", { method: "POST", json: { url: SAMPLE_URL, config: { aspect: bad } } });
    expect(r.status).toBe(400);
    const body = (await r.json()) as { error: string };
    expect(body.error).toMatch(/^Invalid request body: config\.aspect: /);
    expect(body.error).toMatch(SHAPES);
  });
});

describe("a brand kit's aspect", () => {
  it("is the default of the account's jobs, a job's own wins, and GET /brand-kit shows it (9:16 for a kit without one)", async () => {
    const c = await createAccount();
    expect((await SELF.fetch(`${BASE}/admin/v1/accounts/${c.account.id}/brand-kits`, { method: "POST", headers: ADMIN, body: JSON.stringify({ ...kit, aspect: "1:1" }) })).status).toBe(201);
    const other = await createAccount();
    expect((await SELF.fetch(`${BASE}/admin/v1/accounts/${other.account.id}/brand-kits`, { method: "POST", headers: ADMIN, body: JSON.stringify(kit) })).status).toBe(201);
    expect(BrandKitListSchema.parse(await (await api(c, "/brand-kit")).json()).brand_kits[0]!.aspect).toBe("1:1");
    expect(BrandKitListSchema.parse(await (await api(other, "/brand-kit")).json()).brand_kits[0]!.aspect).toBe("9:16");
    expect(await taskAspect(await newJob(c))).toBe("1:1");
    expect(await taskAspect(await newJob(c, { url: SAMPLE_URL, config: { aspect: "16:9" } }))).toBe("16:9");
  });

  it("is refused with 400 when not a shape", async () => {
    const c = await createAccount();
    const r = await SELF.fetch(`${BASE}/admin/v1/accounts/${c.account.id}/brand-kits`, { method: "POST", headers: ADMIN, body: JSON.stringify({ ...kit, aspect: "square" }) });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toMatch(/aspect/);
  });
});

describe("aspect on a clip and its re-renders", () => {
  it("each clip shows its shape; a re-render takes aspect alone, free, returns it, and the task carries it", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    const square = { ...clipReport(0, 80), metadata: { layout: "face_tracking" as const, aspect: "1:1" as const } };
    const old = clipReport(1, 60);
    await storeClipFiles(id, [square, old]);
    expect((await sendEvent(id, { type: "clips", clips: [square, old] } as never)).status).toBe(200);
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job.clips.find((x) => x.clip_index === 0)!.aspect).toBe("1:1");
    // a clip stored before shapes is 9:16
    expect(job.clips.find((x) => x.clip_index === 1)!.aspect).toBe("9:16");
    expect(ClipProjectionSchema.parse(await (await api(c, `/jobs/${id}/clips`)).json()).clips[0]!.aspect).toBe("1:1");

    const usage = await (await api(c, "/usage")).json();
    const r = await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { aspect: "16:9" } });
    expect(r.status).toBe(202);
    const { rerender_id } = RerenderCreatedSchema.parse(await r.json());
    expect(await (await api(c, "/usage")).json()).toEqual(usage);
    expect(((await rerenderTask(env, rerender_id))!.body as { params: { aspect?: string } }).params.aspect).toBe("16:9");
    expect(((await rerenderTask(env, rerender_id))!.body as { aspect: string }).aspect).toBe("16:9");
    expect(RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${rerender_id}`)).json()).aspect).toBe("16:9");
    // a re-render that changes something else keeps the clip's shape
    const kept = RerenderCreatedSchema.parse(await (await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { caption_style: "karaoke" } })).json());
    expect(RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${kept.rerender_id}`)).json()).aspect).toBe("1:1");

    const bad = await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { aspect: "2:3" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^Invalid request body: aspect: /);
  });

  it("is read from the clip's timeline, the record its file was drawn from (issue 41), when its metadata names no shape of its own", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    const timeline = buildClipTimeline({ range: { start: 0, end: 8 }, cuts: [], sourceSize: { width: 1920, height: 1080 }, content: null, layout: "passthrough", cropWindow: null, cropPath: null, zooms: [], words: [], captions: [], titleCard: null, fps: "30", aspect: "4:5" });
    const clip = { ...clipReport(0, 80), metadata: { layout: "passthrough" as const, timeline } };
    await storeClipFiles(id, [clip]);
    expect((await sendEvent(id, { type: "clips", clips: [clip] } as never)).status).toBe(200);
    expect(JobSchema.parse(await (await api(c, `/jobs/${id}`)).json()).clips[0]!.aspect).toBe("4:5");
    const kept = RerenderCreatedSchema.parse(await (await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { caption_style: "karaoke" } })).json());
    expect(((await rerenderTask(env, kept.rerender_id))!.body as { aspect: string }).aspect).toBe("4:5");
  });
});
