// A clip by hand rendered for real by the render backend's runManualClip, against a fake Worker,
// with the real face analysis and a stand-in scorer: what the rendered-frame checks of the title
// card and the captions (render/title-face-render, render/caption-face-render) look at.
import type { ManualClipTask } from "@katto/protocol";
import { createBlazeFace } from "../../src/engines/face/blazeface.js";
import { runManualClip } from "../../src/work/manual-clip.js";
import { faceAnalysis } from "../../src/work/pipeline-deps.js";
import type { ScoredMoment, Transcript, Word } from "../../src/runtime/types.js";
import { callbackRecorder } from "./callback-recorder.js";
import { fastHdEncoder } from "./encoder.js";
import type { FakeWorker } from "./fake-worker.js";

/** The clip's report from its last event and the rendered file, or throws with the events when the clip did not complete. */
export async function renderedManualClip<C>(o: { dir: string; worker: FakeWorker; media: string; jobId: string; words: Word[]; range: { start: number; end: number }; config: ManualClipTask["config"]; title: string }): Promise<{ clip: C; file: string }> {
  const r = callbackRecorder(o.dir);
  const out = await runManualClip({
    task: {
      job_id: o.jobId,
      clip_index: 0,
      source: { url: o.worker.mediaUrl(o.media), kind: "url" },
      range: o.range,
      transcript: { lang: "en", words: o.words, engine: "test" },
      config: o.config,
      params: { title: o.title },
      callback: { base_url: "http://127.0.0.1:9/internal/v1", token: "t" },
    },
    signal: new AbortController().signal,
    client: r.client,
    deps: {
      transcribe: async () => ({ lang: "en", segments: [], words: o.words, engine: "test" }) satisfies Transcript,
      selectMoments: () => [],
      scoreMoments: (ms) => ms.map((m) => ({ score: 70, subscores: { hook: 70, flow: 70, value: 70, trend: 70 }, justification: "test", ...m }) as ScoredMoment),
      analyzeFaces: faceAnalysis(() => createBlazeFace()),
    },
    workRoot: o.dir,
    encoder: fastHdEncoder,
  });
  if (out.status !== "completed") throw new Error(`the clip by hand did not complete: ${JSON.stringify(out)} ${JSON.stringify(r.events)}`);
  const clip = (r.events.at(-1) as unknown as { clip: C & { file: string } }).clip;
  return { clip, file: r.files.get(clip.file)! };
}
