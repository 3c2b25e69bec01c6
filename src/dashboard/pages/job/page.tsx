/** @jsxImportSource hono/jsx */
// A job's page: its status and progress (live while it runs), quality and warnings, its clips
// (clip-card.tsx), the clips made by hand and the moments left out (by-hand.tsx) and the transcript
// editor (transcript-editor.tsx); and the page's reads: the status the script polls, the editor
// exports and the source. Its writes are in edits.ts. Services: services/jobs/*, services/clips,
// services/export.
import type { Context, Hono } from "hono";
import { EXPORT_FORMATS, EXPORT_VERSION_HEADER, ExportFormatSchema, ExportSourceModeSchema, VersionNameSchema } from "@katto/protocol/api";
import { ServiceError } from "../../../errors";
import { listCandidates } from "../../../services/clips/manual";
import { cancelJob } from "../../../services/jobs/cancel";
import { getJobDetails } from "../../../services/jobs/details";
import { getJob, getTranscript } from "../../../services/jobs/read";
import { RUNNING_STATUSES } from "../../../services/jobs/status";
import { exportClip, getJobSource } from "../../../services/export/export";
import { Layout, renderPage } from "../../components/layout";
import { Flash, fmtDateTime, StatusBadge } from "../../components/ui";
import { wordsInside } from "../../components/word-range";
import { accountCtx, type DashboardEnv, requireSession } from "../../session";
import { LeftOut, MakeClipForm, ManualClips } from "./by-hand";
import { ClipCard } from "./clip-card";
import { TranscriptEditor, viewFrom } from "./transcript-editor";

export const ACTIVE = new Set<string>(RUNNING_STATUSES);

/** What the page shows chosen in the transcript, as query values (see viewFrom). */
export type ViewQuery = { sel?: string; set?: string; pick?: string; clip?: string };

export async function jobPage(c: Context<DashboardEnv>, id: string, p: { error?: string; notice?: string; view?: ViewQuery } = {}, status: 200 | 202 | 400 | 409 = 200) {
  const ctx = accountCtx(c);
  const { job, clips } = await getJobDetails(ctx, id);
  const completed = job.status === "completed";
  const transcript = completed ? await getTranscript(ctx, id).catch(() => null) : null;
  // what the selection left out, and the clips made by hand (GET /jobs/{id} manual_clips)
  const leftOut = completed ? (await listCandidates(ctx, id)).candidates : [];
  const manual = completed ? (await getJob(ctx, id)).manual_clips : [];
  const trimmable = transcript ? clips.filter((k) => k.rerenderable) : [];
  const view = transcript ? viewFrom(p.view ?? {}, transcript.words.length, trimmable.map((k) => k.clip_index)) : null;
  const active = ACTIVE.has(job.status);
  const pct = completed ? 100 : Math.round(job.progress.pct);
  return c.html(
    await renderPage(
      <Layout title="Job" account={c.get("session")} active="jobs">
        <p><a href="/dashboard/jobs">← All jobs</a></p>
        <h1>Job <span class="mono">{id.slice(0, 8)}</span></h1>
        <Flash error={p.error} notice={p.notice} />
        <section class="card" data-job={id} data-live={active ? "1" : undefined} data-reload-on-done="1" data-clips={String(clips.length)}>
          <dl class="facts">
            <dt>Status</dt><dd><StatusBadge status={job.status} /></dd>
            <dt>Step</dt><dd data-step>{job.progress.step}</dd>
            <dt>Progress</dt>
            <dd><div class="bar"><progress max={100} value={pct} aria-label="Job progress" data-progress></progress><span data-pct>{pct}%</span></div></dd>
            <dt>Source</dt><dd class="mono break">{job.source_url}</dd>
            <dt>Created</dt><dd>{fmtDateTime(job.created_at)}</dd>
            {job.error && (<><dt>Error</dt><dd class="alert">{job.error}</dd></>)}
          </dl>
          {active && (
            <form method="post" action={`/dashboard/jobs/${id}/cancel`} class="actions">
              <button type="submit" class="btn danger">Cancel job</button>
            </form>
          )}
        </section>
        {job.quality && (
          <section class="card" aria-labelledby="quality-h" data-job-quality>
            <h2 id="quality-h">Quality</h2>
            <p>
              {job.quality.clips_delivered} delivered · {job.quality.clips_fixed} fixed before delivery · {job.quality.clips_flagged} with flags · {job.quality.clips_dropped} dropped
              {Object.keys(job.quality.flags).length > 0 && <span class="muted"> ({Object.entries(job.quality.flags).map(([n, c]) => `${n}: ${c}`).join(", ")})</span>}
            </p>
            {job.dropped.length > 0 && (
              <ul aria-label="Dropped clips">
                {job.dropped.map((d) => (
                  <li data-dropped={d.reason}>{d.start.toFixed(1)}–{d.end.toFixed(1)} s (score {Math.round(d.score)}): {d.message}</li>
                ))}
              </ul>
            )}
          </section>
        )}
        {job.warnings.length > 0 && (
          <section class="card" aria-labelledby="warnings-h" data-warnings>
            <h2 id="warnings-h">Warnings</h2>
            <ul>
              {job.warnings.map((w) => (
                <li data-warning={w.code}>{w.message}</li>
              ))}
            </ul>
          </section>
        )}
        {clips.length > 0 && (
          <section aria-labelledby="clips-h">
            <h2 id="clips-h">Clips, best first</h2>
            <div class="clips">
              {clips.map((k, rank) => (
                <ClipCard jobId={id} clip={k} rank={rank} transcript={!!transcript} words={transcript ? wordsInside(transcript.words, k.start_s, k.end_s) : null} />
              ))}
            </div>
          </section>
        )}
        {completed && <ManualClips clips={manual} />}
        {completed && <MakeClipForm jobId={id} aspect={clips[0]?.aspect} />}
        {completed && <LeftOut jobId={id} candidates={leftOut} words={transcript?.words ?? []} />}
        {transcript && view && <TranscriptEditor jobId={id} transcript={transcript} view={view} clips={trimmable} />}
      </Layout>,
    ),
    status,
  );
}

