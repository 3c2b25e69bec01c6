// Makes mfa-spontaneous-words.json: the gold transcript of ../shared/media/speech/en/mfa_spontaneous
// (the MFA test data's TextGrid, utterance times and words, fillers included) forced-aligned word by
// word with pocketsphinx: each utterance (its gold span, 0.3 s more each side, never past a neighbour's
// gold start or end) is decoded with a JSGF grammar that is exactly its gold words in order, so the
// recogniser only chooses where each word lies. Run: npx tsx container/test/data/align-mfa-spontaneous.ts
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const MEDIA = path.resolve(import.meta.dirname, "../../../../shared/media/speech/en/mfa_spontaneous/michaelandsickmichael");
const MODEL = "/usr/share/pocketsphinx/model/en-us";
const PAD_S = 0.3;

const utterances = readFileSync(`${MEDIA}.txt`, "utf8")
  .split("\n")
  .filter((l) => l && !l.startsWith("#"))
  .map((l) => l.split("\t"))
  .map((c) => ({ start: Number(c[0]), end: Number(c[1]), speaker: c[2]!, words: c[3]!.trim().split(/\s+/) }));

const dir = mkdtempSync(path.join(tmpdir(), "align-"));
const words: { word: string; start: number; end: number; utterance: number }[] = [];
try {
  utterances.forEach((u, k) => {
    const a = Math.max(0, u.start - PAD_S, utterances[k - 1]?.end ?? 0);
    const b = Math.min(u.end + PAD_S, utterances[k + 1]?.start ?? Infinity);
    const wav = path.join(dir, `u${k}.wav`);
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-ss", a.toFixed(3), "-t", (b - a).toFixed(3), "-i", `${MEDIA}.wav`, "-ac", "1", "-ar", "16000", wav]);
    // the dictionary spells "yknow" y'know
    const spoken = u.words.map((w) => (w === "yknow" ? "y'know" : w));
    writeFileSync(path.join(dir, `u${k}.jsgf`), `#JSGF V1.0;\ngrammar u;\npublic <s> = ${spoken.join(" ")} ;\n`);
    // one utterance per file: the voice activity detector must not split it at a pause (its default
    // ends an utterance after 0.5 s of silence, and a grammar of the whole utterance then fits neither half)
    const decode = (beams: string[]) => execFileSync("pocketsphinx_continuous", [...beams, "-vad_postspeech", "1000", "-infile", wav, "-jsgf", path.join(dir, `u${k}.jsgf`), "-hmm", `${MODEL}/en-us`, "-dict", `${MODEL}/cmudict-en-us.dict`, "-time", "yes", "-logfn", "/dev/null"], { encoding: "utf8" });
    // a wider search where the default beams lose the path (the 12.8-s utterance with a cold)
    let out = decode([]);
    if (!/^um|^uh|^\w/m.test(out.split("\n").slice(1).join("\n"))) out = decode(["-beam", "1e-200", "-wbeam", "1e-150", "-pbeam", "1e-200", "-lpbeam", "1e-150", "-lponlybeam", "1e-150", "-maxhmmpf", "-1", "-maxwpf", "-1"]);
    const got = out.split("\n").map((l) => /^(\S+)\s+([\d.]+)\s+([\d.]+)\s+[\d.]+$/.exec(l.trim())).filter((m) => m && !/^(<|\[)/.test(m[1]!));
    const aligned = got.map((m) => ({ word: m![1]!.replace(/\(\d+\)$/, ""), start: +(a + Number(m![2])).toFixed(3), end: +(a + Number(m![3])).toFixed(3), utterance: k }));
    if (aligned.map((w) => w.word).join(" ") !== spoken.join(" ")) throw new Error(`utterance ${k} did not align: ${aligned.map((w) => w.word).join(" ")}`);
    words.push(...aligned.map((w) => ({ ...w, word: u.words[aligned.indexOf(w)]! })));
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const FILLERS = new Set(["um", "uh"]);
writeFileSync(
  path.join(import.meta.dirname, "mfa-spontaneous-words.json"),
  JSON.stringify(
    {
      media: "speech/en/mfa_spontaneous/michaelandsickmichael.wav",
      how: `gold TextGrid words (fillers included) forced-aligned per utterance by pocketsphinx 0.8+5prealpha+1-15 (Debian) with a JSGF grammar of the utterance's words, en-us model, utterance padded ${PAD_S} s, the voice detector kept from splitting it; where the default beams found no path (the 12.8-s utterance at 26.7 s) the widest beams; made by container/test/data/align-mfa-spontaneous.ts`,
      caveat: "the second speaker (26.7-51.5 s, with a cold, noisier) aligns less well: its first 'uh' lands at 27.93 s though the level rises at 27.0 s, and the 'uh' before 'i have' gets 30 ms; the standalone 'uh' (44.80-45.04 here) is the TextGrid's own interval 44.48-45.09",
      fillers: words.filter((w) => FILLERS.has(w.word)).length,
      words: words.map((w) => ({ ...w, filler: FILLERS.has(w.word) })),
    },
    null,
    1,
  ) + "\n",
);
console.log(words.map((w) => `${w.start.toFixed(2)}-${w.end.toFixed(2)} ${w.word}`).join("\n"));
