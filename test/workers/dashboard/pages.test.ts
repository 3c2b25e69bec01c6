// Dashboard pages over the shared services (issue 9): keys, jobs, uploads, brand kits, webhooks.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ASPECTS, PREVIEW_LAYOUTS } from "@katto/protocol";
import { api, BASE, freshIp, SAMPLE_URL } from "../helpers";
import { clipReport, fakeMp4, sendEvent, storeClipFiles } from "../render-callbacks";
import { uploadKey } from "../../../src/storage/keys";
import { get, post, signedIn } from "./dashboard-helpers";

const clientOf = (key: string) => ({ key: { key }, ip: freshIp() });

describe("API keys page", () => {
  it("creates a key shown once, records its last use, and revokes it at once", async () => {
    const { account, cookie } = await signedIn();
    const r = await post("/dashboard/keys", { name: "Laptop CLI", scopes: "read" }, { cookie });
    expect(r.status).toBe(201);
    const html = await r.text();
    const key = /<code id="new-key"[^>]*>(katto_[A-Za-z0-9_-]{43})<\/code>/.exec(html)?.[1];
    expect(key).toBeDefined();
    const row = await env.DB.prepare("SELECT id, name, scopes, last_used_at FROM api_keys WHERE account_id = ?1").bind(account.id).first<Record<string, string | null>>();
    expect(row).toMatchObject({ name: "Laptop CLI", scopes: '["read"]', last_used_at: null });
    expect((await api(clientOf(key!), "/me")).status).toBe(200);
    const used = await env.DB.prepare("SELECT last_used_at FROM api_keys WHERE id = ?1").bind(row!.id).first<{ last_used_at: string }>();
    expect(Date.parse(used!.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
    const list = await (await get("/dashboard/keys", cookie)).text();
    expect(list).toContain("Laptop CLI");
    expect(list).not.toContain(key!); // shown once only
    const rev = await post(`/dashboard/keys/${row!.id}/revoke`, {}, { cookie });
    expect(rev.status).toBe(303);
    expect((await api(clientOf(key!), "/me")).status).toBe(401);
  });

  it("refuses a key without scopes and another account's key", async () => {
    const { cookie } = await signedIn();
    const r = await post("/dashboard/keys", { name: "none" }, { cookie });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain("Choose at least one scope");
    const other = await signedIn();
    const k = await post("/dashboard/keys", { scopes: "write" }, { cookie: other.cookie });
    const otherId = (await env.DB.prepare("SELECT id FROM api_keys WHERE account_id = ?1").bind(other.account.id).first<{ id: string }>())!.id;
    expect(k.status).toBe(201);
    expect((await post(`/dashboard/keys/${otherId}/revoke`, {}, { cookie })).status).toBe(404);
  });
});

describe("jobs pages", () => {
  it("submits a URL with options, lists it and shows its page and live status", async () => {
    const { cookie } = await signedIn();
    const r = await post("/dashboard/jobs", { url: SAMPLE_URL, clipLength: "lt30", topics: "testing" }, { cookie });
    expect(r.status).toBe(303);
    const id = /^\/dashboard\/jobs\/([0-9a-f-]{36})$/.exec(r.headers.get("location") ?? "")?.[1];
    expect(id).toBeDefined();
    expect(await env.DB.prepare("SELECT config FROM jobs WHERE id = ?1").bind(id).first()).toEqual({ config: JSON.stringify({ clipLength: "lt30", topics: "testing" }) });
    const page = await get(`/dashboard/jobs/${id}`, cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Cancel job");
    const s = await get(`/dashboard/jobs/${id}/status`, cookie);
    expect(await s.json()).toMatchObject({ id, status: "queued" });
    expect(await (await get("/dashboard/jobs", cookie)).text()).toContain(`data-job="${id}"`);
    const other = await signedIn();
    expect((await get(`/dashboard/jobs/${id}`, other.cookie)).status).toBe(404);
  });

  it("carries every option of the job config: genre, how many clips, which weights rank them and the style's B-roll, and says which shapes each platform takes", async () => {
    const { cookie } = await signedIn();
    const form = await (await get("/dashboard/jobs", cookie)).text();
    for (const name of ["genre", "min_clips", "max_clips", "score_with", "style.broll"]) expect(form).toContain(`name="${name}"`);
    expect(form).toMatch(/<li data-platform="facebook"><strong>facebook<\/strong>: only 9:16 \(a Reel\)<\/li>/);
    expect(form).toMatch(/<li data-platform="youtube"><strong>youtube<\/strong>: 9:16, 1:1 and 4:5 as a Short, 16:9 as a regular video<\/li>/);
    const r = await post("/dashboard/jobs", { url: SAMPLE_URL, genre: "podcast", min_clips: "2", max_clips: "4", score_with: "default", "style.broll": "library" }, { cookie });
    expect(r.status).toBe(303);
    const id = /([0-9a-f-]{36})$/.exec(r.headers.get("location") ?? "")![1];
    const row = await env.DB.prepare("SELECT config FROM jobs WHERE id = ?1").bind(id).first<{ config: string }>();
    expect(JSON.parse(row!.config)).toEqual({ genre: "podcast", min_clips: 2, max_clips: 4, score_with: "default", style: { broll: "library" } });
    // the API's own message for a value it refuses
    const bad = await post("/dashboard/jobs", { url: SAMPLE_URL, min_clips: "6", max_clips: "3" }, { cookie });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("min_clips (6) must not be more than max_clips (3); lower min_clips or raise max_clips.");
  });

  it("submits a creator style from the form, and re-renders a clip with another", async () => {
    const { cookie } = await signedIn();
    const page = await (await get("/dashboard/jobs", cookie)).text();
    for (const name of ["style.words_per_caption", "style.caption_lines", "style.emphasis", "style.emoji", "style.hook_title"]) expect(page).toContain(`name="${name}"`);
    const r = await post("/dashboard/jobs", { url: SAMPLE_URL, "style.words_per_caption": "3", "style.emphasis": "keywords", "style.emoji": "true" }, { cookie });
    expect(r.status).toBe(303);
    const id = /^\/dashboard\/jobs\/([0-9a-f-]{36})$/.exec(r.headers.get("location") ?? "")![1]!;
    const row = await env.DB.prepare("SELECT config FROM jobs WHERE id = ?1").bind(id).first<{ config: string }>();
    expect(JSON.parse(row!.config)).toEqual({ style: { words_per_caption: 3, emphasis: "keywords", emoji: true } });
    const bad = await post("/dashboard/jobs", { url: SAMPLE_URL, "style.words_per_caption": "12" }, { cookie });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("style.words_per_caption: must be an integer from 1 to 8");
    const clips = [clipReport(0, 70)];
    await storeClipFiles(id, clips);
    expect((await sendEvent(id, { type: "clips", clips } as never)).status).toBe(200);
    expect((await post(`/dashboard/jobs/${id}/clips/0/rerender`, { "style.hook_title": "true" }, { cookie })).status).toBe(303);
    const rr = await env.DB.prepare("SELECT params FROM rerenders WHERE job_id = ?1").bind(id).first<{ params: string }>();
    expect(JSON.parse(rr!.params)).toMatchObject({ style: { hook_title: true } });
  });

  it("submits a caption language from the form, offers the SRT as spoken beside the translated one, and previews the style on the page", async () => {
    const { cookie } = await signedIn();
    const page = await (await get("/dashboard/jobs", cookie)).text();
    expect(page).toContain('name="style.caption_language"');
    // the preview as the server draws it before any change: the sample sentence, nothing marked
    expect(page).toContain("data-style-preview");
    expect(page).toMatch(/data-cap-page[^>]*>.*rocket/s);
    const r = await post("/dashboard/jobs", { url: SAMPLE_URL, "style.caption_language": "es", "style.words_per_caption": "2" }, { cookie });
    expect(r.status).toBe(303);
    const id = /^\/dashboard\/jobs\/([0-9a-f-]{36})$/.exec(r.headers.get("location") ?? "")![1]!;
    const row = await env.DB.prepare("SELECT config FROM jobs WHERE id = ?1").bind(id).first<{ config: string }>();
    expect(JSON.parse(row!.config)).toEqual({ style: { caption_language: "es", words_per_caption: 2 } });
    const clip = { ...clipReport(0, 70), captions_original_file: "clip-0-original.srt" };
    await storeClipFiles(id, [clip, { file: clip.file, captions_file: "clip-0-original.srt" }]);
    expect((await sendEvent(id, { type: "clips", clips: [clip] } as never)).status).toBe(200);
    const html = await (await get(`/dashboard/jobs/${id}`, cookie)).text();
    const spoken = /href="([^"]+)"[^>]*>SRT as spoken</.exec(html)?.[1];
    const job = (await env.DB.prepare("SELECT captions_original_key FROM clips WHERE job_id = ?1").bind(id).first<{ captions_original_key: string }>())!;
    expect(spoken).toBe(`http://127.0.0.1:8787/files/${job.captions_original_key}`);
    const bad = await post("/dashboard/jobs", { url: SAMPLE_URL, "style.caption_language": "de" }, { cookie });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("style.caption_language: must be one of en, es, fr, it, pt, hi, ja, zh");
  });

  it("offers punch-in zooms and pause and filler cuts, and submits them as the style's fields", async () => {
    const { cookie } = await signedIn();
    const page = await (await get("/dashboard/jobs", cookie)).text();
    for (const name of ["style.zoom", "style.remove_silences", "style.remove_fillers"]) expect(page).toContain(`name="${name}"`);
    expect(page).toContain('<option value="punch_in">Punch in on key words</option>');
    const r = await post("/dashboard/jobs", { url: SAMPLE_URL, "style.zoom": "punch_in", "style.remove_silences": "true", "style.remove_fillers": "true" }, { cookie });
    expect(r.status).toBe(303);
    const id = /^\/dashboard\/jobs\/([0-9a-f-]{36})$/.exec(r.headers.get("location") ?? "")![1]!;
    const row = await env.DB.prepare("SELECT config FROM jobs WHERE id = ?1").bind(id).first<{ config: string }>();
    expect(JSON.parse(row!.config)).toEqual({ style: { zoom: "punch_in", remove_silences: true, remove_fillers: true } });
    const bad = await post("/dashboard/jobs", { url: SAMPLE_URL, "style.zoom": "spin" }, { cookie });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("style.zoom: must be one of none, punch_in");
  });

  it("shows the service's message for a URL it refuses", async () => {
    const { cookie } = await signedIn();
    const r = await post("/dashboard/jobs", { url: "ftp://example.com/video.mp4" }, { cookie });
    expect(r.status).toBe(400);
    expect(await r.text()).toMatch(/class="alert"/);
  });

  it("reserves an upload through the dashboard (same service as POST /uploads)", async () => {
    const { cookie } = await signedIn();
    const r = await SELF.fetch(`${BASE}/dashboard/uploads`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: BASE, "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ filename: "talk.mp4", content_type: "video/mp4", size: 1000 }),
    });
    expect(r.status).toBe(201);
    const b = (await r.json()) as { job_id: string; upload_url: string; method: string };
    expect(b.method).toBe("PUT");
    expect(b.upload_url).toContain(`/uploads/${b.job_id}`);
    // completed with the upload form's fields, read into a Config as the URL form's are
    await env.FILES.put(uploadKey(b.job_id), fakeMp4(1000));
    const done = await SELF.fetch(`${BASE}/dashboard/uploads/${b.job_id}/complete`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: BASE, "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ fields: { clipLength: "lt30", max_clips: "3", "style.emoji": "true", genre: "" } }),
    });
    expect(done.status).toBe(201);
    const row = await env.DB.prepare("SELECT config FROM jobs WHERE id = ?1").bind(b.job_id).first<{ config: string }>();
    expect(JSON.parse(row!.config)).toEqual({ clipLength: "lt30", max_clips: 3, style: { emoji: true } });
    const cross = await SELF.fetch(`${BASE}/dashboard/uploads`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      body: JSON.stringify({ filename: "talk.mp4", content_type: "video/mp4", size: 1000 }),
    });
    expect(cross.status).toBe(403);
  });
});

