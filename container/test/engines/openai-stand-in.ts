// A stand-in for an OpenAI-compatible speech server, written from OpenAI's API reference
// (POST /v1/audio/transcriptions, multipart/form-data; verbose_json answers {task, language,
// duration, text, words: [{word, start, end}], segments: [{id, seek, start, end, text, tokens,
// temperature, avg_logprob, compression_ratio, no_speech_prob}]}; errors {error: {message, type,
// param, code}}). It "recognises" by ear: it decodes the upload, finds where in the source the
// audio it heard lies, and answers with the gold words there, timed from the start of the upload.
// So the chunk offsets and the stitching of the backend are checked against the gold timeline,
// and the multipart request is parsed by an independent parser (the Fetch standard's formData()).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { energyEnvelope } from "../../src/engines/speech/chunks.js";
import { ENGINE_SAMPLE_RATE, readEngineSamples, writeWav } from "../../src/analysis/transcribe-wav.js";
import { mediaDir } from "../transcribe/media.js";

export interface GoldWord {
  word: string;
  start: number;
  end: number;
}

export interface GoldSource {
  wavPath: string;
  samples: Int16Array;
  words: GoldWord[];
  /** one per recorded sentence: the segments a Whisper server would answer with */
  utterances: { start: number; end: number; text: string; lang?: string }[];
}

const SENSE = ["0870", "0880", "0890", "0920", "0930"].map((n) => `speech/en/librivox_sense_and_sensibility/sense_and_sensibility_01_austen_64kb-${n}`);
const GAP_S = 0.8;

/** A pause as the recording sounds between sentences: its own first 0.15 s (before the reader starts), repeated. */
function roomTone(s: Int16Array, seconds: number): Int16Array {
  const tone = s.subarray(0, Math.round(0.15 * ENGINE_SAMPLE_RATE));
  const out = new Int16Array(Math.round(seconds * ENGINE_SAMPLE_RATE));
  for (let i = 0; i < out.length; i++) out[i] = tone[i % tone.length]!;
  return out;
}

/**
 * Five consecutive LibriVox sentences (gold text) joined by 0.8 s pauses of room tone, 28 s in all. Word
 * times come from the corpus's forced alignment of the gold text (pocketsphinx_words.json).
 */
