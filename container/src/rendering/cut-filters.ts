// Jump cuts (style remove_silences / remove_fillers) in the render's filter graph: the picture's
// frames of the kept spans closed up over the gaps, and the sound cut at the same instants.
import { balancedSum } from "../editing/zoom-plan.js";
import { cutGaps, type Span } from "../editing/timeline.js";
import { num, sec } from "../ffmpeg/filter-values.js";

/**
 * The source's frames of the kept spans, their times closed up over the gaps (a frame keeps its
 * time minus the seconds cut before it), so the layout after it works on the cut timeline and the
 * frame-rate filter after that sees no hole to fill. Edges sit half a frame early: the span's first
 * frame on the output grid is in, its end's is out.
 */
export function selectFilter(spans: readonly Span[], durationS: number, fps: number): string {
  const h = 0.5 / fps;
  const kept = spans.map((s) => `gte(t,${num(s.start - h)})*lt(t,${num(s.end - h)})`);
  const gaps = cutGaps(spans, durationS).map((g) => `gte(T,${num(g.end - h)})*${num(g.end - g.start)}`);
  return `select='${balancedSum(kept)}',setpts='PTS-${balancedSum(gaps)}/TB'`;
}

/**
 * One audio chain [in] -> [out] cut to the kept spans, sample exact: each span trimmed from its own
 * branch, 5 ms fades at its edges (no click at a join), the spans concatenated.
 */
export function cutAudioFilter(input: string, spans: readonly Span[], output: string): string {
  const fade = (s: Span) => {
    const d = s.end - s.start;
    const f = Math.min(0.005, d / 4);
    return `afade=t=in:d=${sec(f)},afade=t=out:st=${sec(d - f)}:d=${sec(f)}`;
  };
  const trim = (s: Span) => `atrim=start=${num(s.start)}:end=${num(s.end)},asetpts=PTS-STARTPTS,${fade(s)}`;
  if (spans.length === 1) return `[${input}]${trim(spans[0]!)}[${output}]`;
  const names = spans.map((_, k) => `${output}s${k}`);
  return [
    `[${input}]asplit=${spans.length}${names.map((n) => `[${n}]`).join("")}`,
    ...spans.map((s, k) => `[${names[k]}]${trim(s)}[${output}c${k}]`),
    `${spans.map((_, k) => `[${output}c${k}]`).join("")}concat=n=${spans.length}:v=0:a=1[${output}]`,
  ].join(";");
}

