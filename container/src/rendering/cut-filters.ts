// Jump cuts (style remove_silences / remove_fillers) in the render's filter graph: the picture's
// frames of the kept spans closed up over the gaps; the sound is cut at the same instants by
// ../ffmpeg/cut-audio.ts cutAudioFilter (which a dub's original soundtrack is cut by too).
import { balancedSum } from "../editing/zoom-plan.js";
import { cutGaps, type Span } from "../editing/timeline.js";
import { num } from "../ffmpeg/filter-values.js";

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
