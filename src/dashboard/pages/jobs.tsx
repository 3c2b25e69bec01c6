/** @jsxImportSource hono/jsx */
// Jobs: submit a URL or upload a file (presigned PUT with progress, script in assets.ts), the live
// list, and each job's page (clips ranked by score, player, breakdown, downloads, re-render/dub,
// transcript, cancel). Services: services/jobs/*, services/uploads/uploads.ts, services/rerenders.
import type { Context, Hono } from "hono";
import { ServiceError, ValidationError } from "../../errors";
import { CAPTION_STYLES, CLIP_LENGTHS, clipLengthLabel, DUB_LANGUAGES, LAYOUT_MODES, UPLOAD_CONTENT_TYPES } from "@katto/protocol";
import { type Candidate, CompleteUploadBodySchema, EXPORT_FORMATS, ExportFormatSchema, ExportSourceModeSchema, type ExportFormat, type Config, ConfigSchema, CreateClipBodySchema, RerenderBodySchema, ReserveUploadBodySchema, TranscriptEditBodySchema, TrimBodySchema } from "@katto/protocol/api";
import { createManualClip, listCandidates, promoteCandidate } from "../../services/clips/manual";
import { RUNNING_STATUSES } from "../../services/jobs/status";
import { StyleFields, styleFrom } from "../components/style-fields";
import { TranscriptSource, transcriptLines } from "../components/transcript";
import { cancelJob } from "../../services/jobs/cancel";
import { createJob } from "../../services/jobs/create";
import { getJobDetails } from "../../services/jobs/details";
import { getJob, getTranscript, listJobs } from "../../services/jobs/read";
import { createRerender, createTrim } from "../../services/rerenders/rerenders";
import { exportClip, getJobSource } from "../../services/export/export";
import { editTranscript } from "../../services/transcripts/edit";
import { completeUpload, reserveUpload } from "../../services/uploads/uploads";
import { Layout, renderPage } from "../components/layout";
import { Flash, fmtDateTime, QualityBadge, StatusBadge } from "../components/ui";
import { accountCtx, type DashboardEnv, formOf, requireSession } from "../session";

const ACTIVE = new Set<string>(RUNNING_STATUSES);

/** The editor project formats (EXPORT_FORMATS) as the export menu names them. */
const EXPORT_LABELS: Record<ExportFormat, string> = {
  mlt: "Shotcut / Kdenlive (MLT)",
  fcpxml: "Final Cut Pro, DaVinci Resolve, Premiere (FCPXML)",
  otio: "OpenTimelineIO (OTIO)",
  edl: "Any editor, cuts only (CMX 3600 EDL)",
};

/** Why a candidate was left out, in words (CANDIDATE_REASONS, and the quality drops' DROP_REASONS). */
const CANDIDATE_REASON_TEXT: Record<Candidate["reason"], string> = {
  overlap: "Overlaps a clip",
  below_cutoff: "Scored below the clips chosen",
  too_short: "Shorter than the clip length asked",
  max_clips: "The job already had its most clips",
  no_speech: "Rendered, then dropped: no speech in it",
  mostly_silent: "Rendered, then dropped: mostly silent",
};

const zodMessage = (e: { issues: { path: PropertyKey[]; message: string }[] }) => e.issues.map((i) => (i.path.length ? `${i.path.map(String).join(".")}: ${i.message}` : i.message)).join("; ");

/** The optional config fields of the submit form, validated with the API's ConfigSchema. */
function configFrom(get: (k: string) => string): Config | undefined {
  const raw: Record<string, unknown> = {};
  for (const k of ["clipLength", "customPrompt", "topics", "genre"]) if (get(k).trim()) raw[k] = get(k).trim();
  const style = styleFrom(get);
  if (style.error) throw new ValidationError(style.error);
  if (style.style) raw.style = style.style;
  if (!Object.keys(raw).length) return undefined;
  const r = ConfigSchema.safeParse(raw);
  if (!r.success) throw new ValidationError(zodMessage(r.error));
  return r.data;
}

