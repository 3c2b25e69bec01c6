// Shared shapes of the render backend. Stages exchange these plain objects so each stage can be
// tested on its own. Wire shapes (protocol with the Worker) live in ./protocol.ts.

/** One recognised word, times in seconds from the start of the source. */
export interface Word {
  word: string;
  start: number;
  end: number;
  /** engine confidence 0..1 when known */
  conf?: number;
}

export interface Segment {
  start: number;
  end: number;
  text: string;
}

/** What every speech engine returns (docs/render-protocol.md). */
export interface Transcript {
  lang: string | null;
  segments: Segment[];
  words: Word[];
  engine: string;
}

export type ClipLength = "lt30" | "30_60" | "60_90" | "90_180";

export interface ClipConfig {
  genre?: string;
  clipLength?: ClipLength;
  customPrompt?: string;
  topics?: string;
}

/** A chosen moment of the source, before rendering. */
export interface Moment {
  start: number;
  end: number;
  words: Word[];
  text: string;
}

export interface Subscores {
  hook: number;
  flow: number;
  value: number;
  trend: number;
}

/** Which engine produced a moment's score, and why a remote scorer fell back to the offline one. */
export interface ScoredBy {
  engine: string;
  model?: string;
  fallback_reason?: string;
}

export interface ScoredMoment extends Moment {
  score: number; // 0..100
  subscores: Subscores; // 0..100 each
  justification: string;
  title: string; // <= 100 chars
  /** absent only on moments scored by the pure stage functions directly (tests) */
  scoredBy?: ScoredBy;
}

export interface ProbeResult {
  duration: number;
  size: number;
  formatName: string;
  video: { width: number; height: number; fps: number; codec: string; rotation: number } | null;
  audio: { codec: string; sampleRate: number; channels: number } | null;
}
