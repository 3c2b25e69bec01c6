import type { ClipConfig, Moment, ScoredMoment, Transcript } from "../../runtime/types.js";

/** Scores moments; one file per scorer in this folder, chosen by configuration (./index.ts). */
export interface Scorer {
  name: string;
  /** returns one ScoredMoment per moment, in the input order (ranking is the caller's) */
  score(moments: Moment[], t: Transcript, opts: { config: ClipConfig; signal?: AbortSignal }): Promise<ScoredMoment[]>;
}
