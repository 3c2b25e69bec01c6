// The order test files start in: within a project, the files that cost the most CPU first (longest
// first leaves the two workers no long file to finish alone at the end), then vitest's own order
// (its recorded durations, else the biggest file first: on a clean checkout a 6 KB file of ten
// minutes would start halfway through). Projects keep vitest's order.
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * CPU seconds (user + system, the file's process and the tools it ran) of the costliest files, as
 * KATTO_TEST_CPU measured them (test/profile/cpu-per-file.ts; every `npm test` now writes them to
 * .katto/test-cpu.jsonl and prints the slowest), 2-core machine. A file that recognises audio an
 * earlier file recognised costs less (the speech cache answers it): confidence-calibration after
 * pocketsphinx-front-end. Only the order matters: re-measure when a file's cost changes much.
 */
export const FILE_CPU_S: Record<string, number> = {
  // session 13, `npm test -- --project render` at load 15-30: the 23 costliest files (646 s)
  "container/test/moments/clips-real.test.ts": 105,
  "container/test/server/handheld.test.ts": 68,
  "container/test/export/melt-readback.test.ts": 54,
  "container/test/edit/fillers.test.ts": 44,
  "container/test/engines/pocketsphinx-front-end.test.ts": 43,
  "container/test/combination-matrix.test.ts": 41,
  "container/test/server/hd-fanout.test.ts": 25,
  "container/test/quality/real-quality.test.ts": 25,
  "container/test/render/all-styles.test.ts": 25,
  "container/test/run/clip-failure.test.ts": 23,
  "container/test/server/manual-clip.test.ts": 22,
  "container/test/quality/measure-clip.test.ts": 21,
  "container/test/transcribe/transcribe.test.ts": 19,
  "container/test/quality/handheld-framing.test.ts": 19,
  "container/test/server/server.test.ts": 18,
  "container/test/render/caption-language.test.ts": 18,
  "container/test/rerender/trim-rebuild.test.ts": 13,
  "container/test/rerender/four-shapes.test.ts": 12,
  "container/test/render/cuts-zooms-render.test.ts": 11,
  "container/test/export/melt-late-clips.test.ts": 11,
  "container/test/server/openai-job.test.ts": 11,
  "container/test/engines/confidence-calibration.test.ts": 10,
  "container/test/render/screen-layout.test.ts": 8,
  // not among those: their session 11/12 figures (the same measure, before later savings)
  "container/test/score/headline.test.ts": 26,
  "container/test/engines/pocketsphinx-timing.test.ts": 26,
  "container/test/render/broll-render.test.ts": 26,
  "container/test/render/render.test.ts": 26,
  "container/test/dub/engines.test.ts": 25,
  "container/test/rerender/trim-correction.test.ts": 24,
  "container/test/score/ranking.test.ts": 23,
  "container/test/quality/job-quality.test.ts": 23,
  "container/test/dub/dub-rerender.test.ts": 23,
  "container/test/render/scripts.test.ts": 22,
  "container/test/render/crop-path-render.test.ts": 20,
  "container/test/rerender/reshape-reframe.test.ts": 20,
  "container/test/render/bars.test.ts": 19,
};

const root = `${new URL("../..", import.meta.url).pathname}`;

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const at = new Map(base.map((f, i) => [f, i]));
    const projectAt = new Map<string, number>();
    base.forEach((f, i) => projectAt.has(f.project.name) || projectAt.set(f.project.name, i));
    const cpu = (f: TestSpecification) => FILE_CPU_S[f.moduleId.startsWith(root) ? f.moduleId.slice(root.length) : f.moduleId] ?? 0;
    return [...base].sort((a, b) => projectAt.get(a.project.name)! - projectAt.get(b.project.name)! || cpu(b) - cpu(a) || at.get(a)! - at.get(b)!);
  }
}
