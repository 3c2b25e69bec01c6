// An audio chain cut to a clip's kept pieces (jump cuts, issue 26): the render's sound
// (rendering/render-args.ts) and a dub's original soundtrack under the voice (work/dub.ts) are cut
// by the same filter at the same instants.
import type { Span } from "@katto/protocol";
import { num, sec } from "./filter-values.js";

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

