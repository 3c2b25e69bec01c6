// Global setup of the render tests: pocketsphinx_continuous through a test-only wrapper
// (./bin/pocketsphinx_continuous) that keeps the real engine's answer per input for this run. Many
// files recognise the same audio with the same settings (the gold sets, a job's source in several
// server tests); the engine still runs once for each distinct input and argument list, and a
// repeat is answered with what it printed then, byte for byte. The folder is new each run and
// removed at its end, so a changed engine, model or front end is always heard. What the runs and
// hits were is in the folder's runs.log and hits.log while it lives.
// `npm test` makes one folder for the whole run (scripts/katto.mjs, KATTO_TEST_SPEECH_CACHE), so the
// render tests and the whole-system stack, which run side by side and recognise the same sources
// (the sample and the talk their jobs use), share the answers; the folder is then the run's to
// remove. Two processes asking for the same input at once: the second waits for the first's answer
// (the wrapper's lock) instead of running the engine again.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export default function setup(): () => void {
  const given = process.env.KATTO_TEST_SPEECH_CACHE;
  const own = !(given && existsSync(given));
  const dir = own ? mkdtempSync(path.join(os.tmpdir(), "katto-test-speech-")) : given;
  process.env.KATTO_TEST_SPEECH_CACHE = dir;
  const bin = path.join(import.meta.dirname, "bin");
  if (!process.env.PATH?.split(path.delimiter).includes(bin)) process.env.PATH = `${bin}${path.delimiter}${process.env.PATH}`;
  return () => {
    if (process.env.KATTO_TEST_SPEECH_CACHE_REPORT) {
      const lines = (f: string) => { try { return readFileSync(path.join(dir, f), "utf8").split("\n").filter(Boolean).length; } catch { return 0; } };
      console.log(`[speech cache] pocketsphinx ran ${lines("runs.log")} times, ${lines("hits.log")} repeats answered from this run`);
    }
    if (own) rmSync(dir, { recursive: true, force: true });
  };
}
