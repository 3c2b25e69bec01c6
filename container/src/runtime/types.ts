// Shared shapes of the render backend. Stages exchange these plain objects so each stage can be
// tested on its own. Wire shapes (protocol with the Worker) live in @katto/protocol.

import type { CandidateReport, JobWarning, RenderJobConfig, ScoredBy, Subscores, TranscriptWord, WordTiming } from "@katto/protocol";

export type { ClipLength, ScoredBy, Subscores } from "@katto/protocol";

/** One recognised word, times in seconds from the start of the source; `confidence` 0..1 when the engine gives one. */
export type Word = TranscriptWord;

export interface Segment {
  start: number;
  end: number;
  text: string;
  /** the segment's own language (ISO 639-1) when the engine or the text tells it */
  lang?: string;
}

/** Audio level over time: dBFS per frame of frameS seconds (RMS), from the start of the source. */
export interface Loudness {
  frameS: number;
  db: ArrayLike<number>;
}

/** What every speech engine returns (docs/render-protocol.md). */
export interface Transcript {
  lang: string | null;
  segments: Segment[];
  words: Word[];
  /** the recogniser that made it, with its model: "pocketsphinx", "openai:whisper-1" */
  engine: string;
  /** "segments" when the engine timed only phrases and the word times are estimates */
  wordTiming?: WordTiming;
  /** the level of the audio the words were heard in (transcribe stage): clips are cut where it is quiet */
  level?: Loudness;
}

/** The caller's clip settings of a job (the protocol's config without the brand kit). */
export type ClipConfig = Omit<RenderJobConfig, "brandKit" | "aspect">;

/** A chosen moment of the source, before rendering. */
export interface Moment {
  start: number;
  end: number;
  words: Word[];
  text: string;
  /** how the selection went for the whole source (the same on every moment of a job) */
  selection?: SelectionNote;
}

/** How many clips a source was expected to give, how many it gave, and why fewer. */
export interface SelectionNote {
  /** seconds of speech the clips were chosen from (words joined across pauses of up to 1 s) */
  speechS: number;
  /** clips aimed for: one per full minute of speech (or per 2.5 minutes of source without speech), 1..10, within the job's limit */
  target: number;
  found: number;
  /** why found < target, in words a user can act on; null when the target was met */
  fewerReason: string | null;
  /** the moments considered and left out, and why (best first, at most MAX_CANDIDATES) */
  candidates?: CandidateReport[];
  /** what the job's warnings say of the selection (a chat model that failed, fewer clips than aimed for) */
  warnings?: JobWarning[];
}


export interface ScoredMoment extends Moment {
  score: number; // 0..100
  subscores: Subscores; // 0..100 each
  justification: string;
  title: string; // <= 100 chars
  /** the post copy a text engine wrote (the Workers AI scorer); absent: made offline from the words (text/post-copy.ts) */
  postCopy?: { description: string; hashtags: string[] };
  /** absent only on moments scored by the pure stage functions directly (tests) */
  scoredBy?: ScoredBy;
  /** the key words a chat model named (`emphasis`): the captions emphasise these where they are spoken */
  emphasis?: string[];
}

export interface ProbeResult {
  duration: number;
  size: number;
  formatName: string;
  video: { width: number; height: number; fps: number; codec: string; rotation: number } | null;
  audio: { codec: string; sampleRate: number; channels: number } | null;
}
