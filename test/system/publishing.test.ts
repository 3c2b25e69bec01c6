// Publishing on the local stack, data-driven over every registered platform: connect through the
// dashboard (the platform's consent screen is its stand-in's authorize endpoint), then publish a
// clip the real render backend made, and see exactly one post arrive at the stand-in.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { platforms } from "../../src/services/publishing/platforms";
import type { PlatformId } from "../../src/services/publishing/platforms/platform";
import { fixtureJob } from "./fixture-jobs";
import { baseUrl } from "./helpers";

let cookie = "";
let key = "";
let jobId = "";

const call = async (p: string, init: RequestInit & { json?: unknown } = {}) => {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${key}`);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${baseUrl()}/api/v1${p}`, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
    if (res.status !== 429 || attempt >= 5) return res;
    await new Promise((r) => setTimeout(r, (Number(res.headers.get("retry-after")) || 1) * 1000));
  }
};
const dashboardPost = (p: string, form: Record<string, string>) =>
  fetch(`${baseUrl()}${p}`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl(), "sec-fetch-site": "same-origin", cookie }, body: new URLSearchParams(form) });
/** Every post or video a stand-in holds (their state lists them as `posts`, YouTube's as `videos`). */
const postsAt = async (platform: string) => {
  const state = (await (await fetch(`${inject("standInOrigins")[platform]}/__stand-in/state`)).json()) as { posts?: unknown[]; videos?: unknown[] };
  return (state.posts ?? state.videos ?? []).length;
};

beforeAll(async () => {
  // One rendered job, its best clip to every platform: the 4.8 s talk's lt30 job (long enough for
  // every platform's minimum, 3 s, and the cheapest job to render), shared with other files
  // (./fixture-jobs.ts); this file adds publications to it, in its account, signed in to the dashboard.
  const fixture = await fixtureJob("talk-lt30");
  ({ jobId } = fixture);
  key = fixture.account.key;
  const signIn = await dashboardPost("/dashboard/sign-in", { email: fixture.account.email, password: fixture.account.password });
  expect(signIn.status).toBe(303);
  cookie = /katto_session=[^;]+/.exec(signIn.headers.get("set-cookie") ?? "")![0];
});

// X (limits.renderAt) gets the 720x1280 rendition the render backend makes on request.
const covered = (Object.keys(inject("standInOrigins")) as PlatformId[]).filter((p) => platforms[p]);

describe("publishing on the local stack", () => {
  it("covers every registered platform, X through its 720x1280 rendition", () => {
    expect(covered).toContain("youtube");
    expect(covered).toContain("x");
    expect(covered.length).toBeGreaterThanOrEqual(1);
  });

  // the platforms side by side: each waits on its own processing cadence (Threads reads its
  // container's status every 20 s), and each counts only its own stand-in's posts
  it.concurrent.for(covered)("%s: connect through the dashboard, publish a rendered clip, exactly one post at the platform", async (platform, { expect }) => {
    const adapter = platforms[platform]!;
    const started = await dashboardPost("/dashboard/connections", { platform });
    expect(started.status).toBe(303);
    const consent = await fetch(started.headers.get("location")!, { redirect: "manual" });
    expect(consent.status).toBe(302);
    const landed = await fetch(consent.headers.get("location")!, { redirect: "manual" });
    expect(landed.headers.get("location")).toBe(`${baseUrl()}/dashboard/connections?connected=${platform}`);

    const before = await postsAt(platform);
    const privacy = adapter.privacyOptions.includes("private") ? "private" : adapter.privacyOptions[0];
    const created = await call(`/jobs/${jobId}/clips/0/publications`, { method: "POST", json: { platform, caption: `Katto system test #${platform}`, ...(adapter.hasTitle ? { title: "Katto system test" } : {}), privacy } });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    let pub: { status: string; post_url: string | null; error: string | null } = { status: "queued", post_url: null, error: null };
    const deadline = Date.now() + 180_000;
    while (["queued", "uploading", "processing"].includes(pub.status) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 2000));
      pub = (await (await call(`/publications/${id}`)).json()) as typeof pub;
    }
    expect(pub, JSON.stringify(pub)).toMatchObject({ status: "published", post_url: expect.stringMatching(/^https:\/\//) });
    expect(await postsAt(platform)).toBe(before + 1);
  });
});
