// GET /api/v1/insights inside workerd: a generated account whose true weights are known, stored as
// published clips with 7-day readings, gets them back within the stated uncertainty; below 10
// posts it is told how many are needed instead.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { InsightsSchema } from "@katto/protocol/api";
import { api, BASE, createAccount, type Client } from "../helpers";
import { generateAccount, truthInFitUnits } from "./generated";
import { storePublishedPosts } from "./store";

const getInsights = async (client: Client) => {
  const r = await api(client, "/insights");
  expect(r.status).toBe(200);
  return InsightsSchema.parse(await r.json());
};

describe("GET /insights", { timeout: 60_000 }, () => {
  it("below 10 published clips with 7-day numbers: insufficient_data with how many are needed", async () => {
    const client = await createAccount();
    expect(await getInsights(client)).toEqual({ status: "insufficient_data", posts_with_metrics: 0, needed: 10 });
    await storePublishedPosts(client, generateAccount(9, 1));
    // 24-hour readings do not count: the fit rests on 7-day numbers only
    await storePublishedPosts(client, generateAccount(5, 2), { window: "24h" });
    expect(await getInsights(client)).toEqual({ status: "insufficient_data", posts_with_metrics: 9, needed: 10 });
  });

  it("recovers a generated account's true weights within the stated 95 % intervals (seed 3, 80 posts), and names the best and worst clips", async () => {
    const client = await createAccount();
    // another account's posts are not this account's audience
    await storePublishedPosts(await createAccount(), generateAccount(20, 9));
    const posts = generateAccount(80, 3);
    posts[17] = { ...posts[17], views: posts[17].views * 30 + 30 };
    posts[42] = { ...posts[42], views: 0 };
    const { ids } = await storePublishedPosts(client, posts);
    const r = await getInsights(client);
    if (r.status !== "fitted") throw new Error(`not fitted: ${JSON.stringify(r)}`);
    expect(r.posts_with_metrics).toBe(80);
    const truth = truthInFitUnits(posts.map((p) => ({ ...p, options: p.emoji ? ["style:emoji"] : [] })));
    expect(r.weights.map((w) => w.feature).sort()).toEqual(Object.keys(truth).sort());
    for (const w of r.weights) {
      expect(w.ci95[0], w.feature).toBeLessThanOrEqual(truth[w.feature] + 1e-3);
      expect(w.ci95[1], w.feature).toBeGreaterThanOrEqual(truth[w.feature] - 1e-3);
    }
    expect(r.best[0]).toMatchObject({ publication_id: ids[17], clip_index: 17, views_7d: posts[17].views });
    expect(r.worst[0]).toMatchObject({ publication_id: ids[42], clip_index: 42, views_7d: 0 });
    expect(r.best[0].residual).toBeGreaterThan(0);
    expect(r.worst[0].residual).toBeLessThan(0);
    // hook helped most, trend hurt: the ranking weights follow
    expect(r.score_weights.hook).toBeGreaterThan(r.score_weights.value);
    expect(r.score_weights_learned).toBe(true);
    expect(r.score_parts.hook.evidence).toBe("helps");
    expect(r.score_parts.trend.evidence).toBe("hurts");
    expect(r.score_weights.trend).toBeLessThan(0.15); // the default, cut by how sure the data is that trend hurt
    expect(r.score_weights.hook + r.score_weights.flow + r.score_weights.value + r.score_weights.trend).toBeCloseTo(1, 2);
  });

  it("needs a key: 401 without one", async () => {
    const res = await SELF.fetch("http://127.0.0.1:8787/api/v1/insights");
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBeTruthy();
  });

  it("the hosted MCP tool service_get_insights answers the same as the route", async () => {
    const client = await createAccount();
    await storePublishedPosts(client, generateAccount(12, 4));
    const res = await SELF.fetch(`${BASE}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${client.key.key}`, "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25", "cf-connecting-ip": "198.51.100.23" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "service_get_insights", arguments: {} } }),
    });
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as { result: { structuredContent: { insights: unknown }; content: { text: string }[]; isError?: boolean } };
    expect(result.isError).toBeFalsy();
    const viaTool = InsightsSchema.parse(result.structuredContent.insights);
    const viaRoute = await getInsights(client);
    expect({ ...viaTool, fitted_at: "" }).toEqual({ ...viaRoute, fitted_at: "" });
    expect(viaTool.posts_with_metrics).toBe(12);
    expect(result.content[0].text).toMatch(/^Fitted on 12 posts/);
  });
});
