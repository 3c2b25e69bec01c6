/** @jsxImportSource hono/jsx */
// B-roll library (style broll "library"): upload an image or video with keywords (presigned PUT with
// a progress bar, script in assets.ts), the list, delete. Services: services/broll/library.ts.
import type { Context, Hono } from "hono";
import { BROLL_CONTENT_TYPE_LIST } from "@katto/protocol";
import { CreateBrollBodySchema } from "@katto/protocol/api";
import { ServiceError, ValidationError } from "../../errors";
import { completeBrollUpload, deleteBroll, listBroll, startBrollUpload } from "../../services/broll/library";
import { Layout, renderPage } from "../components/layout";
import { Flash, fmtDateTime } from "../components/ui";
import { accountCtx, type DashboardEnv, requireSession } from "../session";

const kb = (n: number) => (n >= 1024 ** 2 ? `${(n / 1024 ** 2).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

async function brollPage(c: Context<DashboardEnv>, p: { error?: string } = {}, status: 200 | 400 | 404 = 200) {
  const { assets } = await listBroll(accountCtx(c));
  return c.html(
    await renderPage(
      <Layout title="B-roll" account={c.get("session")} active="broll">
        <h1>B-roll library</h1>
        <p>Images and videos your clips cut away to when their creator style has <strong>B-roll: library</strong>: where a clip's words match an asset's keyword, the asset fills the frame for 1.5–3 s (at most a third of the clip), under the captions, with the speaker's voice. Uses no quota.</p>
        <Flash error={p.error} />
        <section class="card" aria-labelledby="broll-upload-h">
          <h2 id="broll-upload-h">Add an image or video</h2>
          <form id="broll-form" data-broll-upload>
            <label for="broll-file">File</label>
            <input id="broll-file" name="file" type="file" accept={BROLL_CONTENT_TYPE_LIST.join(",")} required aria-describedby="broll-status" />
            <label for="broll-keywords">Keywords</label>
            <input id="broll-keywords" name="keywords" required maxlength={900} placeholder="coffee, morning routine" aria-describedby="broll-keywords-hint" />
            <p id="broll-keywords-hint" class="muted">Comma-separated words or short phrases (up to 20); plural and -ing forms match too.</p>
            <div class="bar">
              <progress id="broll-progress" max={100} value={0} aria-label="Upload progress"></progress>
              <span id="broll-pct" class="muted">0%</span>
            </div>
            <p id="broll-status" class="muted" role="status" aria-live="polite">PNG or JPEG up to 20 MB; MP4, MOV or WebM up to 200 MB.</p>
            <button type="submit" class="btn primary">Upload</button>
          </form>
        </section>
        <section class="card" aria-labelledby="broll-list-h">
          <h2 id="broll-list-h">Library</h2>
          {assets.length === 0 ? (
            <p class="muted">No B-roll yet.</p>
          ) : (
            <div class="table-wrap">
              <table>
                <thead>
                  <tr><th>File</th><th>Kind</th><th>Keywords</th><th class="opt">Size</th><th class="opt">Added</th><th><span class="sr-only">Actions</span></th></tr>
                </thead>
                <tbody>
                  {assets.map((a) => (
                    <tr data-broll-id={a.id}>
                      <td>{a.filename}</td>
                      <td>{a.kind}</td>
                      <td>{a.keywords.join(", ")}</td>
                      <td class="opt">{kb(a.size)}</td>
                      <td class="opt">{fmtDateTime(a.created_at)}</td>
                      <td>
                        <form method="post" action={`/dashboard/broll/${a.id}/delete`}>
                          <button type="submit" class="btn danger" aria-label={`Delete ${a.filename}`}>Delete</button>
                        </form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </Layout>,
    ),
    status,
  );
}

export function registerBrollPages(d: Hono<DashboardEnv>) {
  d.get("/dashboard/broll", requireSession, (c) => brollPage(c));
  d.post("/dashboard/broll/:id/delete", requireSession, async (c) => {
    try {
      await deleteBroll(accountCtx(c), c.req.param("id"));
    } catch (e) {
      if (e instanceof ServiceError) return brollPage(c, { error: e.message }, 404);
      throw e;
    }
    return c.redirect("/dashboard/broll", 303);
  });
  // The upload script's two calls around its presigned PUT (same services and schema as POST /broll
  // and POST /broll/{id}/complete).
  d.post("/dashboard/broll", requireSession, async (c) => {
    const r = CreateBrollBodySchema.safeParse(await c.req.json().catch(() => null));
    if (!r.success) throw new ValidationError(r.error.issues.map((i) => i.message).join("; "));
    return c.json(await startBrollUpload(accountCtx(c), r.data), 201);
  });
  d.post("/dashboard/broll/:id/complete", requireSession, async (c) => c.json(await completeBrollUpload(accountCtx(c), c.req.param("id")), 200));
}