export function registerJobPage(d: Hono<DashboardEnv>) {
  d.get("/dashboard/jobs/:id", requireSession, (c) => jobPage(c, c.req.param("id"), { view: c.req.query() }));
  // Issue 22: the editor exports and the source, behind the session (the same services as
  // GET /jobs/{id}/clips/{index}/export and GET /jobs/{id}/source).
  d.get("/dashboard/jobs/:id/clips/:index/export", requireSession, async (c) => {
    const id = c.req.param("id");
    const format = ExportFormatSchema.safeParse(c.req.query("format"));
    const source = ExportSourceModeSchema.safeParse(c.req.query("source") ?? "url");
    const version = c.req.query("version") === undefined ? undefined : VersionNameSchema.safeParse(c.req.query("version"));
    if (!format.success || !source.success) return jobPage(c, id, { error: `Choose an export format: ${EXPORT_FORMATS.join(", ")} (source url or file).` }, 400);
    if (version && !version.success) return jobPage(c, id, { error: version.error.issues[0]?.message ?? "Unknown version." }, 400);
    try {
      const file = await exportClip(accountCtx(c), id, Number(c.req.param("index")), format.data, source.data, version?.data);
      return c.body(file.body, 200, { "content-type": file.contentType, "content-disposition": `attachment; filename="${file.fileName}"`, "cache-control": "no-store", [EXPORT_VERSION_HEADER]: file.version });
    } catch (e) {
      if (e instanceof ServiceError && e.code !== "not_found") return jobPage(c, id, { error: e.message }, e.code === "conflict" ? 409 : 400);
      throw e;
    }
  });
  d.get("/dashboard/jobs/:id/source", requireSession, async (c) => {
    const src = await getJobSource(accountCtx(c), c.req.param("id"));
    return c.redirect(src.url, 303);
  });
  d.get("/dashboard/jobs/:id/status", requireSession, async (c) => {
    const j = await getJob(accountCtx(c), c.req.param("id"));
    return c.json({ id: j.id, status: j.status, progress: j.progress, clips: j.clips.length });
  });
  d.post("/dashboard/jobs/:id/cancel", requireSession, async (c) => {
    const id = c.req.param("id");
    try {
      await cancelJob(accountCtx(c), id);
    } catch (e) {
      if (e instanceof ServiceError && e.code !== "not_found") return jobPage(c, id, { error: e.message }, 409);
      throw e;
    }
    return c.redirect(`/dashboard/jobs/${id}`, 303);
  });
}