export async function senseAndSensibility(dir: string): Promise<GoldSource> {
  const parts: Int16Array[] = [];
  const words: GoldWord[] = [];
  const utterances: GoldSource["utterances"] = [];
  let at = 0;
  for (const base of SENSE) {
    const s = await readEngineSamples(path.join(mediaDir(), `${base}.wav`));
    const align = JSON.parse(readFileSync(path.join(mediaDir(), `${base}.pocketsphinx_words.json`), "utf8")) as { w: { b: number; d: number; t: string }[] };
    for (const w of align.w) {
      if (/^(<|\[|\+\+)/.test(w.t)) continue;
      words.push({ word: w.t.replace(/\(\d+\)$/, ""), start: round3(at + w.b), end: round3(at + w.b + w.d) });
    }
    const durationS = s.length / ENGINE_SAMPLE_RATE;
    utterances.push({ start: at, end: round3(at + durationS), text: readFileSync(path.join(mediaDir(), `${base}.txt`), "utf8").trim() });
    parts.push(s, roomTone(s, GAP_S));
    at = round3(at + durationS + GAP_S);
  }
  const samples = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((o, p) => (samples.set(p, o), o + p.length), 0);
  const wavPath = path.join(dir, "sense.wav");
  await writeWav(wavPath, samples);
  return { wavPath, samples, words, utterances };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Real speech in two languages in one source: FLEURS read sentences (gold text, no word times),
 * three in German then three in English, joined by 1 s pauses of silence. For a server that times
 * segments only (mode "segments"): each sentence is one segment with its language.
 */
export async function germanThenEnglish(dir: string): Promise<GoldSource> {
  const parts: Int16Array[] = [];
  const utterances: GoldSource["utterances"] = [];
  let at = 0;
  for (const [lang, n] of [["de", 0], ["de", 1], ["de", 2], ["en", 0], ["en", 1], ["en", 2]] as const) {
    const base = `speech/fleurs/${lang}/fleurs-${lang}-00${n}`;
    const s = decode(readFileSync(path.join(mediaDir(), `${base}.ogg`)));
    const durationS = s.length / ENGINE_SAMPLE_RATE;
    utterances.push({ start: at, end: round3(at + durationS), text: readFileSync(path.join(mediaDir(), `${base}.txt`), "utf8").trim(), lang });
    parts.push(s, new Int16Array(ENGINE_SAMPLE_RATE));
    at = round3(at + durationS + 1);
  }
  const samples = new Int16Array(parts.reduce((k, p) => k + p.length, 0));
  parts.reduce((o, p) => (samples.set(p, o), o + p.length), 0);
  const wavPath = path.join(dir, "de-en.wav");
  await writeWav(wavPath, samples);
  return { wavPath, samples, words: [], utterances };
}

const FRAME_S = 0.01;
const clampDb = (env: Float64Array) => env.map((d) => Math.max(-70, d));

/** Seconds from the source's start to the heard audio's start: the best match of their 10 ms level envelopes. */
export function locate(source: Int16Array, heard: Int16Array): number {
  const a = clampDb(energyEnvelope(source, ENGINE_SAMPLE_RATE, FRAME_S));
  const b = clampDb(energyEnvelope(heard, ENGINE_SAMPLE_RATE, FRAME_S));
  let best = 0;
  let bestCost = Infinity;
  for (let k = 0; k + b.length <= a.length + 1; k++) {
    let cost = 0;
    const n = Math.min(b.length, a.length - k);
    for (let i = 0; i < n; i++) cost += Math.abs(a[k + i]! - b[i]!);
    cost /= Math.max(1, n);
    if (cost < bestCost) {
      bestCost = cost;
      best = k;
    }
  }
  return best * FRAME_S;
}

function decode(file: Buffer): Int16Array {
  const raw = execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", "pipe:0", "-ac", "1", "-ar", String(ENGINE_SAMPLE_RATE), "-f", "s16le", "pipe:1"], { input: file, maxBuffer: 1 << 28 });
  return new Int16Array(raw.buffer, raw.byteOffset, Math.floor(raw.length / 2));
}

export interface StandInRequest {
  url: string;
  headers: IncomingHttpHeaders;
  fields: Record<string, string[]>;
  file: { name: string; type: string; bytes: Buffer } | null;
  /** where the stand-in heard this upload start in the source, seconds */
  heardAt?: number;
}

export interface Canned {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface StandInOptions {
  /** "words": timestamp_granularities honoured; "segments": a server that times segments only */
  mode?: "words" | "segments";
  /** answers given, in order, before any transcription (429s, 5xx, 4xx) */
  script?: Canned[];
  /**
   * Answer as Whisper models do with hesitations: "um" and "uh" are written only when the request
   * carries a prompt (OpenAI's guide: a disfluent prompt keeps them), left out otherwise.
   */
  fillersOnlyWhenPrompted?: boolean;
}

const HESITATION = /^(um|uh)$/i;

/** OpenAI's error body. */
export const openAiError = (status: number, message: string, type: string, code: string | null = null, headers?: Record<string, string>): Canned => ({
  status,
  headers,
  body: { error: { message, type, param: null, code } },
});

export async function startOpenAiStandIn(source: GoldSource, opts: StandInOptions = {}) {
  const requests: StandInRequest[] = [];
  const script = [...(opts.script ?? [])];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const send = (a: Canned) => {
        res.writeHead(a.status, { "content-type": "application/json", ...a.headers });
        res.end(JSON.stringify(a.body));
      };
      try {
        const form = await new Request("http://stand-in/", { method: "POST", headers: { "content-type": req.headers["content-type"] ?? "" }, body: Buffer.concat(chunks) }).formData();
        const fields: Record<string, string[]> = {};
        let file: StandInRequest["file"] = null;
        for (const [k, v] of form.entries()) {
          if (typeof v === "string") (fields[k] ??= []).push(v);
          else file = { name: v.name, type: v.type, bytes: Buffer.from(await v.arrayBuffer()) };
        }
        const rec: StandInRequest = { url: req.url ?? "", headers: req.headers, fields, file };
        requests.push(rec);
        const canned = script.shift();
        if (canned) return send(canned);
        if (req.url !== "/v1/audio/transcriptions") return send(openAiError(404, `Invalid URL (POST ${req.url})`, "invalid_request_error"));
        if (!file) return send(openAiError(400, "you must provide a file", "invalid_request_error"));
        const heard = decode(file.bytes);
        const from = locate(source.samples, heard);
        const to = from + heard.length / ENGINE_SAMPLE_RATE;
        rec.heardAt = from;
        const rel = (t: number) => round3(Math.max(0, t - from));
        // Whisper hears whole words: those inside the audio, give or take a frame.
        const dropFillers = opts.fillersOnlyWhenPrompted === true && !fields.prompt?.length;
        const words = source.words.filter((w) => w.start >= from - 0.02 && w.end <= to + 0.02 && !(dropFillers && HESITATION.test(w.word)));
        const segments = source.utterances
          .filter((u) => u.start >= from - 0.05 && u.end <= to + 0.05)
          .map((u, id) => ({ id, seek: 0, start: rel(u.start), end: rel(u.end), text: ` ${dropFillers ? u.text.split(/\s+/).filter((t) => !HESITATION.test(t)).join(" ") : u.text}`, tokens: [50364], temperature: 0, avg_logprob: -0.21, compression_ratio: 1.3, no_speech_prob: 0.01 }));
        // One language per request, as Whisper reports it (a name): the one most of what it heard is in.
        const heardUtterances = source.utterances.filter((u) => u.end > from && u.start < to);
        const spoken = new Map<string, number>();
        for (const u of heardUtterances) spoken.set(u.lang ?? "en", (spoken.get(u.lang ?? "en") ?? 0) + Math.min(u.end, to) - Math.max(u.start, from));
        const main = [...spoken.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "en";
        const body: Record<string, unknown> = {
          task: "transcribe",
          language: new Intl.DisplayNames(["en"], { type: "language" }).of(main)!.toLowerCase(),
          duration: round3(to - from),
          text: words.map((w) => w.word).join(" "),
          segments,
        };
        if ((opts.mode ?? "words") === "words" && fields["timestamp_granularities[]"]?.includes("word")) {
          body.words = words.map((w) => ({ word: w.word, start: rel(w.start), end: rel(w.end) }));
        }
        send({ status: 200, body });
      } catch (e) {
        send({ status: 500, body: { error: { message: `stand-in failed: ${(e as Error).message}`, type: "server_error" } } });
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, requests, /** answers still to give before transcribing; a test may queue more */ script, close: () => new Promise<void>((r) => server.close(() => r())) };
}
