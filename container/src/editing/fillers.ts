// Fillers found in the sound (issue 35 style remove_fillers): most speech engines leave "um" and
// "uh" out of their transcripts (pocketsphinx drops them or hears another word; Whisper models are
// trained on transcripts without them), so a filler the transcript does not show is looked for in
// the clip's audio: a voiced stretch between two words that no word covers, confirmed by
// pocketsphinx keyword spotting of um / uh / er / ah on it, or a hesitation the spotter hears for
// long (LONG_SPOT_S) wherever it lies, the word the engine wrote over it being the filler misheard. Thresholds and the figures they were
// chosen on: docs/caption-styles.md "Fillers found in the sound". Pure helpers and the one run; the keyword
// spotting itself: ./filler-spotting.ts.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { CaptionWord } from "../captions/clip-words.js";
import { FRONT_END_FILTER } from "../engines/speech/pocketsphinx.js";
import { AUDIO_ON_SOURCE_CLOCK } from "../ffmpeg/args.js";
import { runProcess } from "../ffmpeg/spawn.js";
import { ENVELOPE_FRAME_S, energyEnvelope } from "../engines/speech/chunks.js";
import { ENGINE_SAMPLE_RATE, readEngineSamples } from "../analysis/transcribe-wav.js";
import { spotHesitations, type HeardFiller } from "./filler-spotting.js";
import type { Span } from "./timeline.js";

/** A hesitation is at least this long ... */
export const FILLER_MIN_S = 0.15;
/** ... and at most this long (a longer voiced stretch is speech the engine missed, not a held vowel). */
export const FILLER_MAX_S = 1.5;
/** Voiced frames this close together are one stretch (a vowel's level dips between pitch periods and at a nasal). */
const BRIDGE_S = 0.06;
/** How far a recogniser's word time may be loose at each edge (as the cut plan's WORD_SLACK_S). */
const WORD_EDGE_S = 0.05;
/** Frames quieter than this are digital silence (a muted channel, padding), not a room's noise. */
const DIGITAL_SILENCE_DB = -80;
/** A frame is voiced when this much louder than the clip's noise floor. */
export const VOICED_ABOVE_FLOOR_DB = 6;

/**
 * Pure: the level (dBFS) above which a frame of the clip counts as voiced: VOICED_ABOVE_FLOOR_DB
 * over its noise floor, the 10th percentile of its frames that are not digital silence (a
 * recording whose other channel is muted has a floor of its own, not the mute's).
 */
export function voicedThresholdDb(env: ArrayLike<number>, aboveFloorDb = VOICED_ABOVE_FLOOR_DB): number {
  const heard = Array.from(env).filter((d) => d > DIGITAL_SILENCE_DB).sort((a, b) => a - b);
  if (!heard.length) return 0;
  return heard[Math.floor(heard.length * 0.1)]! + aboveFloorDb;
}

/**
 * Pure: the voiced stretches (frames louder than `thresholdDb`, gaps under BRIDGE_S bridged) that
 * lie between the words, FILLER_MIN_S..FILLER_MAX_S long once each word's loose edge is left out.
 * `env` is the clip's level envelope (dBFS per `frameS`), words in clip time.
 */
export function voicedGaps(env: ArrayLike<number>, frameS: number, words: readonly Pick<CaptionWord, "start" | "end">[], thresholdDb: number): Span[] {
  const runs: Span[] = [];
  let a = -1;
  for (let i = 0; i <= env.length; i++) {
    const loud = i < env.length && env[i]! > thresholdDb;
    if (loud && a < 0) a = i;
    if (!loud && a >= 0) {
      const run = { start: a * frameS, end: i * frameS };
      const last = runs.at(-1);
      if (last && run.start - last.end < BRIDGE_S) last.end = run.end;
      else runs.push(run);
      a = -1;
    }
  }
  const spoken = words.map((w) => ({ start: w.start + WORD_EDGE_S, end: w.end - WORD_EDGE_S })).filter((w) => w.end > w.start);
  const out: Span[] = [];
  for (const r of runs) {
    // the parts of the run no word covers
    let parts: Span[] = [r];
    for (const w of spoken) parts = parts.flatMap((p) => (w.end <= p.start || w.start >= p.end ? [p] : [{ start: p.start, end: w.start }, { start: w.end, end: p.end }].filter((x) => x.end > x.start)));
    for (const p of parts) if (p.end - p.start >= FILLER_MIN_S && p.end - p.start <= FILLER_MAX_S) out.push(p);
  }
  return out;
}

