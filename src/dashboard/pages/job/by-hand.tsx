/** @jsxImportSource hono/jsx */
// The job page's clips made by hand (issue 22): those still rendering, the numeric "make a clip"
// form (start and end in seconds: the no-script way; the transcript's selection bar is the other),
// and the moments the selection left out, each with why and "make a clip".
import { LAYOUT_MODES, TRIM_MIN_S, type Aspect } from "@katto/protocol";
import { type Candidate, CreateClipBodySchema } from "@katto/protocol/api";
import { formFieldsOf, SchemaField } from "../../components/schema-field";
import { StyleFields } from "../../components/style-fields";
import type { getJob } from "../../../services/jobs/read";
import { StatusBadge } from "../../components/ui";

/** Why a candidate was left out, in words (CANDIDATE_REASONS, and the quality drops' DROP_REASONS). */
const CANDIDATE_REASON_TEXT: Record<Candidate["reason"], string> = {
  overlap: "Overlaps a clip",
  below_cutoff: "Scored below the clips chosen",
  too_short: "Shorter than the clip length asked",
  max_clips: "The job already had its most clips",
  outside_speech: "Proposed by the chat model where nothing is spoken",
  below_floor: "Scored below the quality floor",
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

/** Fields of a clip by hand with a control written below (style is StyleFields); any other comes from its kind. */
const WRITTEN = new Set(["start", "end", "layout_mode", "title"]);

export const MakeClipForm = (p: { jobId: string; aspect?: Aspect }) => (
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
      {formFieldsOf(CreateClipBodySchema)
        .filter((f) => f.path[0] !== "style" && !WRITTEN.has(f.name))
        .map((f) => <SchemaField field={f} id={`mc-${f.name}`} />)}
      <details>
        <summary>Creator style (the job's, field by field, unless set here)</summary>
        <StyleFields id="mc-style" keep aspect={p.aspect} />
      </details>
      <button type="submit" class="btn">Make a clip</button>
    </form>
  </section>
);

/** Candidates whose ranges overlap (directly or through another) are one moment with other ends. */
export interface Moment {
  best: Candidate;
  /** the other ends of the same moment, best first */
  variants: Candidate[];
}

/** Pure: the candidates as moments, each its best-scored range with its variants folded under it, best moment first. */
export function groupCandidates(candidates: readonly Candidate[]): Moment[] {
  const sorted = [...candidates].sort((a, b) => a.start - b.start || a.end - b.end);
  const groups: Candidate[][] = [];
  let reach = -Infinity;
  for (const c of sorted) {
    if (groups.length && c.start < reach - 1e-9) groups.at(-1)!.push(c);
    else groups.push([c]);
    reach = groups.at(-1)!.length === 1 ? c.end : Math.max(reach, c.end);
  }
  const byScore = (a: Candidate, b: Candidate) => b.score - a.score || a.start - b.start;
  return groups.map((g) => g.sort(byScore)).map(([best, ...variants]) => ({ best: best!, variants })).sort((a, b) => byScore(a.best, b.best));
}

/** Pure: what is said in a range, its first words (a dozen) from the transcript. */
export function openingWords(words: readonly { start: number; end: number; text: string }[], start: number, end: number, max = 12): string {
  const inside = words.filter((w) => w.start >= start - 0.05 && w.start < end);
  return inside.slice(0, max).map((w) => w.text).join(" ") + (inside.length > max ? " …" : "");
}

const CandidateRow = (p: { jobId: string; x: Candidate; said: string; variants?: number }) => (
  <tr data-candidate={p.x.id}>
    <td>{secs(p.x.start)}–{secs(p.x.end)}</td>
    <td>{Math.round(p.x.score)}</td>
    <td>{CANDIDATE_REASON_TEXT[p.x.reason]}</td>
    <td data-said>{p.said ? `“${p.said}”` : <span class="muted">(no words)</span>}</td>
    <td>
      {p.x.promoted_clip_index !== null ? (
        <span class="muted">Clip {p.x.promoted_clip_index}</span>
      ) : p.x.end - p.x.start < TRIM_MIN_S ? (
        // the API refuses to promote it (a clip is at least TRIM_MIN_S long): say how instead
        <span class="muted" data-too-short>Under {TRIM_MIN_S} s: select more words in the transcript to make a clip</span>
      ) : (
        <form method="post" action={`/dashboard/jobs/${p.jobId}/candidates/${p.x.id}/promote`}>
          <button type="submit" class="btn">Make a clip</button>
        </form>
      )}
    </td>
  </tr>
);

/**
 * The moments the selection left out, best first: each one its best range, what is said in it, why
 * it was left out and "make a clip", with its other ends (the same moment cut longer or shorter)
 * folded under it, so a long list of near-identical ranges reads as a few moments.
 */
export const LeftOut = (p: { jobId: string; candidates: Candidate[]; words: readonly { start: number; end: number; text: string }[] }) => {
  if (p.candidates.length === 0) return null;
  const moments = groupCandidates(p.candidates);
  return (
    <section class="card" aria-labelledby="left-h" data-candidates>
      <h2 id="left-h">Left out</h2>
      <p class="muted">
        Moments Katto considered and did not make clips, and why, best first: {moments.length} {moments.length === 1 ? "moment" : "moments"} from {p.candidates.length} ranges.
      </p>
      <table>
        <thead><tr><th>Range</th><th>Score</th><th>Why left out</th><th>What is said</th><th></th></tr></thead>
        <tbody>
          {moments.map((m, i) => (
            <>
              <CandidateRow jobId={p.jobId} x={m.best} said={openingWords(p.words, m.best.start, m.best.end)} />
              {m.variants.length > 0 && (
                <tr data-variants={i}>
                  <td colspan={5}>
                    <details>
                      <summary>{m.variants.length} other {m.variants.length === 1 ? "end" : "ends"} of this moment</summary>
                      <table>
                        <tbody>
                          {m.variants.map((v) => (
                            <CandidateRow jobId={p.jobId} x={v} said={openingWords(p.words, v.start, v.end)} />
                          ))}
                        </tbody>
                      </table>
                    </details>
                  </td>
                </tr>
              )}
            </>
          ))}
        </tbody>
      </table>
    </section>
  );
};
