// Speech engine benchmark on the real media in ../shared/media (KATTO_MEDIA_DIR overrides):
// word error rate against gold transcripts, word timing error against gold (GRID) and machine
// (LibriVox pocketsphinx alignment) word times, and real-time factor on this machine.
// Run: cd container && PATH=/work/main/node_modules/.bin:$PATH npx tsx bench/speech.ts
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig, SPEECH_ENGINES } from "../src/runtime/config.js";
import { createSpeechEngine } from "../src/engines/speech/index.js";
import type { SpeechEngine } from "../src/engines/speech/types.js";
import { runFfmpeg } from "../src/ffmpeg/spawn.js";
import { bareWord } from "../src/text/normalize.js";
import { wordErrorRate } from "../test/helpers/wer.js";
import type { Word } from "../src/runtime/types.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const MEDIA = process.env.KATTO_MEDIA_DIR ?? path.resolve(repoRoot, "../shared/media");
const EN = path.join(MEDIA, "speech/en");

interface Item {
  set: string;
  media: string;
  ref?: string;
  goldTimes?: { word: string; start: number; end: number }[];
}

function librivoxTimes(jsonPath: string) {
  const j = JSON.parse(readFileSync(jsonPath, "utf8")) as { w: { b: number; d: number; t: string }[] };
  return j.w
    .filter((w) => !/^<|^\[|^\+\+/.test(w.t))
    .map((w) => ({ word: w.t.replace(/\(\d+\)$/, ""), start: w.b, end: w.b + w.d }));
}

function gridTimes(tsvPath: string) {
  return readFileSync(tsvPath, "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.split("\t"))
    .filter((c) => c[2] !== "sil")
    .map((c) => ({ word: c[2]!, start: Number(c[0]), end: Number(c[1]) }));
}

function items(): Item[] {
  const out: Item[] = [{ set: "jfk", media: path.join(EN, "jfk.wav"), ref: readFileSync(path.join(EN, "jfk.txt"), "utf8") }];
  const lv = path.join(EN, "librivox_sense_and_sensibility");
  for (const f of readdirSync(lv).filter((f) => f.endsWith(".wav")).sort()) {
    const base = path.join(lv, f.replace(/\.wav$/, ""));
    out.push({ set: "librivox", media: `${base}.wav`, ref: readFileSync(`${base}.txt`, "utf8"), goldTimes: librivoxTimes(`${base}.pocketsphinx_words.json`) });
  }
  const ls = path.join(EN, "librispeech_61-70968-0000");
  out.push({ set: "librispeech", media: `${ls}.flac`, ref: readFileSync(`${ls}.txt`, "utf8") });
  const fl = path.join(MEDIA, "speech/fleurs/en");
  for (const f of readdirSync(fl).filter((f) => f.endsWith(".ogg")).sort()) {
    out.push({ set: "fleurs-en", media: path.join(fl, f), ref: readFileSync(path.join(fl, f.replace(/\.ogg$/, ".txt")), "utf8") });
  }
  const grid = path.join(MEDIA, "video_talking/grid");
  out.push({ set: "grid", media: path.join(grid, "id2_vcd_swwp2s.mpg"), ref: readFileSync(path.join(grid, "id2_vcd_swwp2s.txt"), "utf8"), goldTimes: gridTimes(path.join(grid, "id2_vcd_swwp2s.words.tsv")) });
  return out.filter((i) => existsSync(i.media));
}

/** Matches hypothesis words to gold words in order (LCS on bare text); returns matched pairs. */
function alignWords(gold: { word: string; start: number; end: number }[], hyp: Word[]) {
  const a = gold.map((g) => bareWord(g.word));
  const b = hyp.map((h) => bareWord(h.word));
  const L = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) L[i]![j] = a[i] === b[j] ? L[i + 1]![j + 1]! + 1 : Math.max(L[i + 1]![j]!, L[i]![j + 1]!);
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (L[i + 1]![j]! >= L[i]![j + 1]!) i++;
    else j++;
  }
  return pairs.map(([gi, hi]) => ({ gold: gold[gi]!, hyp: hyp[hi]! }));
}

