// config.score_with "account": a job is ranked with the account's fitted weights (frozen at
// creation), every clip shows both scores; refused while the account has too few posts.
import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ClipProjectionSchema, InsightsSchema, JobSchema } from "@katto/protocol/api";
import { clips, jobs } from "../../../src/db/schema";
import { api, createAccount, SAMPLE_URL } from "../helpers";
import { generateAccount, generateNoSignalAccount } from "./generated";
import { storePublishedPosts } from "./store";

const createJob = (client: Awaited<ReturnType<typeof createAccount>>, config: Record<string, unknown>) => api(client, "/jobs", { method: "POST", json: { url: SAMPLE_URL, config } });

describe("config.score_with", { timeout: 60_000 }, () => {
  it("score_with account is refused with the count while the account has fewer than 10 posts with 7-day numbers; default is accepted", async () => {
    const client = await createAccount();
    await storePublishedPosts(client, generateAccount(4, 5));
    const r = await createJob(client, { score_with: "account" });
    expect(r.status).toBe(409);
    expect(((await r.json()) as { error: string }).error).toBe(
      'config.score_with "account" needs 10 published clips with 7-day numbers; this account has 4. Leave score_with out (the default weights) until then; GET /api/v1/insights shows the count.',
    );
    expect((await createJob(client, { score_with: "default" })).status).toBe(201);
    const bad = await createJob(client, { score_with: "mine" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/score_with must be "default" or "account"/);
  });

  it("an account whose numbers show nothing is told so, and score_with account ranks it with the default weights, not the defaults dressed as its own", async () => {
    const client = await createAccount();
    await storePublishedPosts(client, generateNoSignalAccount(25, 1007));
    const insights = InsightsSchema.parse(await (await api(client, "/insights")).json());
    if (insights.status !== "fitted") throw new Error("not fitted");
    expect(insights.score_weights_learned).toBe(false);
    expect(insights.score_weights).toEqual({ hook: 0.35, flow: 0.2, value: 0.3, trend: 0.15 });
    expect(Object.values(insights.score_parts).map((p) => p.evidence)).toEqual(["none", "none", "none", "none"]);
    const created = await createJob(client, { score_with: "account" });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const stored = await drizzle(env.DB).select({ w: jobs.scoreWeights }).from(jobs).where(eq(jobs.id, id)).get();
    expect(stored!.w).toBeNull();
  });

  it("score_with account ranks the clips by the account score (weights frozen at creation) and shows both scores on each clip", async () => {
    const client = await createAccount();
    await storePublishedPosts(client, generateAccount(80, 3));
    const insights = InsightsSchema.parse(await (await api(client, "/insights")).json());
    if (insights.status !== "fitted") throw new Error("not fitted");
    const created = await createJob(client, { score_with: "account" });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const stored = await drizzle(env.DB).select({ w: jobs.scoreWeights }).from(jobs).where(eq(jobs.id, id)).get();
    expect(JSON.parse(stored!.w!)).toEqual(insights.score_weights);

    // Two clips: the default score prefers the trend-heavy one; this account's audience rewards hooks.
    const now = new Date().toISOString();
    await drizzle(env.DB).update(jobs).set({ status: "completed", progressStep: "done", progressPct: 100, completedAt: now }).where(eq(jobs.id, id));
    const trendy = { hook: 30, flow: 60, value: 50, trend: 99 };
    const hooky = { hook: 95, flow: 50, value: 40, trend: 10 };
    await drizzle(env.DB).insert(clips).values([
      { jobId: id, clipIndex: 0, title: "Trendy", score: 80, subscores: JSON.stringify(trendy), startS: 0, endS: 20, videoKey: `clips/${id}/0.mp4`, createdAt: now },
      { jobId: id, clipIndex: 1, title: "Hooky", score: 60, subscores: JSON.stringify(hooky), startS: 30, endS: 50, videoKey: `clips/${id}/1.mp4`, createdAt: now },
    ]);
    const w = insights.score_weights;
    const expected = (s: typeof trendy) => Math.round(w.hook * s.hook + w.flow * s.flow + w.value * s.value + w.trend * s.trend);

    const job = JobSchema.parse(await (await api(client, `/jobs/${id}`)).json());
    expect(job.clips.map((c) => [c.title, c.score, c.account_score])).toEqual([
      ["Hooky", 60, expected(hooky)],
      ["Trendy", 80, expected(trendy)],
    ]);
    const projection = ClipProjectionSchema.parse(await (await api(client, `/jobs/${id}/clips`)).json());
    expect(projection.clips.map((c) => c.account_score)).toEqual([expected(hooky), expected(trendy)]);

    // a job scored with the default weights shows account_score null and ranks by score
    const plain = (await (await createJob(client, {})).json()) as { id: string };
    await drizzle(env.DB).update(jobs).set({ status: "completed", progressStep: "done", progressPct: 100, completedAt: now }).where(eq(jobs.id, plain.id));
    await drizzle(env.DB).insert(clips).values([
      { jobId: plain.id, clipIndex: 0, title: "Trendy", score: 80, subscores: JSON.stringify(trendy), startS: 0, endS: 20, videoKey: `clips/${plain.id}/0.mp4`, createdAt: now },
      { jobId: plain.id, clipIndex: 1, title: "Hooky", score: 60, subscores: JSON.stringify(hooky), startS: 30, endS: 50, videoKey: `clips/${plain.id}/1.mp4`, createdAt: now },
    ]);
    const plainJob = JobSchema.parse(await (await api(client, `/jobs/${plain.id}`)).json());
    expect(plainJob.clips.map((c) => [c.title, c.account_score])).toEqual([["Trendy", null], ["Hooky", null]]);
  });
});
