// The creator style (issue 26) through the API: `style` in a job's config reaches the render task,
// unknown or bad fields are refused naming them, each clip shows the style it was rendered with and
// what it did (`edits`), and a re-render's style changes the clip's own field by field.
import { describe, expect, it } from "vitest";
import { ClipProjectionSchema, JobSchema, RerenderCreatedSchema } from "@katto/protocol/api";
import { noEdits } from "@katto/protocol";
import { renderJobTask } from "../../../src/services/render/job-task";
import { rerenderTask } from "../../../src/services/rerenders/task";
import { env, SELF } from "cloudflare:test";
import { ADMIN, api, BASE, createAccount, SAMPLE_URL } from "../helpers";
import { clipReport, newJob, sendEvent, storeClipFiles } from "../render-callbacks";

const style = { words_per_caption: 3, caption_lines: 1, emphasis: "keywords", emoji: true, hook_title: true } as const;
const edits = {
  ...noEdits(),
  emphasis: [{ word: "million", start: 1.2, end: 1.6 }],
  emoji: [{ word: "money", emoji: "💰", start: 2.0, end: 2.9 }],
  title_card: { text: "Why pricing matters", start: 0, end: 2.5 },
};

describe("style in a job's config", () => {
  it("is stored with the job and sent to the render backend in the job's task", async () => {
    const c = await createAccount();
    const id = await newJob(c, { url: SAMPLE_URL, config: { clipLength: "lt30", style } });
    const task = await renderJobTask(env, id);
    expect(task?.kind).toBe("render");
    expect((task!.body as { config: { style?: unknown } }).config.style).toEqual(style);
  });

  it.each([
    [{ colour: "red" }, /config\.style: has unknown field colour \(a style takes words_per_caption, caption_lines, emphasis/],
    [{ words_per_caption: 9 }, /words_per_caption.*must be an integer from 1 to 8/],
    [{ emphasis: "loud" }, /emphasis.*must be one of none, keywords/],
    [{ emoji: "yes" }, /emoji.*must be true or false/],
    ["bold", /style.*must be an object/],
  ])("refuses style %j with a message naming the field", async (bad, message) => {
    const c = await createAccount();
    const r = await api(c, "/jobs", { method: "POST", json: { url: SAMPLE_URL, config: { style: bad } } });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toMatch(message);
  });
});

describe("each clip's style and edits", () => {
  it("shows the style a clip was rendered with and what it did, in GET /jobs/{id} and GET /jobs/{id}/clips; a clip without any shows {} and empty edits", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    const styled = { ...clipReport(0, 80), metadata: { layout: "face_tracking" as const, style, edits } };
    const plain = clipReport(1, 60);
    await storeClipFiles(id, [styled, plain]);
    expect((await sendEvent(id, { type: "clips", clips: [styled, plain] } as never)).status).toBe(200);
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job.clips.find((x) => x.clip_index === 0)).toMatchObject({ style, edits });
    expect(job.clips.find((x) => x.clip_index === 1)).toMatchObject({ style: {}, edits: noEdits() });
    const projection = ClipProjectionSchema.parse(await (await api(c, `/jobs/${id}/clips`)).json());
    expect(projection.clips[0]).toMatchObject({ style, edits });
  });
});

describe("a clip with jump cuts", () => {
  it("is shorter than its source range by its cuts: duration is start to end less edits.cuts", async () => {
    const c = await createAccount();
    const id = await newJob(c, { url: SAMPLE_URL, config: { style: { remove_silences: true, remove_fillers: true, zoom: "punch_in" } } });
    const cuts = [{ source_start: 12.5, source_end: 13.25, reason: "silence" as const }, { source_start: 20, source_end: 20.5, reason: "filler" as const }];
    const base = clipReport(0, 80);
    const clip = { ...base, metadata: { layout: "face_tracking" as const, style: { remove_silences: true, remove_fillers: true, zoom: "punch_in" as const }, edits: { ...noEdits(), cuts, zooms: [{ start: 1, end: 2.5, scale: 1.25 }] } } };
    await storeClipFiles(id, [clip]);
    expect((await sendEvent(id, { type: "clips", clips: [clip] } as never)).status).toBe(200);
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    const shown = job.clips[0]!;
    expect(shown.edits.cuts).toEqual(cuts);
    expect(shown.edits.zooms).toEqual([{ start: 1, end: 2.5, scale: 1.25 }]);
    expect(shown.duration).toBeCloseTo(base.end - base.start - 1.25, 3);
  });
});