/** A hesitation holds one sound this long at least (or stands alone, ALONE_QUIET_S): its spectrum steady (STEADY_DB) frame to frame. */
export const HELD_MIN_S = 0.25;
/** Frames 10 ms apart whose band levels differ by less than this (RMS over the bands, dB) hold the same sound. */
export const STEADY_DB = 5;
const FRAME = 400; // 25 ms at 16 kHz
const HOP = 160; // 10 ms
/** 20 bands between 150 Hz and 4 kHz, equal on a log scale (the voice's pitch and formants). */
const BAND_EDGES = Array.from({ length: 21 }, (_, i) => 150 * (4000 / 150) ** (i / 20));

/**
 * Pure: the longest stretch of `samples` (16 kHz mono) whose spectrum holds steady: consecutive
 * 25-ms frames, 10 ms apart, whose 20 band levels (relative to the frame's mean) differ by less than
 * STEADY_DB. A held "uhh" or "mmm" is one vowel or nasal; a word moves through several sounds.
 */
export function heldSeconds(samples: Int16Array, rate = ENGINE_SAMPLE_RATE): number {
  const h = heldStretch(samples, rate);
  return h ? h.end - h.start : 0;
}

/** Pure: where that longest steady stretch lies (seconds from the start of `samples`), null when none. */
export function heldStretch(samples: Int16Array, rate = ENGINE_SAMPLE_RATE): Span | null {
  const binHz = rate / FRAME;
  const bands = BAND_EDGES.slice(0, -1).map((lo, b) => {
    const bins: number[] = [];
    for (let k = Math.ceil(lo / binHz); k * binHz < BAND_EDGES[b + 1]!; k++) bins.push(k);
    return bins;
  });
  const win = Float64Array.from({ length: FRAME }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (FRAME - 1)));
  const cos = bands.flat().map((k) => Float64Array.from({ length: FRAME }, (_, i) => Math.cos((2 * Math.PI * k * i) / FRAME)));
  const sin = bands.flat().map((k) => Float64Array.from({ length: FRAME }, (_, i) => Math.sin((2 * Math.PI * k * i) / FRAME)));
  let prev: number[] | null = null;
  let run = 0;
  let best = 0;
  let bestEnd = 0;
  for (let a = 0; a + FRAME <= samples.length; a += HOP) {
    const x = Float64Array.from({ length: FRAME }, (_, i) => (samples[a + i]! / 32768) * win[i]!);
    let j = 0;
    const levels = bands.map((bins) => {
      let p = 0;
      for (let n = 0; n < bins.length; n++, j++) {
        let re = 0;
        let im = 0;
        const c = cos[j]!;
        const s = sin[j]!;
        for (let i = 0; i < FRAME; i++) (re += x[i]! * c[i]!), (im += x[i]! * s[i]!);
        p += re * re + im * im;
      }
      return 10 * Math.log10(p + 1e-12);
    });
    const mean = levels.reduce((u, v) => u + v, 0) / levels.length;
    const rel = levels.map((v) => v - mean);
    if (prev) {
      const d = Math.sqrt(rel.reduce((u, v, b) => u + (v - prev![b]!) ** 2, 0) / rel.length);
      run = d < STEADY_DB ? run + 1 : 0;
      if (run > best) (best = run), (bestEnd = a);
    }
    prev = rel;
  }
  // `best` steady steps join best + 1 frames, the last starting at bestEnd
  return best > 0 ? { start: (bestEnd - best * HOP) / rate, end: (bestEnd + HOP) / rate } : null;
}

/** ... or stands alone: unvoiced for this long on both sides (an "uh" between two pauses) ... */
export const ALONE_QUIET_S = 0.19;
/** ... unvoiced meaning this close to the noise floor at most: VOICED_ABOVE_FLOOR_DB plus this (a noisy room's level flickers). */
export const QUIET_MARGIN_DB = 3;

