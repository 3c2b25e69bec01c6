/** @jsxImportSource hono/jsx */
// One clip on the job page: its player, score and breakdown, quality, downloads, the export menu
// (editor projects), re-render / dub, "Refresh captions", "Show on transcript" (its words chosen in
// the transcript editor, with handles), the numeric trim form (the no-script way to move its cuts),
// its cover and post copy (description and hashtags, edited in place; issue 37) and its versions.
import { ASPECTS, CAPTION_STYLES, DUB_LANGUAGES, LAYOUT_MODES, ORIGINAL_VERSION } from "@katto/protocol";
import { EXPORT_FORMATS, type ExportFormat } from "@katto/protocol/api";
import type { getJobDetails } from "../../../services/jobs/details";
import { StyleFields } from "../../components/style-fields";
import { QualityBadge, StatusBadge } from "../../components/ui";
import type { WordRange } from "../../components/word-range";

export type JobClip = Awaited<ReturnType<typeof getJobDetails>>["clips"][number];

/** The editor project formats (EXPORT_FORMATS) as the export menu names them. */
const EXPORT_LABELS: Record<ExportFormat, string> = {
  mlt: "Shotcut / Kdenlive (MLT)",
  fcpxml: "Final Cut Pro, DaVinci Resolve, Premiere (FCPXML)",
  otio: "OpenTimelineIO (OTIO)",
  edl: "Any editor, cuts only (CMX 3600 EDL)",
};

const secs = (x: number) => `${x.toFixed(1)} s`;

/**
 * A re-render's parameters in words: each one `name: value`, a creator style by the options it set
 * as the API's `style` names them (`style: zoom punch_in, remove_silences true`), lists joined by +.
 */
export function versionParams(params: Record<string, unknown>): string {
  const value = (b: unknown): string =>
    Array.isArray(b)
      ? b.map(value).join("+")
      : b !== null && typeof b === "object"
        ? Object.entries(b)
            .filter(([, x]) => x !== undefined && x !== null)
            .map(([k, x]) => `${k} ${value(x)}`)
            .join(", ")
        : String(b);
  return Object.entries(params)
    .filter(([, x]) => x !== undefined && x !== null)
    .map(([a, b]) => `${a}: ${value(b)}`)
    .join(", ");
}

/** The clip's player, its captions as a track. */
function ClipPlayer({ k, rank }: { k: JobClip; rank: number }) {
  return (
    <video controls preload="metadata" playsinline data-aspect={k.aspect} src={k.url} poster={k.poster_url ?? undefined} aria-label={`Clip ${rank + 1}: ${k.title ?? "untitled"}`}>
      {k.captions_url && <track kind="captions" src={k.captions_url} srclang="en" label="Captions" />}
    </video>
  );
}

/** Its title, how it was made, its score and breakdown, quality, why it was picked and its b-roll credits. */
function ClipSummary({ k, rank }: { k: JobClip; rank: number }) {
  return (
    <>
      <h3 id={`clip-${k.clip_index}-title`}>{k.title ?? `Clip ${rank + 1}`}</h3>
      {k.origin === "manual" && <p class="muted" data-origin="manual">Made by hand · {secs(k.start_s)}–{secs(k.end_s)}</p>}
      <p><span class="score" aria-label="Score">{k.score === null ? "—" : Math.round(k.score)}</span> <span class="muted">/ 100 · {(k.end_s - k.start_s).toFixed(0)} s{k.hd ? " · 1080p" : ""} · clip {k.clip_index}</span></p>
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
      {k.chosen_by && (
        <p class="muted" data-chosen-by>
          Chosen by {k.chosen_by.engine}{k.chosen_by.model ? ` (${k.chosen_by.model})` : ""}{k.chosen_by.fallback_reason ? ` instead of the chat model: ${k.chosen_by.fallback_reason}` : ""}
        </p>
      )}
      {k.broll_credits.length > 0 && (
        <p class="muted" data-broll-credits>
          B-roll:{" "}
          {k.broll_credits.map((b, i) => (
            <>
              {i > 0 && "; "}Video by {b.author_url ? <a href={b.author_url} rel="noopener">{b.author}</a> : b.author} on {b.page_url ? <a href={b.page_url} rel="noopener">Pexels</a> : "Pexels"}
            </>
          ))}
        </p>
      )}
    </>
  );
}