describe("re-rendering with another style", () => {
  it("is accepted alone, and the task's style is the clip's own with the re-render's fields over it", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    const clip = { ...clipReport(0, 80), metadata: { layout: "face_tracking" as const, style, edits } };
    await storeClipFiles(id, [clip]);
    expect((await sendEvent(id, { type: "clips", clips: [clip] } as never)).status).toBe(200);
    const r = await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { style: { emoji: false, words_per_caption: 5 } } });
    expect(r.status).toBe(202);
    const { rerender_id } = RerenderCreatedSchema.parse(await r.json());
    const task = await rerenderTask(env, rerender_id);
    expect((task!.body as { params: { style?: unknown } }).params.style).toEqual({ ...style, emoji: false, words_per_caption: 5 });
    const bad = await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { style: { zoom: "dolly" } } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/zoom.*must be one of none, punch_in/);
    const none = await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: {} });
    expect(((await none.json()) as { error: string }).error).toBe("Invalid request body: Send at least one of layout_mode, caption_style, dub, style, captions or aspect.");
  });
});

describe("a brand kit's style", () => {
  const kit = { name: "Show", primary_color: "#FFFFFF", accent_color: "#FFD400", caption_font: "Noto Sans", caption_position: "bottom", default_layout: "face_tracking", watermark_url: null };

  it("is the default of the account's jobs, which override it field by field; GET /brand-kit shows it", async () => {
    const c = await createAccount();
    const r = await SELF.fetch(`${BASE}/admin/v1/accounts/${c.account.id}/brand-kits`, { method: "POST", headers: ADMIN, body: JSON.stringify({ ...kit, style: { emphasis: "keywords", emoji: true, words_per_caption: 4 } }) });
    expect(r.status).toBe(201);
    const kits = (await (await api(c, "/brand-kit")).json()) as { brand_kits: { style: unknown }[] };
    expect(kits.brand_kits[0]!.style).toEqual({ emphasis: "keywords", emoji: true, words_per_caption: 4 });
    const id = await newJob(c, { url: SAMPLE_URL, config: { style: { emoji: false, hook_title: true } } });
    const task = await renderJobTask(env, id);
    expect((task!.body as { config: { style?: unknown } }).config.style).toEqual({ emphasis: "keywords", emoji: false, words_per_caption: 4, hook_title: true });
    const plain = await newJob(c);
    expect(((await renderJobTask(env, plain))!.body as { config: { style?: unknown } }).config.style).toEqual({ emphasis: "keywords", emoji: true, words_per_caption: 4 });
  });

  it("is checked like a job's: a bad field is refused naming it; a kit without one shows {}", async () => {
    const c = await createAccount();
    const bad = await SELF.fetch(`${BASE}/admin/v1/accounts/${c.account.id}/brand-kits`, { method: "POST", headers: ADMIN, body: JSON.stringify({ ...kit, style: { emojis: true } }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/style.*unknown field emojis/);
    expect((await SELF.fetch(`${BASE}/admin/v1/accounts/${c.account.id}/brand-kits`, { method: "POST", headers: ADMIN, body: JSON.stringify(kit) })).status).toBe(201);
    const kits = (await (await api(c, "/brand-kit")).json()) as { brand_kits: { style: unknown }[] };
    expect(kits.brand_kits[0]!.style).toEqual({});
  });
});