/**
 * Pure: how long the clip is unvoiced (frames at or under `thresholdDb`) right before `span` and
 * right after it, the shorter of the two (0 where a word or other sound touches it).
 */
export function quietAround(env: ArrayLike<number>, frameS: number, thresholdDb: number, span: Span): number {
  const q = quietExtent(env, frameS, thresholdDb, span);
  return Math.min(span.start - q.start, q.end - span.end);
}

/** Pure: `span` widened over the unvoiced frames right before and after it (the pause a filler sits in). */
export function quietExtent(env: ArrayLike<number>, frameS: number, thresholdDb: number, span: Span): Span {
  let before = 0;
  for (let i = Math.floor(span.start / frameS + 1e-6) - 1; i >= 0 && env[i]! <= thresholdDb; i--) before++;
  let after = 0;
  for (let i = Math.ceil(span.end / frameS - 1e-6); i < env.length && env[i]! <= thresholdDb; i++) after++;
  return { start: span.start - before * frameS, end: span.end + after * frameS };
}

/** A spotted hesitation shorter than this is a vowel inside a word (the spotter fires every 30 ms in speech at loose thresholds). */
export const SPOT_MIN_S = 0.05;

/**
 * Pure: the voiced gaps a spotted hesitation confirms: one at least SPOT_MIN_S long that reaches
 * into the gap and into no word (the spotter also fires on the vowels of words; the level envelope
 * may start a gap a few frames after the spotter hears the hesitation begin). Named after the
 * longest hesitation spotted there. `spotted` null (no spotter): none confirmed.
 */
export function confirmFillers(gaps: readonly Span[], spotted: readonly HeardFiller[] | null, words: readonly Pick<CaptionWord, "start" | "end">[] = []): HeardFiller[] {
  if (!spotted) return [];
  const spoken = words.map((w) => ({ start: w.start + WORD_EDGE_S, end: w.end - WORD_EDGE_S })).filter((w) => w.end > w.start);
  const out: HeardFiller[] = [];
  for (const g of gaps) {
    const hits = spotted.filter((s) => s.end - s.start >= SPOT_MIN_S - 1e-9 && s.start < g.end && s.end > g.start && !spoken.some((w) => s.start < w.end && s.end > w.start));
    if (!hits.length) continue;
    const best = hits.reduce((x, y) => (y.end - y.start > x.end - x.start ? y : x));
    out.push({ start: g.start, end: g.end, word: best.word });
  }
  return out;
}

/**
 * A hesitation the spotter hears for this long is one, whatever word the transcript wrote over it
 * (pocketsphinx writes "hello" over a held "um", "of" over another). Measured (docs/caption-styles.md):
 * the spotter's hits over the fillers of the spontaneous recording last 0.31-0.45 s; every other hit
 * in it at most 0.25 s (inside "probably"), in the 15 readings at most 0.22 s.
 */
export const LONG_SPOT_S = 0.28;

/**
 * Pure: the spotted hesitations at least LONG_SPOT_S long, overlapping ones joined (the spotter
 * hears "uh" and "ah" over one held vowel), named after the longest; file times.
 */
export function longHesitations(spotted: readonly HeardFiller[], minS = LONG_SPOT_S): HeardFiller[] {
  const out: (HeardFiller & { longest: number })[] = [];
  for (const s of [...spotted].sort((a, b) => a.start - b.start)) {
    const len = s.end - s.start;
    const last = out.at(-1);
    if (last && s.start < last.end) {
      last.end = Math.max(last.end, s.end);
      if (len > last.longest) (last.word = s.word), (last.longest = len);
    } else out.push({ start: s.start, end: s.end, word: s.word, longest: len });
  }
  return out.filter((h) => h.longest >= minS - 1e-9).map(({ start, end, word }) => ({ start, end, word }));
}

/**
 * The spotter reports a hesitation before its sound ends (it scores the last phone's first frames):
 * its long hits over the recording's fillers end 0.03-0.10 s before the aligned filler does (and
 * start within 0.03 s of it), so each is carried this much further, never into the next word.
 */
export const SPOT_TAIL_S = 0.1;

