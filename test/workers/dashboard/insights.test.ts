// The dashboard's "What works for your audience" (issue 23): the same fit as GET /api/v1/insights,
// shown with each weight's interval and what it says, or how many posts are still needed.
import { describe, expect, it } from "vitest";
import type { Client } from "../helpers";
import { generateAccount, generateNoSignalAccount } from "../insights/generated";
import { storePublishedPosts } from "../insights/store";
import { accountWithPassword, get, signedIn } from "./dashboard-helpers";

describe("dashboard: what works for your audience", { timeout: 60_000 }, () => {
  it("says how many published clips with 7-day numbers are still needed, then shows the fitted weights and the clips that beat their score", async () => {
    const account = await accountWithPassword();
    const { cookie } = await signedIn(account);
    const client = { account: { id: account.id } } as unknown as Client;
    const before = await (await get("/dashboard/insights", cookie)).text();
    expect(before).toContain("Not enough data yet: 0 of the 10 published clips");
    await storePublishedPosts(client, generateAccount(60, 3));
    const html = await (await get("/dashboard/insights", cookie)).text();
    expect(html).toMatch(/Fitted on <strong data-posts[^>]*>60<\/strong> published clips/);
    for (const part of ["hook", "flow", "value", "trend"]) expect(html).toContain(`data-weight="${part}"`);
    expect(html).toMatch(/<td>(helps|hurts|unclear)<\/td>/);
    expect(html).toContain("Did better than their score");
    expect([...html.matchAll(/data-insight-clip=/g)].length).toBeGreaterThanOrEqual(2);
    expect(html).toContain('data-score-weights="learned"');
    expect(html).toMatch(/data-score-part="hook" data-evidence="helps"/);
  });

  it("an account whose views ignore the score is told the ranking uses the default weights, each part showing nothing yet", async () => {
    const account = await accountWithPassword();
    const { cookie } = await signedIn(account);
    await storePublishedPosts({ account: { id: account.id } } as unknown as Client, generateNoSignalAccount(25, 1007));
    const html = await (await get("/dashboard/insights", cookie)).text();
    expect(html).toContain('data-score-weights="default"');
    expect(html).toContain("ranked with the <strong>default</strong> weights");
    expect([...html.matchAll(/data-evidence="none"/g)].length).toBe(4);
    expect(html).not.toContain("Ranking with your weights");
  });
});