async function toWav(media: string, dir: string, signal: AbortSignal): Promise<{ wav: string; durationS: number }> {
  const wav = path.join(dir, `${path.basename(media).replace(/\.\w+$/, "")}.wav`);
  await runFfmpeg(["-i", media, "-vn", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", wav], { stage: "bench", signal });
  const bytes = readFileSync(wav).length - 44;
  return { wav, durationS: bytes / 32000 };
}

function availableEngines(): SpeechEngine[] {
  const out: SpeechEngine[] = [];
  for (const name of SPEECH_ENGINES) {
    try {
      if (name === "pocketsphinx") {
        // both search efforts, so the table shows what the default "fast" costs in accuracy
        for (const search of ["fast", "accurate"] as const) {
          const e = createSpeechEngine(loadConfig({ ...process.env, KATTO_SPEECH_ENGINE: name, KATTO_POCKETSPHINX_SEARCH: search }).speech);
          out.push({ ...e, name: `pocketsphinx (${search})` });
        }
        continue;
      }
      out.push(createSpeechEngine(loadConfig({ ...process.env, KATTO_SPEECH_ENGINE: name }).speech));
    } catch (err) {
      console.log(`(skipping ${name}: ${(err as Error).message})`);
    }
  }
  return out;
}

interface Row {
  engine: string;
  set: string;
  files: number;
  audioS: number;
  computeS: number;
  errors: number;
  refWords: number;
  timing: number[]; // |start error| of matched words, s
  timingEnd: number[];
  /** signed start error (hyp - gold), s: shows a bias */
  timingSigned: number[];
}

const signal = AbortSignal.timeout(30 * 60_000);
const dir = mkdtempSync(path.join(os.tmpdir(), "katto-bench-"));
try {
  const list = items();
  const wavs = new Map<string, { wav: string; durationS: number }>();
  for (const it of list) wavs.set(it.media, await toWav(it.media, dir, signal));
  const rows: Row[] = [];
  for (const engine of availableEngines()) {
    // Workers AI is remote: only benchmarked when credentials are configured, and only reachable with network.
    for (const it of list) {
      const { wav, durationS } = wavs.get(it.media)!;
      const t0 = performance.now();
      let words: Word[] = [];
      try {
        words = (await engine.transcribe(wav, { signal, lang: "en" })).words;
      } catch (err) {
        console.log(`(${engine.name} failed on ${path.basename(it.media)}: ${(err as Error).message})`);
        continue;
      }
      const computeS = (performance.now() - t0) / 1000;
      let row = rows.find((r) => r.engine === engine.name && r.set === it.set);
      if (!row) rows.push((row = { engine: engine.name, set: it.set, files: 0, audioS: 0, computeS: 0, errors: 0, refWords: 0, timing: [], timingEnd: [], timingSigned: [] }));
      row.files++;
      row.audioS += durationS;
      row.computeS += computeS;
      if (it.ref) {
        const w = wordErrorRate(it.ref, words.map((x) => x.word).join(" "));
        row.errors += w.substitutions + w.deletions + w.insertions;
        row.refWords += w.refWords;
      }
      if (it.goldTimes) {
        for (const p of alignWords(it.goldTimes, words)) {
          row.timing.push(Math.abs(p.hyp.start - p.gold.start));
          row.timingEnd.push(Math.abs(p.hyp.end - p.gold.end));
          row.timingSigned.push(p.hyp.start - p.gold.start);
        }
      }
    }
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  const header = ["engine", "set", "files", "audio s", "WER", "start err ms (n)", "start bias ms", "end err ms", "RTF (1 thread)"];
  const table = rows.map((r) => [
    r.engine,
    r.set,
    String(r.files),
    r.audioS.toFixed(1),
    r.refWords ? `${((100 * r.errors) / r.refWords).toFixed(1)} %` : "-",
    r.timing.length ? `${Math.round(1000 * mean(r.timing))} (${r.timing.length})` : "-",
    r.timingSigned.length ? `${mean(r.timingSigned) >= 0 ? "+" : ""}${Math.round(1000 * mean(r.timingSigned))}` : "-",
    r.timingEnd.length ? String(Math.round(1000 * mean(r.timingEnd))) : "-",
    (r.computeS / r.audioS).toFixed(2),
  ]);
  for (const engine of [...new Set(rows.map((r) => r.engine))]) {
    const rs = rows.filter((r) => r.engine === engine);
    const errors = rs.reduce((a, r) => a + r.errors, 0);
    const refWords = rs.reduce((a, r) => a + r.refWords, 0);
    const audio = rs.reduce((a, r) => a + r.audioS, 0);
    const compute = rs.reduce((a, r) => a + r.computeS, 0);
    table.push([engine, "ALL", String(rs.reduce((a, r) => a + r.files, 0)), audio.toFixed(1), `${((100 * errors) / refWords).toFixed(1)} %`, "", "", "", (compute / audio).toFixed(2)]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of table) console.log(line(r));
  console.log("Timing gold: grid = GRID hand alignment; librivox = pocketsphinx forced alignment shipped with the data (machine, ~±50 ms, and it carries pocketsphinx's own early bias, so our +95 ms correction shows up there as a +bias).");
  console.log(`Machine: ${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? "?"}; RTF = compute seconds / audio seconds, one file at a time (incl. model load).`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
