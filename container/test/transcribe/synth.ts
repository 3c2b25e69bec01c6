// Test helper: speech with a known script, synthesised offline. flite's kal16 voice is preferred
// (pocketsphinx round-trip WER ~5-10 %); espeak-ng (klatt variant) is the fallback (much worse).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ENGINE_SAMPLE_RATE, readEngineSamples, writeWav } from "../../src/analysis/transcribe-wav.js";

export type Tts = "flite" | "espeak-ng";

export function availableTts(): Tts | null {
  for (const t of ["flite", "espeak-ng"] as const) {
    if (spawnSync(t, ["--help"], { stdio: "ignore" }).error === undefined) return t;
  }
  return null;
}

export interface SynthSpan {
  text: string;
  start: number;
  end: number;
}

/** Speaks each sentence, joins them with `gapS` of silence, writes a 16 kHz mono WAV. */
export async function synthesize(sentences: string[], outPath: string, opts: { gapS?: number | number[]; tts?: Tts } = {}): Promise<{ durationS: number; spans: SynthSpan[]; tts: Tts }> {
  const tts = opts.tts ?? availableTts();
  if (!tts) throw new Error("no TTS (flite or espeak-ng) installed");
  const dir = mkdtempSync(path.join(os.tmpdir(), "katto-tts-"));
  try {
    const parts: Int16Array[] = [];
    const spans: SynthSpan[] = [];
    let pos = 0;
    for (const [i, text] of sentences.entries()) {
      const f = path.join(dir, `s${i}.wav`);
      const args = tts === "flite" ? ["-voice", "kal16", "-t", text, "-o", f] : ["-v", "en-us+klatt", "-s", "140", "-w", f, text];
      const r = spawnSync(tts, args, { stdio: "ignore" });
      if (r.status !== 0) throw new Error(`${tts} failed on sentence ${i}`);
      const s = await readEngineSamples(f);
      spans.push({ text, start: pos / ENGINE_SAMPLE_RATE, end: (pos + s.length) / ENGINE_SAMPLE_RATE });
      parts.push(s);
      pos += s.length;
      const gap = Array.isArray(opts.gapS) ? (opts.gapS[i] ?? 0.8) : (opts.gapS ?? 0.8);
      if (i < sentences.length - 1) {
        const silence = new Int16Array(Math.round(gap * ENGINE_SAMPLE_RATE));
        parts.push(silence);
        pos += silence.length;
      }
    }
    const all = new Int16Array(pos);
    let o = 0;
    for (const p of parts) {
      all.set(p, o);
      o += p.length;
    }
    await writeWav(outPath, all);
    return { durationS: pos / ENGINE_SAMPLE_RATE, spans, tts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
