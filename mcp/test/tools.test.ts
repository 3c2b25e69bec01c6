// Pure checks of the tool definitions (no API): every input field is described so an agent can act
// without docs, annotations agree with each other and with what the descriptions promise, and API
// errors become actionable tool error text.
import { KattoApiError, KattoNetworkError } from "@katto/sdk";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { errorText, sharedTools } from "../src/index";
import { uploadProgress } from "../src/tool";
import { addBroll } from "../src/tools/broll-add.tool";
import { uploadFile } from "../src/tools/upload.tool";

/** The tools both servers offer (mcp/src/tools/index.ts sharedTools); the stdio server adds two local ones. */
const SHARED_COUNT = 28;

const all = [...sharedTools, uploadFile, addBroll];

/** Every property in a JSON Schema (nested objects and array items too) with its path. */
function properties(schema: Record<string, any>, at = ""): [string, Record<string, any>][] {
  const out: [string, Record<string, any>][] = [];
  for (const [k, v] of Object.entries<Record<string, any>>(schema.properties ?? {})) {
    out.push([`${at}${k}`, v]);
    out.push(...properties(v, `${at}${k}.`));
  }
  return out;
}

describe("tool definitions", () => {
  it("are the shared tools plus the local upload and B-roll add, with the contract's names", () => {
    expect(sharedTools).toHaveLength(SHARED_COUNT);
    expect(new Set(all.map((t) => t.name)).size).toBe(SHARED_COUNT + 2);
    for (const t of all) expect(t.name).toMatch(/^service_[a-z_]+$/);
  });

  it("describe every top-level input field", () => {
    let fields = 0;
    for (const t of all) {
      const json = z.toJSONSchema(z.object(t.input)) as Record<string, any>;
      for (const [name, prop] of Object.entries<Record<string, any>>(json.properties ?? {})) {
        fields++;
        expect(prop.description, `${t.name}.${name}`).toMatch(/\w{3,}/);
      }
      for (const [path, prop] of properties(json)) if (path.startsWith("config.")) expect(prop.description, `${t.name}.${path}`).toBeTruthy();
    }
    expect(fields).toBeGreaterThan(15);
  });

  it("have annotations consistent with what they do", () => {
    for (const t of all) {
      const a = t.annotations;
      if (a.readOnlyHint) expect(a.destructiveHint, t.name).toBe(false);
      if (/SPENDS QUOTA/.test(t.description)) expect(a.readOnlyHint, t.name).toBe(false);
      if (a.destructiveHint) expect(t.description, t.name).toMatch(/CANNOT BE UNDONE/);
      if (a.readOnlyHint) expect(t.description, t.name).toMatch(/read-only/i);
    }
    const byName = Object.fromEntries(all.map((t) => [t.name, t]));
    expect(byName.service_create_clip_job.description).toMatch(/SPENDS QUOTA/);
    expect(byName.service_upload_file.description).toMatch(/SPENDS QUOTA/);
    expect(byName.service_cancel_job.annotations.destructiveHint).toBe(true);
    expect(byName.service_rerender_clip.description).toMatch(/Free: uses no quota/);
    expect(byName.service_dub_clip.description).toMatch(/Free: uses no quota/);
    expect(byName.service_create_clip.description).toMatch(/Free: uses no quota/);
    expect(byName.service_create_clip.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(byName.service_list_candidates.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(byName.service_upload_file.localOnly).toBe(true);
    expect(sharedTools.some((t) => t.localOnly)).toBe(false);
    expect(byName.service_publish_clip.description).toMatch(/Free: uses no quota/);
    expect(byName.service_publish_clip.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true, idempotentHint: false });
    expect(byName.service_list_connections.annotations.readOnlyHint).toBe(true);
    // issue 22: a correction overwrites words (no earlier revision is kept); a trim adds a clip version
    expect(byName.service_edit_transcript.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(byName.service_trim_clip.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.service_trim_clip.description).toMatch(/Free: uses no quota/);
    expect(byName.service_get_publication.annotations.readOnlyHint).toBe(true);
    // the B-roll library: listing reads, deleting cannot be undone, adding reads this computer's disk
    expect(byName.service_list_broll.annotations.readOnlyHint).toBe(true);
    expect(byName.service_delete_broll.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(byName.service_add_broll.localOnly).toBe(true);
    expect(byName.service_add_broll.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.service_add_broll.description).toMatch(/no quota/);
    expect(byName.service_export_clip.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    // a clip's post copy: free, replaces the fields given (the same edit twice is the same copy)
    expect(byName.service_edit_post_copy.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
  });

  it("say which shapes each platform takes before anything renders (job creation, upload, publishing)", () => {
    const byName = Object.fromEntries(all.map((t) => [t.name, t]));
    const configText = (name: string) => (z.toJSONSchema(z.object(byName[name]!.input)) as { properties: { config: { description: string } } }).properties.config.description;
    for (const text of [configText("service_create_clip_job"), configText("service_upload_file"), byName.service_publish_clip!.description]) {
      expect(text).toContain("facebook: only 9:16 (a Reel)");
      expect(text).toContain("youtube: 9:16, 1:1 and 4:5 as a Short, 16:9 as a regular video");
    }
  });
});

describe("errorText", () => {
  it("carries the API's message, status and code", () => {
    expect(errorText(new KattoApiError(404, "Job not found.", "not_found"))).toBe("Katto API error 404 (not_found): Job not found.");
  });
  it("says when to retry a 429, once", () => {
    expect(errorText(new KattoApiError(429, "Quota window full.", "rate_limited", 12))).toBe("Katto API error 429 (rate_limited): Quota window full. Retry after 12 seconds.");
    expect(errorText(new KattoApiError(429, "Rate limit exceeded. Retry in 7 seconds.", "rate_limited", 7))).toBe("Katto API error 429 (rate_limited): Rate limit exceeded. Retry in 7 seconds.");
  });
  it("points a 401 at the key or the connection, and never echoes a network exception", () => {
    expect(errorText(new KattoApiError(401, "Invalid or revoked API key.", "unauthorized"))).toMatch(/reconnect/);
    const net = errorText(new KattoNetworkError("http://127.0.0.1:1", { cause: new Error("ECONNREFUSED secret-internal-detail") }));
    expect(net).toBe("Could not reach the Katto API. Check KATTO_BASE_URL and your network, then retry.");
  });
});

describe("uploadProgress", () => {
  it("turns the SDK's byte progress into whole-percent MCP notifications, in order, 100 only when done", async () => {
    const sent: { progress: number; message: string }[] = [];
    const extra = {
      _meta: { progressToken: "t1" },
      sendNotification: async (n: { params: { progress: number; message: string } }) => void sent.push({ progress: n.params.progress, message: n.params.message }),
    } as unknown as Parameters<typeof uploadProgress>[0];
    const p = uploadProgress(extra);
    p.onProgress({ phase: "reserving", loaded: 0, total: 1000 });
    p.onProgress({ phase: "uploading", loaded: 0, total: 1000 });
    p.onProgress({ phase: "uploading", loaded: 5, total: 1000 });
    p.onProgress({ phase: "uploading", loaded: 500, total: 1000 });
    p.onProgress({ phase: "completing", loaded: 1000, total: 1000 });
    p.onProgress({ phase: "done", loaded: 1000, total: 1000 });
    await p.settled();
    expect(sent).toEqual([
      { progress: 0, message: "reserving" },
      { progress: 49, message: "uploading" },
      { progress: 99, message: "completing" },
      { progress: 100, message: "done" },
    ]);
  });
});