const ConfigFields = () => (
  <details>
    <summary>Options (clip length, prompt, topics, creator style)</summary>
    <div class="row">
      <div>
        <label for="cfg-length">Clip length</label>
        <select id="cfg-length" name="clipLength">
          <option value="">Automatic</option>
          {CLIP_LENGTHS.map((l) => <option value={l}>{clipLengthLabel(l)}</option>)}
        </select>
      </div>
      <div>
        <label for="cfg-topics">Topics</label>
        <input id="cfg-topics" name="topics" maxlength={500} placeholder="e.g. pricing, hiring" />
      </div>
    </div>
    <label for="cfg-prompt">Prompt</label>
    <textarea id="cfg-prompt" name="customPrompt" maxlength={1000} rows={2} placeholder="What should the clips focus on?"></textarea>
    <StyleFields id="cfg-style" />
  </details>
);

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
              <ConfigFields />
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

async function jobPage(c: Context<DashboardEnv>, id: string, p: { error?: string; notice?: string } = {}, status: 200 | 202 | 400 | 409 = 200) {
  const ctx = accountCtx(c);
  const { job, clips } = await getJobDetails(ctx, id);
  const transcript = job.status === "completed" ? await getTranscript(ctx, id).catch(() => null) : null;
  const completed = job.status === "completed";
  // what the selection left out, and the clips made by hand (GET /jobs/{id} manual_clips)
  const leftOut = completed ? (await listCandidates(ctx, id)).candidates : [];
  const manual = completed ? (await getJob(ctx, id)).manual_clips : [];
  const secs = (x: number) => `${x.toFixed(1)} s`;
  const active = ACTIVE.has(job.status);
  const pct = job.status === "completed" ? 100 : Math.round(job.progress.pct);
  return c.html(
    await renderPage(
      <Layout title="Job" account={c.get("session")} active="jobs">
        <p><a href="/dashboard/jobs">← All jobs</a></p>
        <h1>Job <span class="mono">{id.slice(0, 8)}</span></h1>
        <Flash error={p.error} notice={p.notice} />
        <section class="card" data-job={id} data-live={active ? "1" : undefined} data-reload-on-done="1">
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
                <article class="card clip" aria-labelledby={`clip-${k.clip_index}-title`} data-clip={k.clip_index}>
                  <video controls preload="metadata" playsinline src={k.url} aria-label={`Clip ${rank + 1}: ${k.title ?? "untitled"}`}>
                    {k.captions_url && <track kind="captions" src={k.captions_url} srclang="en" label="Captions" />}
                  </video>
                  <h3 id={`clip-${k.clip_index}-title`}>{k.title ?? `Clip ${rank + 1}`}</h3>
                  {k.origin === "manual" && <p class="muted" data-origin="manual">Made by hand · {secs(k.start_s)}–{secs(k.end_s)}</p>}
                  <p><span class="score" aria-label="Score">{k.score === null ? "—" : Math.round(k.score)}</span> <span class="muted">/ 100 · {(k.end_s - k.start_s).toFixed(0)} s{k.hd ? " · 1080p" : ""}</span></p>
                  {k.subscores && (
                    <div class="subscores" aria-label="Score breakdown">
                      {(["hook", "flow", "value", "trend"] as const).map((n) => {
                        const v = k.subscores?.[n];
                        return v === undefined ? null : (<><span>{n}</span><meter min={0} max={100} value={v}></meter><span>{Math.round(v)}</span></>);
                      })}
                    </div>
                  )}
                  <QualityBadge quality={k.quality} id={`clip-${k.clip_index}-quality`} />
                  {k.justification && <p class="muted">{k.justification}</p>}
                  <div class="actions">
                    <a class="btn" href={k.url} download>Download MP4</a>
                    {k.captions_url && <a class="btn" href={k.captions_url} download>Download SRT</a>}
                    {k.captions_original_url && <a class="btn" href={k.captions_original_url} download>SRT as spoken</a>}
                    <a class="btn" href={`/dashboard/jobs/${id}/clips/${k.clip_index}/publish`}>Publish</a>
                  </div>
                  <details data-export={k.clip_index}>
                    <summary>Open in a video editor</summary>
                    <p class="muted">A project with this clip's cuts, its crop path as keyframes and its captions, linking the source video (the link works for 24 hours for an uploaded source). Or download the source and a project that names it, and keep both in one folder.</p>
                    <ul class="plain">
                      {EXPORT_FORMATS.map((f) => (
                        <li>
                          <a href={`/dashboard/jobs/${id}/clips/${k.clip_index}/export?format=${f}`} download>{EXPORT_LABELS[f]}</a>
                          {f !== "edl" && <> · <a href={`/dashboard/jobs/${id}/clips/${k.clip_index}/export?format=${f}&source=file`} download>for a downloaded source</a></>}
                        </li>
                      ))}
                      <li><a href={`/dashboard/jobs/${id}/source`}>Download the source video</a></li>
                    </ul>
                  </details>
                  {k.rerenderable && (
                    <details>
                      <summary>Re-render or dub</summary>
                      <form method="post" action={`/dashboard/jobs/${id}/clips/${k.clip_index}/rerender`}>
                        <label for={`rr-layout-${k.clip_index}`}>Layout</label>
                        <select id={`rr-layout-${k.clip_index}`} name="layout_mode"><option value="">Keep</option>{LAYOUT_MODES.map((m) => <option value={m}>{m}</option>)}</select>
                        <label for={`rr-style-${k.clip_index}`}>Caption style</label>
                        <select id={`rr-style-${k.clip_index}`} name="caption_style"><option value="">Keep</option>{CAPTION_STYLES.map((m) => <option value={m}>{m}</option>)}</select>
                        <fieldset><legend>Dub into</legend>{DUB_LANGUAGES.map((l) => <label class="check"><input type="checkbox" name="dub" value={l} /> {l}</label>)}</fieldset>
                        <StyleFields id={`rr-cs-${k.clip_index}`} keep />
                        <button type="submit" class="btn">Start</button>
                      </form>
                    </details>
                  )}
                  {k.rerenderable && (
                    <form method="post" action={`/dashboard/jobs/${id}/clips/${k.clip_index}/rerender`} class="actions">
                      <input type="hidden" name="captions" value="refresh" />
                      <button type="submit" class="btn" data-refresh-captions={k.clip_index}>Refresh captions</button>
                      <span class="muted">A new version captioned with the transcript as corrected below.</span>
                    </form>
                  )}
                  {k.rerenderable && transcript && (
                    <details data-trim={k.clip_index}>
                      <summary>Move start and end</summary>
                      <form method="post" action={`/dashboard/jobs/${id}/clips/${k.clip_index}/trim`}>
                        <p class="muted">Times in the source video, seconds; each is moved to the nearest pause between words. Or pick the first and last word of the clip (the # before each word in the transcript). 3 to 180 s.</p>
                        <label for={`tr-start-${k.clip_index}`}>Start (s)</label>
                        <input id={`tr-start-${k.clip_index}`} name="start" type="number" min={0} step="0.01" value={String(k.start_s)} />
                        <label for={`tr-end-${k.clip_index}`}>End (s)</label>
                        <input id={`tr-end-${k.clip_index}`} name="end" type="number" min={0} step="0.01" value={String(k.end_s)} />
                        <label for={`tr-sw-${k.clip_index}`}>or first word #</label>
                        <input id={`tr-sw-${k.clip_index}`} name="start_word" type="number" min={0} step="1" />
                        <label for={`tr-ew-${k.clip_index}`}>and last word #</label>
                        <input id={`tr-ew-${k.clip_index}`} name="end_word" type="number" min={0} step="1" />
                        <button type="submit" class="btn">Make this version</button>
                      </form>
                    </details>
                  )}
                  {k.versions.length > 0 && (
                    <div>
                      <h4>Versions</h4>
                      <ul>
                        {k.versions.map((v) => (
                          <li>
                            <StatusBadge status={v.status} /> <span class="muted">{Object.entries(v.params).filter(([, x]) => x !== undefined && x !== null).map(([a, b]) => `${a}: ${Array.isArray(b) ? b.join("+") : String(b)}`).join(", ")}</span>
                            {v.url && <> · <a href={v.url}>MP4</a></>}{v.captions_url && <> · <a href={v.captions_url}>SRT</a></>}{v.captions_original_url && <> · <a href={v.captions_original_url}>SRT as spoken</a></>}
                            {v.error && <span class="alert"> {v.error}</span>}
                            {v.quality && <span class="muted" data-version-quality> · quality: {v.quality.ok ? "ok" : v.quality.flags.map((f) => f.name).join(", ")}</span>}
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                </article>
              ))}
            </div>
          </section>
        )}
        {completed && manual.length > 0 && (
          <section class="card" aria-labelledby="manual-h" data-manual-clips>
            <h2 id="manual-h">Clips made by hand</h2>
            <ul>
              {manual.map((m) => (
                <li data-manual-clip={m.clip_index}>
                  Clip {m.clip_index}: {secs(m.start)}–{secs(m.end)} <StatusBadge status={m.status} />
                  {(m.status === "queued" || m.status === "rendering") && <span class="muted"> (reload this page to see it once rendered)</span>}
                  {m.error && <span class="alert"> {m.error}</span>}
                </li>
              ))}
            </ul>
          </section>
        )}
        {completed && (
          <section class="card" aria-labelledby="make-h" data-make-clip>
            <h2 id="make-h">Make a clip from this selection</h2>
            <p class="muted">Times in the source, in seconds (the transcript below shows when each line starts). The cut moves to the nearest pause between words; 3 to 180 s; free.</p>
            <form method="post" action={`/dashboard/jobs/${id}/clips`}>
              <label for="mc-start">Start (s)</label>
              <input id="mc-start" name="start" type="number" min={0} step="0.1" required />
              <label for="mc-end">End (s)</label>
              <input id="mc-end" name="end" type="number" min={0} step="0.1" required />
              <label for="mc-layout">Layout</label>
              <select id="mc-layout" name="layout_mode"><option value="">Choose for me</option>{LAYOUT_MODES.map((m) => <option value={m}>{m}</option>)}</select>
              <label for="mc-title">Title (optional)</label>
              <input id="mc-title" name="title" maxlength={100} />
              <button type="submit" class="btn">Make a clip</button>
            </form>
          </section>
        )}
        {completed && leftOut.length > 0 && (
          <section class="card" aria-labelledby="left-h" data-candidates>
            <h2 id="left-h">Left out</h2>
            <p class="muted">Moments Katto considered and did not make clips, and why.</p>
            <table>
              <thead><tr><th>Range</th><th>Score</th><th>Why left out</th><th></th></tr></thead>
              <tbody>
                {leftOut.map((x) => (
                  <tr data-candidate={x.id}>
                    <td>{secs(x.start)}–{secs(x.end)}</td>
                    <td>{Math.round(x.score)}</td>
                    <td>{CANDIDATE_REASON_TEXT[x.reason]}</td>
                    <td>
                      {x.promoted_clip_index !== null ? (
                        <span class="muted">Clip {x.promoted_clip_index}</span>
                      ) : (
                        <form method="post" action={`/dashboard/jobs/${id}/candidates/${x.id}/promote`}>
                          <button type="submit" class="btn">Make a clip</button>
                        </form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {transcript && (
          <section class="card" aria-labelledby="tr-h">
            <h2 id="tr-h">Transcript</h2>
            <TranscriptSource transcript={transcript} />
            <p class="muted" data-revision={String(transcript.revision)}>
              Revision {transcript.revision}. Correct a line and save it: its words keep their times, and the next re-render, trim or "Refresh captions" uses them. Clips already made do not change.
            </p>
            <div class="transcript">
              {transcriptLines(transcript).map((line, k) => (
                <form method="post" action={`/dashboard/jobs/${id}/transcript`} class="transcript-line" data-segment={k}>
                  <p>
                    <span class="muted mono">{new Date(line.start * 1000).toISOString().slice(14, 19)}</span>{" "}
                    {line.words.map((w) => (<><span class="muted mono word-index">{w.index === undefined ? "" : `#${w.index}`}</span>{w.low ? <mark class="low-confidence" title={`the engine is ${Math.round(w.confidence! * 100)} % sure of this word`}>{w.text}</mark> : w.text}{" "}</>))}
                  </p>
                  <input type="hidden" name="revision" value={String(transcript.revision)} />
                  <input type="hidden" name="segment" value={String(k)} />
                  <label class="sr-only" for={`seg-${k}`}>Text of line {k + 1}</label>
                  <input id={`seg-${k}`} name="text" value={transcript.segments[k]?.text ?? line.words.map((w) => w.text).join(" ")} />
                  <button type="submit" class="btn">Save</button>
                </form>
              ))}
            </div>
          </section>
        )}
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
  d.get("/dashboard/jobs/:id", requireSession, (c) => jobPage(c, c.req.param("id")));
  // Issue 22: the editor exports and the source, behind the session (the same services as
  // GET /jobs/{id}/clips/{index}/export and GET /jobs/{id}/source).
  d.get("/dashboard/jobs/:id/clips/:index/export", requireSession, async (c) => {
    const id = c.req.param("id");
    const format = ExportFormatSchema.safeParse(c.req.query("format"));
    const source = ExportSourceModeSchema.safeParse(c.req.query("source") ?? "url");
    if (!format.success || !source.success) return jobPage(c, id, { error: `Choose an export format: ${EXPORT_FORMATS.join(", ")} (source url or file).` }, 400);
    try {
      const file = await exportClip(accountCtx(c), id, Number(c.req.param("index")), format.data, source.data);
      return c.body(file.body, 200, { "content-type": file.contentType, "content-disposition": `attachment; filename="${file.fileName}"`, "cache-control": "no-store" });
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
  d.post("/dashboard/jobs/:id/clips/:index/rerender", requireSession, async (c) => {
    const id = c.req.param("id");
    const f = await formOf(c);
    const raw: Record<string, unknown> = {};
    if (f.one("layout_mode")) raw.layout_mode = f.one("layout_mode");
    if (f.one("caption_style")) raw.caption_style = f.one("caption_style");
    if (f.all("dub").length) raw.dub = f.all("dub");
    if (f.one("captions")) raw.captions = f.one("captions");
    const style = styleFrom(f.one);
    if (style.error) return jobPage(c, id, { error: style.error }, 400);
    if (style.style) raw.style = style.style;
    const parsed = RerenderBodySchema.safeParse(raw);
    if (!parsed.success) return jobPage(c, id, { error: zodMessage(parsed.error) }, 400);
    try {
      await createRerender(accountCtx(c), id, Number(c.req.param("index")), parsed.data);
    } catch (e) {
      if (e instanceof ServiceError && e.code !== "not_found") return jobPage(c, id, { error: e.message }, 409);
      throw e;
    }
    return c.redirect(`/dashboard/jobs/${id}`, 303);
  });

  // Issue 22: a line of the transcript corrected (PATCH /jobs/{id}/transcript with one segment edit).
  // A stale revision is shown plainly with 409: someone else saved first; the page shows their text.
  d.post("/dashboard/jobs/:id/transcript", requireSession, async (c) => {
    const id = c.req.param("id");
    const f = await formOf(c);
    const parsed = TranscriptEditBodySchema.safeParse({ revision: Number(f.one("revision")), edits: [{ segment: Number(f.one("segment")), text: f.one("text") }] });
    if (!parsed.success) return jobPage(c, id, { error: zodMessage(parsed.error) }, 400);
    try {
      const t = await editTranscript(accountCtx(c), id, parsed.data);
      return jobPage(c, id, { notice: `Saved: the transcript is now at revision ${t.revision}. Use "Refresh captions" on a clip to caption a new version with it.` });
    } catch (e) {
      if (e instanceof ServiceError && e.code === "conflict") return jobPage(c, id, { error: `Not saved: someone else saved a correction first. ${e.message.split(":")[0]}. The page now shows their text: make your correction again.` }, 409);
      if (e instanceof ServiceError && e.code !== "not_found") return jobPage(c, id, { error: e.message }, 400);
      throw e;
    }
  });
  d.post("/dashboard/jobs/:id/clips/:index/trim", requireSession, async (c) => {
    const id = c.req.param("id");
    const f = await formOf(c);
    const num = (k: string) => (f.one(k).trim() === "" ? undefined : Number(f.one(k)));
    const [startWord, endWord] = [num("start_word"), num("end_word")];
    // a word picked wins over the seconds prefilled beside it
    const raw = { start: startWord === undefined ? num("start") : undefined, end: endWord === undefined ? num("end") : undefined, start_word: startWord, end_word: endWord };
    const parsed = TrimBodySchema.safeParse(raw);
    if (!parsed.success) return jobPage(c, id, { error: zodMessage(parsed.error) }, 400);
    try {
      const r = await createTrim(accountCtx(c), id, Number(c.req.param("index")), parsed.data);
      return jobPage(c, id, { notice: `New version queued from ${r.start} s to ${r.end} s (moved to the nearest pauses).` }, 202);
    } catch (e) {
      if (e instanceof ServiceError && e.code !== "not_found") return jobPage(c, id, { error: e.message }, e.code === "conflict" ? 409 : 400);
      throw e;
    }
  });
  d.post("/dashboard/jobs/:id/clips", requireSession, async (c) => {
    const id = c.req.param("id");
    const f = await formOf(c);
    const num = (k: string) => (f.one(k).trim() === "" ? undefined : Number(f.one(k)));
    const raw: Record<string, unknown> = { start: num("start"), end: num("end") };
    if (f.one("layout_mode")) raw.layout_mode = f.one("layout_mode");
    if (f.one("title").trim()) raw.title = f.one("title").trim();
    const parsed = CreateClipBodySchema.safeParse(raw);
    if (!parsed.success) return jobPage(c, id, { error: zodMessage(parsed.error) }, 400);
    try {
      const made = await createManualClip(accountCtx(c), id, parsed.data);
      return jobPage(c, id, { notice: `Clip ${made.clip_index} is being made from ${made.start.toFixed(2)} s to ${made.end.toFixed(2)} s (snapped to pauses). Reload this page to see it once rendered.` }, 202);
    } catch (e) {
      if (e instanceof ServiceError && e.code !== "not_found") return jobPage(c, id, { error: e.message }, e.code === "bad_request" ? 400 : 409);
      throw e;
    }
  });
  d.post("/dashboard/jobs/:id/candidates/:cid/promote", requireSession, async (c) => {
    const id = c.req.param("id");
    try {
      const made = await promoteCandidate(accountCtx(c), id, c.req.param("cid"));
      return jobPage(c, id, { notice: `Clip ${made.clip_index} is being made from this moment. Reload this page to see it once rendered.` }, 202);
    } catch (e) {
      if (e instanceof ServiceError && e.code !== "not_found") return jobPage(c, id, { error: e.message }, e.code === "bad_request" ? 400 : 409);
      throw e;
    }
  });

  // The upload script's two calls around its presigned PUT (same services as POST /uploads and
  // POST /uploads/{id}/complete, same request schemas).
  d.post("/dashboard/uploads", requireSession, async (c) => {
    const r = ReserveUploadBodySchema.safeParse(await c.req.json().catch(() => null));
    if (!r.success) throw new ValidationError(zodMessage(r.error));
    return c.json(await reserveUpload(accountCtx(c), r.data), 201);
  });
  d.post("/dashboard/uploads/:id/complete", requireSession, async (c) => {
    const r = CompleteUploadBodySchema.safeParse(await c.req.json().catch(() => ({})));
    if (!r.success) throw new ValidationError(zodMessage(r.error));
    return c.json(await completeUpload(accountCtx(c), c.req.param("id"), r.data), 201);
  });
}
