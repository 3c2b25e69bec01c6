// Keyword spotting of hesitations (style remove_fillers, ./fillers.ts): pocketsphinx listening for
// um / uh / er / ah alone in a clip's audio, its list, its arguments, the parse of what it heard, and
// the one run. Thresholds and the figures they were chosen on: docs/caption-styles.md "Fillers found in the sound".
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_POCKETSPHINX_MODEL_DIR } from "../engines/speech/pocketsphinx.js";
import { runProcess } from "../ffmpeg/spawn.js";
import { log } from "../runtime/log.js";
import type { Span } from "./timeline.js";

/** The hesitations spotted, as in Debian's English dictionary (um AH M, uh AH, er ER, ah AA). */
export const SPOTTED = ["um", "uh", "er", "ah"] as const;

/** Keyword-spotting threshold (pocketsphinx -kws, per keyphrase); chosen on the figures in the docs. */
export const KWS_THRESHOLD = "1";

/** A filler heard in the sound: clip times, and the word spotted ("uh"). */
export interface HeardFiller extends Span {
  word: string;
  /**
   * The pause it sits in (itself widened over the quiet before and after it): its cut reaches no
   * further, so a word the transcript missed next to it stays.
   */
  pause?: Span;
}

/** Pure: pocketsphinx's keyword-spotting list: one keyphrase a line, its threshold between slashes. */
export const kwsList = (threshold = KWS_THRESHOLD) => SPOTTED.map((k) => `${k} /${threshold}/`).join("\n") + "\n";

/** Pure: pocketsphinx_continuous arguments spotting the keyphrases of `listFile` in `wav` (16 kHz mono). */
export function kwsArgs(wav: string, listFile: string, modelDir = DEFAULT_POCKETSPHINX_MODEL_DIR): string[] {
  return ["-kws", listFile, "-infile", wav, "-time", "yes", "-hmm", `${modelDir}/en-us`, "-dict", `${modelDir}/cmudict-en-us.dict`, "-logfn", "/dev/null"];
}

/** Pure: the keyphrases spotted (`-time yes` lines "word start end prob"), in seconds of the file. */
export function parseKws(stdout: string): HeardFiller[] {
  const out: HeardFiller[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const m = /^(\S+)\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s+\S+\s*$/.exec(line.trim());
    if (!m || !(SPOTTED as readonly string[]).includes(m[1]!.replace(/\(\d+\)$/, ""))) continue;
    out.push({ word: m[1]!.replace(/\(\d+\)$/, ""), start: Number(m[2]), end: Number(m[3]) });
  }
  return out.sort((x, y) => x.start - y.start);
}

/**
 * The hesitations pocketsphinx spots in `wav` (16 kHz mono, the recogniser's front end applied), in
 * seconds of the file; its list written in `dir`. Null when the spotter fails (not installed): a
 * warning says only the fillers the transcript shows are cut.
 */
export async function spotHesitations(wav: string, dir: string, o: { signal: AbortSignal; pocketsphinxBin?: string; modelDir?: string }): Promise<HeardFiller[] | null> {
  const list = path.join(dir, "kws.txt");
  await writeFile(list, kwsList());
  try {
    const { stdout } = await runProcess(o.pocketsphinxBin ?? "pocketsphinx_continuous", kwsArgs(wav, list, o.modelDir), { stage: "rendering", signal: o.signal, captureStdout: true });
    return parseKws(stdout);
  } catch (e) {
    o.signal.throwIfAborted();
    log("warn", "remove_fillers: pocketsphinx keyword spotting failed; only fillers the transcript shows are cut", { error: String(e) });
    return null;
  }
}
