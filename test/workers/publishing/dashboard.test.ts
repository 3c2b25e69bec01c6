import { env, SELF } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connections, publications } from "../../../src/db/schema";
import { get, post, signedIn } from "../dashboard/dashboard-helpers";
import { completedClip } from "./helpers";

describe("publishing in the dashboard", () => {
  it("connects YouTube through the platform's consent redirect, publishes a clip from its job, lists it, and shows a banner when the grant is gone", async () => {
    const { account, cookie } = await signedIn();
    const page = await get("/dashboard/connections", cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<td>YouTube<\/td>\s*<td data-shapes="youtube">9:16, 1:1 and 4:5 as a Short, 16:9 as a regular video<\/td>/);
    expect(html).toMatch(/<td>Facebook[^<]*<\/td>\s*<td data-shapes="facebook">only 9:16 \(a Reel\)<\/td>/);

    // Connect: the form sends the browser to the platform, which sends it back to our callback.
    const started = await post("/dashboard/connections", { platform: "youtube" }, { cookie });
    expect(started.status).toBe(303);
    const consent = await fetch(started.headers.get("location")!, { redirect: "manual" });
    const landed = await SELF.fetch(consent.headers.get("location")!, { redirect: "manual" });
    expect(landed.headers.get("location")).toBe("http://127.0.0.1:8787/dashboard/connections?connected=youtube");
    const after = await (await get("/dashboard/connections?connected=youtube", cookie)).text();
    expect(after).toMatch(/Connected youtube\./);
    expect(after).toMatch(/@standin/);

    // The job page offers Publish on every clip; the form posts to the publish service.
    const { jobId } = await completedClip({ account });
    expect(await (await get(`/dashboard/jobs/${jobId}`, cookie)).text()).toContain(`/dashboard/jobs/${jobId}/clips/0/publish`);
    const form = await (await get(`/dashboard/jobs/${jobId}/clips/0/publish`, cookie)).text();
    expect(form).toMatch(/YouTube \(@standin\)/);
    expect(form).toContain("YouTube takes 9:16, 1:1 and 4:5 as a Short, 16:9 as a regular video");
    const far = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);
    const sent = await post(`/dashboard/jobs/${jobId}/clips/0/publish`, { platform: "youtube", title: "From the dashboard", caption: "Hi", privacy: "private", scheduled_at: far }, { cookie });
    expect(sent.status).toBe(303);
    const listed = await (await get("/dashboard/publications", cookie)).text();
    const row = await drizzle(env.DB).select().from(publications).where(eq(publications.jobId, jobId)).get();
    expect(row).toMatchObject({ status: "scheduled", title: "From the dashboard", privacy: "private" });
    expect(listed).toContain(`data-publication="${row!.id}"`);

    // The platform refuses the grant: the pages say so and point to reconnecting.
    await drizzle(env.DB).update(connections).set({ status: "needs_reauth", statusReason: "YouTube refused the refresh token" }).where(eq(connections.accountId, account.id));
    expect(await (await get("/dashboard/publications", cookie)).text()).toMatch(/needs to be connected again: YouTube refused the refresh token/);
  });

  it("a refused publish shows the platform's rule on the form", async () => {
    const { account, cookie } = await signedIn();
    const started = await post("/dashboard/connections", { platform: "youtube" }, { cookie });
    const consent = await fetch(started.headers.get("location")!, { redirect: "manual" });
    await SELF.fetch(consent.headers.get("location")!, { redirect: "manual" });
    const { jobId } = await completedClip({ account }, { seconds: 200 });
    const sent = await post(`/dashboard/jobs/${jobId}/clips/0/publish`, { platform: "youtube", caption: "x", privacy: "" }, { cookie });
    expect(sent.status).toBe(400);
    expect(await sent.text()).toMatch(/at most 180 s/);
  });

  it("publishes with every field of the API's body: a blank caption posts the clip's post text, a webhook URL is kept (issue 41)", async () => {
    const { account, cookie } = await signedIn();
    const started = await post("/dashboard/connections", { platform: "youtube" }, { cookie });
    const consent = await fetch(started.headers.get("location")!, { redirect: "manual" });
    await SELF.fetch(consent.headers.get("location")!, { redirect: "manual" });
    const { jobId } = await completedClip({ account });
    await env.DB.prepare("UPDATE clips SET description = 'The moment it clicked', hashtags = '[\"#physics\"]' WHERE job_id = ?1").bind(jobId).run();
    const form = await (await get(`/dashboard/jobs/${jobId}/clips/0/publish`, cookie)).text();
    expect(form).toContain('name="webhook_url"');
    const far = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);
    const sent = await post(`/dashboard/jobs/${jobId}/clips/0/publish`, { platform: "youtube", title: "", caption: "", privacy: "private", scheduled_at: far, webhook_url: "https://hooks.example.com/katto" }, { cookie });
    expect(sent.status).toBe(303);
    const row = await drizzle(env.DB).select().from(publications).where(eq(publications.jobId, jobId)).get();
    expect(row).toMatchObject({ caption: "The moment it clicked\n\n#physics", webhookUrl: "https://hooks.example.com/katto", status: "scheduled" });
    const bad = await post(`/dashboard/jobs/${jobId}/clips/0/publish`, { platform: "youtube", privacy: "private", webhook_url: "not a url" }, { cookie });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("webhook_url must be a URL");
  });
});
