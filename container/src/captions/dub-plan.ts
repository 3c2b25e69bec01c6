// Pure planning for dubbing (docs/dubbing.md): group a clip's words into phrases, fit each
// phrase's synthesized speech into its time slot, spread translated caption words over the
// speech, and build the ffmpeg mix. No I/O here; ./dub.ts runs the engines and ffmpeg.
import type { CaptionWord } from "./clip-words.js";
import { sentenceRanges } from "../text/sentences.js";
import { round3, type Span } from "@katto/protocol";
import { AUDIO_ON_SOURCE_CLOCK } from "../ffmpeg/args.js";
import { cutAudioFilter } from "../ffmpeg/cut-audio.js";

export interface Phrase {
  /** clip seconds of the original speech (the clip's own timeline, after its jump cuts) */
  start: number;
  end: number;
  text: string;
}

/** A pause longer than this starts a new phrase (shorter than the sentence pause: dubbing wants short units). */
export const PHRASE_PAUSE_S = 0.45;
/** Phrases longer than this are split at their widest pause, so speech stays near its picture. */
export const MAX_PHRASE_S = 8;
/** Faster than this the voices become hard to follow; past it the phrase is cut at its slot's end. */
export const MAX_TEMPO = 1.5;

/** Words -> phrases at pauses, terminal punctuation, and every MAX_PHRASE_S. */
export function groupPhrases(words: readonly CaptionWord[], opts: { pauseS?: number; maxS?: number } = {}): Phrase[] {
  const ws = words.filter((w) => w.text.trim() && w.end > w.start).map((w) => ({ word: w.text.trim(), start: w.start, end: w.end }));
  return sentenceRanges(ws, { pauseS: opts.pauseS ?? PHRASE_PAUSE_S, maxS: opts.maxS ?? MAX_PHRASE_S }).map((r) => {
    const part = ws.slice(r.from, r.to);
    return {
      start: part[0]!.start,
      end: part[part.length - 1]!.end,
      text: part.map((w) => w.word).join(" ").replace(/\s+([,.?!;:])/g, "$1"),
    };
  });
}

export interface Placement {
  /** clip seconds where the dubbed phrase starts */
  offset: number;
  /** atempo factor, 1 <= tempo <= MAX_TEMPO */
  tempo: number;
  /** seconds of sped-up speech that are kept (cut at the slot's end when even MAX_TEMPO is not enough) */
  duration: number;
  truncated: boolean;
}

/**
 * Where a phrase's speech goes: it starts where the original phrase started and may run until the
 * next phrase starts (or the clip ends). Speech longer than that slot is sped up, at most
 * MAX_TEMPO; what still does not fit is cut, so phrases never overlap.
 */
export function fitPhrase(speechS: number, slotStart: number, slotEnd: number, maxTempo = MAX_TEMPO): Placement {
  const slot = Math.max(0.05, slotEnd - slotStart);
  const need = speechS / slot;
  const tempo = need > 1 ? Math.min(maxTempo, need) : 1;
  const sped = speechS / tempo;
  const duration = Math.min(sped, slot);
  return { offset: slotStart, tempo: round3(tempo), duration: round3(duration), truncated: sped > slot + 1e-3 };
}

/** One placement per phrase: slots end at the next phrase's start, the last at the clip's end. */
export function placePhrases(phrases: readonly Phrase[], speechS: readonly number[], clipS: number, maxTempo = MAX_TEMPO): Placement[] {
  return phrases.map((p, i) => {
    const slotEnd = Math.min(clipS, phrases[i + 1]?.start ?? clipS);
    return fitPhrase(speechS[i] ?? 0, Math.min(p.start, Math.max(0, clipS - 0.05)), slotEnd, maxTempo);
  });
}

const CJK = new Set(["ja", "zh"]);

/** Caption tokens of a translated phrase: spaces for most languages, Intl word segments for ja/zh. */
export function splitWords(text: string, lang: string): string[] {
  const t = text.replace(/\s+/g, " ").trim();
  if (!t) return [];
  if (!CJK.has(lang)) return t.split(" ");
  const seg = new Intl.Segmenter(lang, { granularity: "word" });
  const out: string[] = [];
  for (const s of seg.segment(t)) {
    if (!s.segment.trim()) continue;
    // punctuation rides on the word before it
    if (!s.isWordLike && out.length) out[out.length - 1] += s.segment.trim();
    else out.push(s.segment.trim());
  }
  return out;
}