describe("job page", () => {
  const newDashboardJob = async (cookie: string) => {
    const r = await post("/dashboard/jobs", { url: SAMPLE_URL }, { cookie });
    return /([0-9a-f-]{36})$/.exec(r.headers.get("location") ?? "")![1];
  };

  it("ranks finished clips by score with player, breakdown, justification and downloads; re-render shows a version", async () => {
    const { cookie } = await signedIn();
    const id = await newDashboardJob(cookie);
    const clips = [clipReport(0, 61), clipReport(1, 93)];
    await storeClipFiles(id, clips);
    expect((await sendEvent(id, { type: "clips", clips } as never)).status).toBe(200);
    const html = await (await get(`/dashboard/jobs/${id}`, cookie)).text();
    const order = [...html.matchAll(/data-clip="(\d+)"/g)].map((m) => Number(m[1]));
    expect(order).toEqual([1, 0]);
    expect(html).toMatch(/<video controls[^>]*src="http:\/\/127\.0\.0\.1:8787\/files\/clips\//);
    expect(html).toContain("strong hook");
    expect(html).toMatch(/<span>hook<\/span><meter min="0" max="100" value="93">/);
    expect(html).toContain("Download SRT");
    expect(html).not.toContain("Cancel job");
    expect(html).not.toContain("data-warnings"); // nothing to warn about

    const rr = await post(`/dashboard/jobs/${id}/clips/1/rerender`, { layout_mode: "wide", dub: "es" }, { cookie });
    expect(rr.status).toBe(303);
    const row = await env.DB.prepare("SELECT params, status FROM rerenders WHERE job_id = ?1").bind(id).first<{ params: string; status: string }>();
    expect(JSON.parse(row!.params)).toEqual({ layout_mode: "wide", dub: ["es"] });
    expect(await (await get(`/dashboard/jobs/${id}`, cookie)).text()).toMatch(/Versions[\s\S]*layout_mode: wide, dub: es/);
    const empty = await post(`/dashboard/jobs/${id}/clips/1/rerender`, {}, { cookie });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Send at least one of layout_mode, caption_style, dub, style, captions or aspect.");
  });

  it("names the transcript's engine, says plainly when it is the rough offline one, and marks the words the engine was unsure of", async () => {
    const { cookie } = await signedIn();
    const transcribed = async (engine: string, words: { start: number; end: number; word: string; confidence?: number }[]) => {
      const id = await newDashboardJob(cookie);
      const text = words.map((w) => w.word).join(" ");
      expect((await sendEvent(id, { type: "transcript", lang: "en", segments: [{ start: 0, end: 3, text }], words, engine })).status).toBe(200);
      const clips = [clipReport(0, 70)];
      await storeClipFiles(id, clips);
      expect((await sendEvent(id, { type: "clips", clips } as never)).status).toBe(200);
      return (await get(`/dashboard/jobs/${id}`, cookie)).text();
    };
    // each engine's calibrated threshold (lowConfidenceThreshold): pocketsphinx 0.3, others 0.5
    const offline = await transcribed("pocketsphinx", [{ start: 0, end: 0.5, word: "pricing", confidence: 0.9 }, { start: 0.6, end: 1, word: "matters", confidence: 0.21 }, { start: 1.1, end: 1.5, word: "mostly", confidence: 0.4 }]);
    expect(offline).not.toMatch(/<mark[^>]*>mostly/);
    const local = await transcribed("whisper-cpp:base.en", [{ start: 0, end: 0.5, word: "mostly", confidence: 0.4 }]);
    expect(local).toMatch(/<mark class="low-confidence"[^>]*>mostly<\/mark>/);
    expect(offline).toMatch(/<p class="notice warn" data-engine="pocketsphinx">Rough offline transcript \(pocketsphinx\)/);
    expect(offline).toContain("KATTO_SPEECH_ENGINE");
    expect(offline).toMatch(/<mark class="low-confidence" title="the engine is 21 % sure of this word">matters<\/mark>/);
    expect(offline).not.toMatch(/<mark[^>]*>pricing/);
    const whisper = await transcribed("openai:whisper-1", [{ start: 0, end: 0.5, word: "pricing" }]);
    expect(whisper).toContain("Transcribed by openai:whisper-1.");
    expect(whisper).not.toContain("Rough offline transcript");
    expect(whisper).not.toContain("<mark");
  });

  it("shows the job's warnings above its clips: a clip left out is never silent", async () => {
    const { cookie } = await signedIn();
    const id = await newDashboardJob(cookie);
    const clips = [clipReport(0, 70)];
    await storeClipFiles(id, clips);
    const message = "The clip at 120.0–190.0 s (score 71) could not be rendered, even with a simpler framing, and was left out: rendering a clip failed.";
    expect((await sendEvent(id, { type: "clips", clips, warnings: [{ code: "clip_left_out", clip_index: null, start: 120, end: 190, message }] } as never)).status).toBe(200);
    const html = await (await get(`/dashboard/jobs/${id}`, cookie)).text();
    expect(html).toMatch(/<li data-warning="clip_left_out">The clip at 120\.0–190\.0 s/);
    expect(html.indexOf("data-warnings")).toBeLessThan(html.indexOf("data-clip="));
  });

  it("cancels a running job", async () => {
    const { cookie } = await signedIn();
    const id = await newDashboardJob(cookie);
    expect((await post(`/dashboard/jobs/${id}/cancel`, {}, { cookie })).status).toBe(303);
    expect(await (await get(`/dashboard/jobs/${id}/status`, cookie)).json()).toMatchObject({ status: "cancelled" });
  });
});

describe("brand kits page", () => {
  const kit = { name: "Podcast", primary_color: "#ffffff", accent_color: "#ffd400", caption_font: "Noto Sans", caption_position: "bottom", default_layout: "face_tracking", watermark_url: "" };

  it("creates, edits and deletes a kit; GET /brand-kit shows the same data", async () => {
    const { account, cookie } = await signedIn();
    expect((await post("/dashboard/brand-kits", kit, { cookie })).status).toBe(303);
    const id = (await env.DB.prepare("SELECT id FROM brand_kits WHERE account_id = ?1").bind(account.id).first<{ id: string }>())!.id;
    expect((await post(`/dashboard/brand-kits/${id}`, { ...kit, name: "Podcast 2", accent_color: "#00ff88", caption_position: "top", "style.emphasis": "keywords", "style.hook_title": "true" }, { cookie })).status).toBe(303);
    // the kit's creator style is saved, and the editor shows it
    const editor = await (await get("/dashboard/brand-kits", cookie)).text();
    expect(editor).toMatch(/<option value="keywords" selected="">Highlight key words<\/option>/);
    expect(editor).toMatch(/name="style\.hook_title" value="true" checked=""/);
    const keyPage = await post("/dashboard/keys", { scopes: "read" }, { cookie });
    const key = /(katto_[A-Za-z0-9_-]{43})/.exec(await keyPage.text())![1];
    const listed = (await (await api(clientOf(key), "/brand-kit")).json()) as { brand_kits: { name: string; accent_color: string; caption_position: string; watermark_url: null }[] };
    expect(listed.brand_kits).toEqual([expect.objectContaining({ name: "Podcast 2", accent_color: "#00FF88", caption_position: "top", watermark_url: null, style: { emphasis: "keywords", hook_title: true } })]);
    const bad = await post(`/dashboard/brand-kits/${id}`, { ...kit, watermark_url: "http://insecure.example/logo.png" }, { cookie });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("watermark_url must be an https URL");
    expect((await post(`/dashboard/brand-kits/${id}/delete`, {}, { cookie })).status).toBe(303);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM brand_kits WHERE account_id = ?1").bind(account.id).first()).toEqual({ n: 0 });
  });
  it("draws the kit's caption preview in the kit's shape: a 16:9 line holds more words than a 9:16 one", async () => {
    const { account, cookie } = await signedIn();
    const lines = async () => {
      const editor = await (await get("/dashboard/brand-kits", cookie)).text();
      const box = /<div class="cap-preview"[^>]*data-aspect="([^"]+)"[^>]*>(.*?)<\/fieldset>/s.exec(editor);
      const words = [...box![2]!.matchAll(/<div class="cap-line">(.*?)<\/div>/gs)].map((m) => (m[1]!.match(/<span class="w/g) ?? []).length);
      return { aspect: box![1], widest: Math.max(...words) };
    };
    expect((await post("/dashboard/brand-kits", { ...kit, aspect: "9:16", "style.caption_lines": "1", "style.words_per_caption": "8" }, { cookie })).status).toBe(303);
    const tall = await lines();
    const id = (await env.DB.prepare("SELECT id FROM brand_kits WHERE account_id = ?1").bind(account.id).first<{ id: string }>())!.id;
    expect((await post(`/dashboard/brand-kits/${id}`, { ...kit, aspect: "16:9", "style.caption_lines": "1", "style.words_per_caption": "8" }, { cookie })).status).toBe(303);
    const wide = await lines();
    expect([tall.aspect, wide.aspect]).toEqual(["9:16", "16:9"]);
    expect(wide.widest).toBeGreaterThan(tall.widest);
    // the page's script redraws by the form's shape field, with every shape's frame
    const script = await (await get("/dashboard/assets/dashboard.js", cookie)).text();
    for (const a of ASPECTS) expect(script, a).toContain(`${JSON.stringify(a)}:${JSON.stringify(PREVIEW_LAYOUTS[a])}`);
    expect(PREVIEW_LAYOUTS["16:9"].frame.width).toBeGreaterThan(PREVIEW_LAYOUTS["9:16"].frame.width);
  });
});

describe("webhooks page", () => {
  it("reveals the secret only on a POST and refuses a test event to a private address", async () => {
    const { cookie } = await signedIn();
    const page = await (await get("/dashboard/webhooks", cookie)).text();
    expect(page).toContain("X-Service-Signature");
    expect(page).not.toMatch(/whsec_/);
    const shown = await (await post("/dashboard/webhooks/reveal", {}, { cookie })).text();
    expect(shown).toMatch(/<code id="webhook-secret"[^>]*>whsec_/);
    const refused = await post("/dashboard/webhooks/test", { url: "https://10.0.0.7/hook" }, { cookie });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/Not delivered: .*public/);
  });
});

describe("B-roll page", () => {
  it("is linked in the nav, uploads through the dashboard with keywords (same services as POST /broll), lists the asset and deletes it", async () => {
    const { cookie } = await signedIn();
    const page = await get("/dashboard/broll", cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<a href="/dashboard/broll" aria-current="page">B-roll</a>');
    expect(html).toMatch(/<label for="broll-file">File<\/label>/);
    expect(html).toMatch(/<label for="broll-keywords">Keywords<\/label>/);
    expect(html).toContain('<progress id="broll-progress" max="100" value="0" aria-label="Upload progress"></progress>');
    expect(html).toContain("No B-roll yet.");
    const json = (path: string, body: unknown) =>
      SELF.fetch(`${BASE}${path}`, { method: "POST", headers: { cookie, "content-type": "application/json", origin: BASE, "sec-fetch-site": "same-origin" }, body: JSON.stringify(body) });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9, 9, 9]);
    const bad = await json("/dashboard/broll", { filename: "a.png", content_type: "image/png", size: png.length, keywords: [] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/keywords must list at least one/);
    const started = await json("/dashboard/broll", { filename: "beach.png", content_type: "image/png", size: png.length, keywords: ["beach", "sunset"] });
    expect(started.status).toBe(201);
    const s = (await started.json()) as { asset: { id: string }; upload_url: string; headers: Record<string, string> };
    expect((await SELF.fetch(s.upload_url, { method: "PUT", headers: { ...s.headers, "content-length": String(png.length) }, body: png })).status).toBe(200);
    expect((await json(`/dashboard/broll/${s.asset.id}/complete`, {})).status).toBe(200);
    const listed = await (await get("/dashboard/broll", cookie)).text();
    expect(listed).toContain(`data-broll-id="${s.asset.id}"`);
    expect(listed).toContain("beach, sunset");
    expect(listed).toContain('aria-label="Delete beach.png"');
    const del = await post(`/dashboard/broll/${s.asset.id}/delete`, {}, { cookie });
    expect(del.status).toBe(303);
    expect(await (await get("/dashboard/broll", cookie)).text()).toContain("No B-roll yet.");
  });
});