/** Its cover and the post copy form (description and hashtags, edited in place; issue 37). */
export function CoverAndPostCopy({ id, k, rank }: { id: string; k: JobClip; rank: number }) {
  return (
    <section aria-labelledby={`clip-${k.clip_index}-post`} data-post-copy={k.clip_index}>
      <h4 id={`clip-${k.clip_index}-post`}>Cover and post text</h4>
      {k.cover_url ? (
        <a href={k.cover_url} download><img class="cover" src={k.cover_url} alt={`Cover of clip ${rank + 1}: a frame with its title`} loading="lazy" width={135} data-cover={k.clip_index} /></a>
      ) : (
        <p class="muted">No cover for this clip (clips made before covers have none).</p>
      )}
      <form method="post" action={`/dashboard/jobs/${id}/clips/${k.clip_index}/post-copy`}>
        <label for={`pc-desc-${k.clip_index}`}>Description</label>
        <textarea id={`pc-desc-${k.clip_index}`} name="description" rows={3} maxlength={5000}>{k.description}</textarea>
        <label for={`pc-tags-${k.clip_index}`}>Hashtags</label>
        <input id={`pc-tags-${k.clip_index}`} name="hashtags" value={k.hashtags.join(" ")} aria-describedby={`pc-tags-help-${k.clip_index}`} />
        <p class="muted" id={`pc-tags-help-${k.clip_index}`}>Separated by spaces, each # then letters, digits or _. Publishing fits them to each platform's limits.</p>
        <button type="submit" class="btn">Save post text</button>
      </form>
    </section>
  );
}

/** Its downloads, Publish, and the export menu (editor projects). */
function ClipDownloads({ id, k }: { id: string; k: JobClip }) {
  return (
    <>
      <div class="actions">
        <a class="btn" href={k.url} download>Download MP4</a>
        {k.captions_url && <a class="btn" href={k.captions_url} download>Download SRT</a>}
        {k.captions_original_url && <a class="btn" href={k.captions_original_url} download>SRT as spoken</a>}
        <a class="btn" href={`/dashboard/jobs/${id}/clips/${k.clip_index}/publish`}>Publish</a>
      </div>
      <details data-export={k.clip_index}>
        <summary>Open in a video editor</summary>
        <p class="muted">A project with this clip's cuts, its crop path as keyframes and its captions, linking the source video (the link works for 24 hours for an uploaded source). Or download the source and a project that names it, and keep both in one folder. It holds the clip's newest finished version (its last re-render or trim, else this one); each version below has its own.</p>
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
    </>
  );
}

/** Re-render or dub, and "Refresh captions" (a new version captioned with the corrected transcript). */
function RerenderForms({ id, k }: { id: string; k: JobClip }) {
  if (!k.rerenderable) return null;
  return (
    <>
      <details>
        <summary>Re-render or dub</summary>
        <form method="post" action={`/dashboard/jobs/${id}/clips/${k.clip_index}/rerender`}>
          <label for={`rr-layout-${k.clip_index}`}>Layout</label>
          <select id={`rr-layout-${k.clip_index}`} name="layout_mode"><option value="">Keep</option>{LAYOUT_MODES.map((m) => <option value={m}>{m}</option>)}</select>
          <label for={`rr-style-${k.clip_index}`}>Caption style</label>
          <select id={`rr-style-${k.clip_index}`} name="caption_style"><option value="">Keep</option>{CAPTION_STYLES.map((m) => <option value={m}>{m}</option>)}</select>
          <label for={`rr-aspect-${k.clip_index}`}>Shape</label>
          <select id={`rr-aspect-${k.clip_index}`} name="aspect"><option value="">Keep ({k.aspect})</option>{ASPECTS.map((a) => <option value={a}>{a}</option>)}</select>
          <fieldset><legend>Dub into</legend>{DUB_LANGUAGES.map((l) => <label class="check"><input type="checkbox" name="dub" value={l} /> {l}</label>)}</fieldset>
          <StyleFields id={`rr-cs-${k.clip_index}`} keep aspect={k.aspect} />
          <button type="submit" class="btn">Start</button>
        </form>
      </details>
      <form method="post" action={`/dashboard/jobs/${id}/clips/${k.clip_index}/rerender`} class="actions">
        <input type="hidden" name="captions" value="refresh" />
        <button type="submit" class="btn" data-refresh-captions={k.clip_index}>Refresh captions</button>
        <span class="muted">A new version captioned with the transcript as corrected below.</span>
      </form>
    </>
  );
}