/** Words spread over [start, end) in proportion to their length (a stand-in for real alignment). */
export function spreadWords(text: string, lang: string, start: number, end: number): CaptionWord[] {
  const tokens = splitWords(text, lang);
  if (!tokens.length || end <= start) return [];
  const weight = (w: string) => Math.max(1, [...w.replace(/[^\p{L}\p{N}]/gu, "")].length) + 1;
  const total = tokens.reduce((s, w) => s + weight(w), 0);
  const out: CaptionWord[] = [];
  let t = start;
  for (const w of tokens) {
    const d = ((end - start) * weight(w)) / total;
    out.push({ text: w, start: round3(t), end: round3(t + d) });
    t += d;
  }
  out[out.length - 1]!.end = round3(end);
  return out;
}

export interface MixInput {
  wav: string;
  /** seconds of silence the speech engine put before the voice, skipped (the voice starts at the placement's offset) */
  lead?: number;
  placement: Placement;
}

/**
 * ffmpeg arguments mixing placed phrases (and optionally the original audio, lowered by
 * originalGainDb and cut as the clip is) into one 48 kHz stereo WAV of exactly clipS seconds: the
 * clip's own timeline, after its jump cuts.
 */
export function dubMixArgs(o: {
  phrases: readonly MixInput[];
  clipS: number;
  output: string;
  /** the source's soundtrack under the voice from `start`, cut to the clip's kept pieces (uncut clip seconds; the whole clipS when absent) */
  original?: { path: string; start: number; gainDb: number; pieces?: readonly Span[] } | null;
}): string[] {
  const fmt = "aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo";
  const inputs: string[] = [];
  const chains: string[] = [];
  const labels: string[] = [];
  o.phrases.forEach((p, i) => {
    inputs.push("-i", p.wav);
    const { tempo, duration, offset, truncated } = p.placement;
    const ms = Math.round(offset * 1000);
    const fade = truncated ? `,afade=t=out:st=${round3(Math.max(0, duration - 0.08))}:d=0.08` : "";
    const lead = p.lead && p.lead > 0 ? `,atrim=start=${round3(p.lead)},asetpts=PTS-STARTPTS` : "";
    chains.push(`[${i}:a:0]aresample=48000,${fmt}${lead}${tempo > 1 ? `,atempo=${tempo}` : ""},atrim=end=${duration}${fade},adelay=${ms}|${ms}[p${i}]`);
    labels.push(`[p${i}]`);
  });
  if (o.original) {
    const k = o.phrases.length;
    const pieces = o.original.pieces?.length ? o.original.pieces : null;
    inputs.push("-ss", String(round3(o.original.start)), "-t", String(round3(pieces ? pieces[pieces.length - 1]!.end : o.clipS)), "-i", o.original.path);
    // on the source's clock: a gap in the audio's timestamps is filled with silence, not closed up
    // (a WAV has no timestamps: closed up, the bed after the gap ran early, under the next phrase's
    // captions, and the captions measured 354 ms late against the file's speech)
    const bed = `[${k}:a:0]${AUDIO_ON_SOURCE_CLOCK},aresample=48000,${fmt},volume=${o.original.gainDb}dB`;
    chains.push(pieces ? `${bed}[origu];${cutAudioFilter("origu", pieces, "orig")}` : `${bed}[orig]`);
    labels.push("[orig]");
  }
  const dur = round3(o.clipS);
  const tail = `apad,atrim=end=${dur},${fmt}[out]`;
  const mix =
    labels.length === 0
      ? `anullsrc=r=48000:cl=stereo,atrim=end=${dur}[out]`
      : labels.length === 1
        ? `${labels[0]}${tail}`
        : `${labels.join("")}amix=inputs=${labels.length}:duration=longest:normalize=0,${tail}`;
  return [...inputs, "-filter_complex", [...chains, mix].join(";"), "-map", "[out]", "-c:a", "pcm_s16le", "-t", String(dur), "-f", "wav", o.output];
}