/** Pure: each long hesitation carried SPOT_TAIL_S on, up to the start of the first word that begins after it. */
export function withTail(found: readonly HeardFiller[], words: readonly Pick<CaptionWord, "start" | "end">[], tailS = SPOT_TAIL_S): HeardFiller[] {
  return found.map((h) => {
    const next = words.find((w) => w.start >= h.end - 1e-9);
    return { ...h, end: Math.max(h.end, Math.min(h.end + tailS, next?.start ?? Infinity)) };
  });
}

/** Pure: fillers found both ways in one sorted list, overlapping ones joined (the gap's name kept). */
export function joinFillers(a: readonly HeardFiller[], b: readonly HeardFiller[]): HeardFiller[] {
  const out: HeardFiller[] = [];
  for (const f of [...a, ...b].sort((x, y) => x.start - y.start)) {
    const last = out.at(-1);
    if (last && f.start < last.end) last.end = Math.max(last.end, f.end);
    else out.push({ ...f });
  }
  return out;
}

const sec = (n: number) => n.toFixed(3);

/**
 * Pure: one ffmpeg run writing both WAVs the filler search reads: `raw`, the range's first audio
 * stream on the source's clock as 16 kHz mono 16-bit, and `wav`, those samples through the
 * recogniser's front end. The same samples, bit for bit, as converting first and filtering the
 * converted file in a second run (the 16-bit samples are what both branches get), for one process
 * start (~0.25 s of CPU) fewer.
 */
export function fillerAudioArgs(source: string, range: { start: number; duration: number }, raw: string, wav: string): string[] {
  const engine = `aformat=sample_fmts=s16:sample_rates=${ENGINE_SAMPLE_RATE}:channel_layouts=mono`;
  const graph = `[0:a:0]${AUDIO_ON_SOURCE_CLOCK},${engine},asplit=2[raw][heard];[heard]${FRONT_END_FILTER}[front]`;
  return ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", "-ss", sec(range.start), "-t", sec(range.duration), "-i", source, "-filter_complex", graph, "-map", "[raw]", "-c:a", "pcm_s16le", raw, "-map", "[front]", "-c:a", "pcm_s16le", wav];
}

/**
 * The fillers in the sound of `source` over [start, start + duration] that `words` (clip times) do
 * not show, clip times. Needs pocketsphinx (the offline engine); without it none are found and a
 * warning says so.
 */
export async function findFillersInSound(o: { source: string; start: number; duration: number; words: readonly CaptionWord[]; signal: AbortSignal; pocketsphinxBin?: string; modelDir?: string }): Promise<HeardFiller[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "katto-fillers-"));
  try {
    const wav = path.join(dir, "clip.wav");
    // the level is read on the untouched audio; the spotter hears the recogniser's front end
    const raw = path.join(dir, "raw.wav");
    await runProcess("ffmpeg", fillerAudioArgs(o.source, { start: o.start, duration: o.duration }, raw, wav), { stage: "rendering", signal: o.signal });
    const samples = await readEngineSamples(raw);
    const env = energyEnvelope(samples, ENGINE_SAMPLE_RATE, ENVELOPE_FRAME_S);
    const at = (t: number) => Math.round(t * ENGINE_SAMPLE_RATE);
    const thresholdDb = voicedThresholdDb(env);
    // a hesitation holds one sound, or stands alone between pauses; a word the engine missed does neither
    const gaps = voicedGaps(env, ENVELOPE_FRAME_S, o.words, thresholdDb).filter(
      (g) => heldSeconds(samples.subarray(at(g.start), at(g.end))) >= HELD_MIN_S || quietAround(env, ENVELOPE_FRAME_S, thresholdDb + QUIET_MARGIN_DB, g) >= ALONE_QUIET_S,
    );
    // the spotter runs even without a gap: a long hesitation may lie under a word the engine misheard
    const spotted = await spotHesitations(wav, dir, o);
    // a long one under a word is cut with the quiet around it only (`pause`), so the word's other sounds
    // and the words beside it stay
    const found = joinFillers(confirmFillers(gaps, spotted, o.words), withTail(longHesitations(spotted ?? []), o.words));
    return found.map((f) => ({ ...f, pause: quietExtent(env, ENVELOPE_FRAME_S, thresholdDb + QUIET_MARGIN_DB, f) }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
