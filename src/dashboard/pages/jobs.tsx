/** @jsxImportSource hono/jsx */
// Jobs: submit a URL or upload a file (presigned PUT with progress, script in assets.ts) and the
// live list. Each job's page is job/page.tsx, its writes job/edits.ts. Services: services/jobs/*,
// services/uploads/uploads.ts.
import type { Context, Hono } from "hono";
import { ServiceError, ValidationError } from "../../errors";
import { UPLOAD_CONTENT_TYPES } from "@katto/protocol";
import { ReserveUploadBodySchema } from "@katto/protocol/api";
import { ConfigFields, configFrom } from "../components/config-fields";
import { createJob } from "../../services/jobs/create";
import { getJob, listJobs } from "../../services/jobs/read";
import { completeUpload, reserveUpload } from "../../services/uploads/uploads";
import { Layout, renderPage } from "../components/layout";
import { Flash, fmtDateTime, StatusBadge } from "../components/ui";
import { accountCtx, type DashboardEnv, formOf, requireSession, zodMessage } from "../session";
import { ACTIVE } from "./job/page";

async function jobsPage(c: Context<DashboardEnv>, p: { error?: string; url?: string } = {}, status: 200 | 400 | 403 = 200) {
  const ctx = accountCtx(c);
  const list = await listJobs(ctx, { limit: 25 });
  const progress = new Map<string, { step: string; pct: number }>();
  for (const j of list.jobs) if (ACTIVE.has(j.status)) progress.set(j.id, (await getJob(ctx, j.id)).progress);
  return c.html(
    await renderPage(
      <Layout title="Jobs" account={c.get("session")} active="jobs">
        <h1>Jobs</h1>
        <Flash error={p.error} />
        <div class="grid3 grid-fit">
          <section class="card" aria-labelledby="by-url-h">
            <h2 id="by-url-h">Clip a video by URL</h2>
            <form method="post" action="/dashboard/jobs">
              <label for="job-url">Video URL</label>
              <input id="job-url" name="url" type="url" required placeholder="https://www.youtube.com/watch?v=…" value={p.url ?? ""} />
              <ConfigFields />
              <button type="submit" class="btn primary wide">Make clips</button>
            </form>
          </section>
          <section class="card" aria-labelledby="upload-h">
            <h2 id="upload-h">Upload a file</h2>
            <form id="upload-form" data-upload>
              <div class="drop" data-drop>
                <p><strong>Drop a video here</strong> or choose one</p>
                <label for="upload-file" class="sr-only">Video file</label>
                <input id="upload-file" name="file" type="file" accept={UPLOAD_CONTENT_TYPES.join(",")} required />
              </div>
              <ConfigFields id="up" />
              <div class="bar" aria-hidden="false">
                <progress id="upload-progress" max={100} value={0} aria-label="Upload progress"></progress>
                <span id="upload-pct" class="muted">0%</span>
              </div>
              <p id="upload-status" class="muted" role="status" aria-live="polite">MP4, MOV, WebM or MKV.</p>
              <button type="submit" class="btn primary wide">Upload and make clips</button>
              <noscript><p class="alert">Uploading needs JavaScript; submitting by URL does not.</p></noscript>
            </form>
          </section>
        </div>
        <section class="card" aria-labelledby="list-h">
          <h2 id="list-h">Recent jobs</h2>
          {list.jobs.length === 0 ? (
            <p class="muted">No jobs yet. Submit a URL or upload a file above.</p>
          ) : (
            <div class="table-wrap">
              <table>
                <thead><tr><th>Source</th><th>Status</th><th>Progress</th><th class="opt">Created</th></tr></thead>
                <tbody>
                  {list.jobs.map((j) => {
                    const pr = progress.get(j.id);
                    const pct = j.status === "completed" ? 100 : Math.round(pr?.pct ?? 0);
                    return (
                      <tr data-job={j.id} data-live={ACTIVE.has(j.status) ? "1" : undefined}>
                        <td><a href={`/dashboard/jobs/${j.id}`}>{j.source}</a> <span class="muted mono">{j.id.slice(0, 8)}</span></td>
                        <td><StatusBadge status={j.status} /></td>
                        <td>
                          <div class="bar"><progress max={100} value={pct} aria-label={`Progress of job ${j.id.slice(0, 8)}`} data-progress></progress><span data-pct>{pct}%</span></div>
                        </td>
                        <td class="opt">{fmtDateTime(j.created_at)}</td>
                      </tr>
                    );
                  })}
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

export function registerJobPages(d: Hono<DashboardEnv>) {
  d.get("/dashboard/jobs", requireSession, (c) => jobsPage(c));
  d.post("/dashboard/jobs", requireSession, async (c) => {
    const f = await formOf(c);
    try {
      const job = await createJob(accountCtx(c), { url: f.one("url").trim(), config: configFrom(f.one) });
      return c.redirect(`/dashboard/jobs/${job.id}`, 303);
    } catch (e) {
      if (e instanceof ServiceError) return jobsPage(c, { error: e.message, url: f.one("url") }, e.status === 403 ? 403 : 400);
      throw e;
    }
  });

  // The upload script's two calls around its presigned PUT (same services as POST /uploads and
  // POST /uploads/{id}/complete).
  d.post("/dashboard/uploads", requireSession, async (c) => {
    const r = ReserveUploadBodySchema.safeParse(await c.req.json().catch(() => null));
    if (!r.success) throw new ValidationError(zodMessage(r.error));
    return c.json(await reserveUpload(accountCtx(c), r.data), 201);
  });
  // The options come as the form's fields ({fields: {name: text}}), read into a Config exactly as
  // the URL form's are (configFrom), so both forms carry every option.
  d.post("/dashboard/uploads/:id/complete", requireSession, async (c) => {
    const body = (await c.req.json().catch(() => null)) as { fields?: unknown } | null;
    const fields = body?.fields && typeof body.fields === "object" ? (body.fields as Record<string, unknown>) : {};
    const config = configFrom((k) => (typeof fields[k] === "string" ? (fields[k] as string) : ""));
    return c.json(await completeUpload(accountCtx(c), c.req.param("id"), config ? { config } : {}), 201);
  });
}