/** "Show on transcript": its words chosen in the transcript editor, with handles. */
function ShowOnTranscript({ id, k, words }: { id: string; k: JobClip; words: WordRange | null }) {
  if (!(k.rerenderable && words)) return null;
  return (
    <p class="actions">
      <a class="btn" href={`/dashboard/jobs/${id}?sel=${words.from}-${words.to}&clip=${k.clip_index}#selection`} data-show-clip={String(k.clip_index)} data-from={String(words.from)} data-to={String(words.to)}>
        Show on transcript
      </a>
      <span class="muted">Clip {k.clip_index}'s words, with handles to move its start and end.</span>
    </p>
  );
}

/** The numeric trim form, the no-script way to move its cuts (by time or word number). */
function TrimForm({ id, k, transcript }: { id: string; k: JobClip; transcript: boolean }) {
  if (!(k.rerenderable && transcript)) return null;
  return (
    <details data-trim={k.clip_index}>
      <summary>Move start and end (by time or word number)</summary>
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
  );
}

/** Publish and the MLT project of one version (issue 41: every door names the version it reads). */
function VersionActions({ id, k, version }: { id: string; k: JobClip; version: string }) {
  const base = `/dashboard/jobs/${id}/clips/${k.clip_index}`;
  return <> · <a href={`${base}/publish?version=${version}`} data-version-publish={version}>Publish</a> · <a href={`${base}/export?format=mlt&version=${version}`} data-version-export={version} download>MLT project</a></>;
}

/** Its versions (the original, re-renders and trims), each with its status, parameters, files, quality, and Publish and export of that very version. */
function ClipVersions({ id, k }: { id: string; k: JobClip }) {
  if (k.versions.length === 0) return null;
  return (
    <div>
      <h4>Versions</h4>
      <ul>
        <li data-version={ORIGINAL_VERSION}>
          <StatusBadge status="completed" /> <span class="muted">original</span> · <a href={k.url}>MP4</a>
          <VersionActions id={id} k={k} version={ORIGINAL_VERSION} />
        </li>
        {k.versions.map((v) => (
          <li data-version={v.id}>
            <StatusBadge status={v.status} /> <span class="muted" data-version-params>{versionParams(v.params)}</span>
            {v.url && <> · <a href={v.url}>MP4</a></>}{v.captions_url && <> · <a href={v.captions_url}>SRT</a></>}{v.captions_original_url && <> · <a href={v.captions_original_url}>SRT as spoken</a></>}{v.cover_url && <> · <a href={v.cover_url}>cover</a></>}
            {v.url && <VersionActions id={id} k={k} version={v.id} />}
            {v.error && <span class="alert"> {v.error}</span>}
            {v.quality && <span class="muted" data-version-quality> · quality: {v.quality.ok ? "ok" : v.quality.flags.map((f) => f.name).join(", ")}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * `rank`: its place by score (0 = best); `transcript`: whether the job has one (the trim form needs
 * it); `words`: the transcript words inside the clip, for "Show on transcript" (null without words).
 */
export function ClipCard(p: { jobId: string; clip: JobClip; rank: number; transcript: boolean; words: WordRange | null }) {
  const { jobId: id, clip: k, rank, transcript, words } = p;
  return (
    <article class="card clip" aria-labelledby={`clip-${k.clip_index}-title`} data-clip={k.clip_index}>
      <ClipPlayer k={k} rank={rank} />
      <ClipSummary k={k} rank={rank} />
      <CoverAndPostCopy id={id} k={k} rank={rank} />
      <ClipDownloads id={id} k={k} />
      <RerenderForms id={id} k={k} />
      <ShowOnTranscript id={id} k={k} words={words} />
      <TrimForm id={id} k={k} transcript={transcript} />
      <ClipVersions id={id} k={k} />
    </article>
  );
}
