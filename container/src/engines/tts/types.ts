// Speech synthesis behind one small interface (docs/dubbing.md). Languages are ISO 639-1 codes.

export interface Synthesizer {
  readonly name: string;
  supports(lang: string): boolean;
  /** writes a WAV file of `text` spoken in `lang` and returns its duration */
  synthesize(text: string, lang: string, outWav: string, signal: AbortSignal): Promise<{ durationS: number }>;
}
