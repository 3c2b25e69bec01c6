// The job page says what things are (issue 36): a re-render's creator style by the options it set,
// a poster frame on every clip's player, stock B-roll credited, and the "Left out" list as moments
// with their other ends folded and what is said in each, best first.
import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clips, rerenders } from "../../../src/db/schema";
import { groupCandidates, openingWords } from "../../../src/dashboard/pages/job/by-hand";
import { versionParams } from "../../../src/dashboard/pages/job/clip-card";
import { SAMPLE_URL } from "../helpers";
import { clipReport, sendEvent, storeClipFiles } from "../render-callbacks";
import { get, post, signedIn } from "./dashboard-helpers";

const WORDS = Array.from({ length: 100 }, (_, i) => ({ start: 1 + i * 0.6, end: 1.5 + i * 0.6, word: `w${i}` }));
const sub = (n: number) => ({ hook: n, flow: n, value: n, trend: n });
const cand = (start: number, end: number, score: number, reason: "below_cutoff" | "overlap" | "too_short" = "below_cutoff") => ({ start, end, score, subscores: sub(score), reason });

describe("job page: says what things are", () => {
  it("groups overlapping left-out ranges into moments, variants folded under the best, best moment first (pure)", () => {
    const c = (id: string, start: number, end: number, score: number) => ({ id, start, end, score, subscores: sub(score), reason: "below_cutoff" as const, promoted_clip_index: null });
    const moments = groupCandidates([c("a", 1, 17.4, 50), c("b", 1, 22.5, 61), c("c", 1, 25.4, 55), c("d", 1, 33.5, 40), c("e", 40, 50, 58), c("f", 30, 39, 20)]);
    expect(moments.map((m) => [m.best.id, m.variants.map((v) => v.id)])).toEqual([
      ["b", ["c", "a", "d", "f"]], // d reaches 33.5, so f (30-39) overlaps the same moment
      ["e", []],
    ]);
    expect(openingWords([{ start: 1, end: 1.4, text: "Hello" }, { start: 1.5, end: 2, text: "there" }, { start: 9, end: 9.5, text: "later" }], 0.98, 3)).toBe("Hello there");
    expect(openingWords(Array.from({ length: 20 }, (_, i) => ({ start: i, end: i + 0.5, text: `x${i}` })), 0, 20)).toBe("x0 x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 x11 …");
  });

  it("a style re-render is listed by the options it set, never [object Object]", () => {
    expect(versionParams({ style: { zoom: "punch_in", remove_silences: true }, layout_mode: "split" })).toBe("style: zoom punch_in, remove_silences true, layout_mode: split");
    expect(versionParams({ dub: ["es", "fr"], caption_style: undefined })).toBe("dub: es+fr");
  });

  it("on the page: the moments with what is said, a poster on every player, the style version by name, stock footage credited", async () => {
    const { cookie } = await signedIn();
    const r = await post("/dashboard/jobs", { url: SAMPLE_URL }, { cookie });
    const id = /([0-9a-f-]{36})$/.exec(r.headers.get("location") ?? "")![1]!;
    expect((await sendEvent(id, { type: "transcript", lang: "en", segments: [{ start: 1, end: 60, text: "w" }], words: WORDS })).status).toBe(200);
    const reports = [clipReport(0, 70), clipReport(1, 60)];
    await storeClipFiles(id, reports);
    const candidates = [cand(1, 17.4, 50), cand(1, 22.5, 61), cand(1, 25.4, 55), cand(1, 33.5, 40), cand(40, 50, 58)];
    expect((await sendEvent(id, { type: "clips", clips: reports, candidates, source_duration: 62 })).status).toBe(200);
    const d = drizzle(env.DB);
    const credit = { provider: "pexels", author: "Ana Stand-in", author_url: "https://www.pexels.com/@ana", page_url: "https://www.pexels.com/video/ocean-857195/" };
    for (const k of [0, 1]) {
      const meta = { layout: "face_tracking", thumbnail_file: `clip-${k}.jpg`, edits: { emphasis: [], emoji: [], zooms: [], cuts: [], title_card: null, broll: k === 1 ? [{ asset: "pexels:857195", start: 2, end: 4, credit }] : [] } };
      await d.update(clips).set({ metadata: JSON.stringify(meta) }).where(and(eq(clips.jobId, id), eq(clips.clipIndex, k)));
    }
    const now = new Date().toISOString();
    await d.insert(rerenders).values({ id: crypto.randomUUID(), jobId: id, clipIndex: 0, status: "queued", params: JSON.stringify({ style: { zoom: "punch_in", remove_silences: true } }), createdAt: now, updatedAt: now });

    const html = await (await get(`/dashboard/jobs/${id}`, cookie)).text();
    // 5 ranges, 2 moments: 1.0-22.5 (61) with three other ends folded, then 40-50 (58)
    expect(html).toContain("2 moments from 5 ranges");
    const top = [...html.matchAll(/<tr data-candidate="cand_[0-9a-f]+"><td>([^<]+)<\/td><td>(\d+)<\/td><td>[^<]+<\/td><td data-said="true">([^<]*)<\/td>/g)].map((m) => [m[1], m[2], m[3]]);
    expect(top.slice(0, 1)).toEqual([["1.0 s–22.5 s", "61", "“w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 …”"]]);
    expect(top.map((t) => t[1])).toEqual(["61", "55", "50", "40", "58"]); // the variants sit inside the first moment's fold
    expect(html).toMatch(/<tr data-variants="0"><td colspan="5"><details><summary>3 other ends of this moment<\/summary>/);
    // every player has its poster frame
    const players = [...html.matchAll(/<video [^>]*>/g)].map((m) => m[0]);
    expect(players).toHaveLength(2);
    for (const v of players) expect(v).toMatch(/poster="http:\/\/127\.0\.0\.1:8787\/files\/clips\/[0-9a-f-]{36}\/[0-9a-f]{24}\/clip-\d\.jpg"/);
    // the style re-render by its options
    expect(html).toContain("style: zoom punch_in, remove_silences true");
    expect(html).not.toContain("[object Object]");
    // the stock footage's author and page, as Pexels asks
    expect(html).toMatch(/data-broll-credits="true">B-roll: Video by <a href="https:\/\/www\.pexels\.com\/@ana" rel="noopener">Ana Stand-in<\/a> on <a href="https:\/\/www\.pexels\.com\/video\/ocean-857195\/" rel="noopener">Pexels<\/a>/);
  });
});
