/** @jsxImportSource hono/jsx */
// The job page's clips made by hand (issue 22): those still rendering, the numeric "make a clip"
// form (start and end in seconds: the no-script way; the transcript's selection bar is the other),
// and the moments the selection left out, each with why and "make a clip".
import { LAYOUT_MODES, TRIM_MIN_S } from "@katto/protocol";
import type { Candidate } from "@katto/protocol/api";
import type { getJob } from "../../../services/jobs/read";
import { StatusBadge } from "../../components/ui";

/** Why a candidate was left out, in words (CANDIDATE_REASONS, and the quality drops' DROP_REASONS). */
const CANDIDATE_REASON_TEXT: Record<Candidate["reason"], string> = {
  overlap: "Overlaps a clip",
  below_cutoff: "Scored below the clips chosen",
  too_short: "Shorter than the clip length asked",
  max_clips: "The job already had its most clips",
  no_speech: "Rendered, then dropped: no speech in it",
  mostly_silent: "Rendered, then dropped: mostly silent",
};

const secs = (x: number) => `${x.toFixed(1)} s`;

type ManualClip = Awaited<ReturnType<typeof getJob>>["manual_clips"][number];

export const ManualClips = (p: { clips: ManualClip[] }) =>
  p.clips.length === 0 ? null : (
    <section class="card" aria-labelledby="manual-h" data-manual-clips>
      <h2 id="manual-h">Clips made by hand</h2>
      <ul>
        {p.clips.map((m) => (
          <li data-manual-clip={m.clip_index}>
            Clip {m.clip_index}: {secs(m.start)}–{secs(m.end)} <StatusBadge status={m.status} />
            {(m.status === "queued" || m.status === "rendering") && <span class="muted"> (reload this page to see it once rendered)</span>}
            {m.error && <span class="alert"> {m.error}</span>}
          </li>
        ))}
      </ul>
    </section>
  );

export const MakeClipForm = (p: { jobId: string }) => (
  <section class="card" aria-labelledby="make-h" data-make-clip>
    <h2 id="make-h">Make a clip by time</h2>
    <p class="muted">Times in the source, in seconds (the transcript below shows when each line starts; or select its words and use "Make a clip from this selection"). The cut moves to the nearest pause between words; 3 to 180 s; free.</p>
    <form method="post" action={`/dashboard/jobs/${p.jobId}/clips`}>
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
);

export const LeftOut = (p: { jobId: string; candidates: Candidate[] }) =>
  p.candidates.length === 0 ? null : (
    <section class="card" aria-labelledby="left-h" data-candidates>
      <h2 id="left-h">Left out</h2>
      <p class="muted">Moments Katto considered and did not make clips, and why.</p>
      <table>
        <thead><tr><th>Range</th><th>Score</th><th>Why left out</th><th></th></tr></thead>
        <tbody>
          {p.candidates.map((x) => (
            <tr data-candidate={x.id}>
              <td>{secs(x.start)}–{secs(x.end)}</td>
              <td>{Math.round(x.score)}</td>
              <td>{CANDIDATE_REASON_TEXT[x.reason]}</td>
              <td>
                {x.promoted_clip_index !== null ? (
                  <span class="muted">Clip {x.promoted_clip_index}</span>
                ) : x.end - x.start < TRIM_MIN_S ? (
                  // the API refuses to promote it (a clip is at least TRIM_MIN_S long): say how instead
                  <span class="muted" data-too-short>Under {TRIM_MIN_S} s: select more words in the transcript to make a clip</span>
                ) : (
                  <form method="post" action={`/dashboard/jobs/${p.jobId}/candidates/${x.id}/promote`}>
                    <button type="submit" class="btn">Make a clip</button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
