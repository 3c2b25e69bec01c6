// The order test files start in: within a project, the files that cost the most CPU first (longest
// first leaves the two workers no long file to finish alone at the end), then vitest's own order
// (its recorded durations, else the biggest file first: on a clean checkout a 6 KB file of ten
// minutes would start halfway through). Projects keep vitest's order.
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * CPU seconds (user + system, the file's process and the tools it ran) of the costliest files, as
 * KATTO_TEST_CPU measured them one file at a time (test/profile/cpu-per-file.ts), session 11,
 * 2-core machine at load 15-26 (the render project: 1,562 s in 103 files, these 32 are 1,383).
 * Only the order matters: re-measure when a file's cost changes much.
 */
export const FILE_CPU_S: Record<string, number> = {
  "container/test/moments/clips-real.test.ts": 197,
  "container/test/engines/pocketsphinx-front-end.test.ts": 91,
  "container/test/server/handheld.test.ts": 90,
  "container/test/export/melt-readback.test.ts": 76,
  "container/test/quality/measure-clip.test.ts": 59,
  "container/test/engines/confidence-calibration.test.ts": 56,
  "container/test/server/hd-fanout.test.ts": 55,
  "container/test/run/clip-failure.test.ts": 45,
  "container/test/edit/fillers.test.ts": 44,
  "container/test/server/server.test.ts": 41,
  "container/test/quality/real-quality.test.ts": 41,
  "container/test/render/cuts-zooms-render.test.ts": 39,
  "container/test/render/all-styles.test.ts": 37,
  "container/test/transcribe/transcribe.test.ts": 35,
  "container/test/render/caption-language.test.ts": 35,
  "container/test/server/manual-clip.test.ts": 34,
  "container/test/quality/handheld-framing.test.ts": 34,
  "container/test/export/melt-late-clips.test.ts": 33,
  "container/test/rerender/trim-rebuild.test.ts": 29,
  "container/test/server/openai-job.test.ts": 27,
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
  "container/test/render/bars.test.ts": 19,
  // session 12, measured alone at load 9-17 by the helpers that wrote them (one file each)
  "container/test/combination-matrix.test.ts": 100,
  "container/test/rerender/four-shapes.test.ts": 100,
  "container/test/render/screen-layout.test.ts": 29,
  "container/test/rerender/reshape-reframe.test.ts": 20,
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
