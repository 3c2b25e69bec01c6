// Issue 33's combination matrix: every creator style option with every editing operation, at
// least every pair, on short real media, asserting on the rendered files.
//
// Factors
//  - operation (7): automatic clip (a job, pipeline.ts runJob, with its quality check and fixes),
//    clip by hand (runManualClip with a layout and a title), promote (runManualClip over a
//    candidate's range with no params, as the Worker queues it), trim (runRerender with
//    metadata_start: a trim changes nothing but the range, so it has its clip's options),
//    correction then captions refresh, re-render in another layout, dub (runRerender: one request
//    may combine the three with a style, as POST .../rerender does). Every clip version a row
//    makes is also exported in the four editor formats and checked against its timeline (melt's
//    rendering of late clips: export/melt-late-clips.test.ts).
//  - eight two-level style options: emphasis + emoji captions, hook title, zoom punch_in,
//    remove_silences, remove_fillers, B-roll (a local library, no network), caption_language es,
//    layout (the framing Katto chooses: face tracking or a two-person layout; or `wide`).
//  - shape (issue 41, not crossed pairwise, at no added render): each medium's first render has its
//    shape (SHAPE_OF), so every shape is rendered first and its cover's title read by OCR, and 16:9 is
//    on each first-render path (a job, a clip by hand, a promoted candidate on the pillarboxed photo);
//    trims and re-renders keep their clip's. Every version: in its shape, no source bars (cropdetect).
//  - screen layout (issue 41, covered beside the design, SCREEN_ROWS): a screen recording with a face
//    camera rendered once in each shape by four operations (a job and a promoted candidate choosing
//    the layout, a clip by hand and a 1:1 re-render asking for it), every option both ways: 4 renders.
//  - medium (6, not crossed pairwise; a seventh, the screen recording, for the screen rows): a reading with a pause, spontaneous speech with a filler, a
//    two-person picture, a still photo over speech, a pillarboxed portrait photo, and a recording
//    whose audio has a 0.5-s timestamp gap (two parts joined with `-c copy`). Speech is LibriVox and
//    MFA's spontaneous recording with their word alignments (../shared/media), so caption times are
//    known; pictures are corpus videos and photos, at 10 fps and 360 p to keep renders cheap.
// The pairwise set (design()): two rows of each first render (one medium each), then greedily,
// while a pair is uncovered, the trim (of a first render) or re-render request (of a first render
// of the matching layout) covering the most uncovered pairs: operation x option value, and option
// value x option value. The first test checks that every pair is covered. 10 rows: 6 first
// renders, 2 trims, 2 re-renders each combining refresh + relayout + dub.
// Every row with a hook title: the title card covers no face the detector finds on the file while it
// is up (helpers/title-face.ts: the card's box found by its accent colour in the frame).
// Every row: the file as long as its timeline; no pause over 0.7 s where silences are removed
// (silencedetect); every caption word present, in order (the transcript's words the timeline keeps,
// each at the source time it is spoken; the spoken-language SRT holds them; the shipped SRT is the
// timeline's pages); caption sync within 150 ms measured from the file's audio; no quality flag.
// Two more rows are built to fail (a trim through a word, a trim over a pause) and must be flagged.
// CPU: each row's cost (this process and its ffmpeg children) is printed at the end.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aspectRatio, ClipTimelineSchema, RenderJobSchema, type Aspect, type BrollAsset, type ClipQuality, type ClipTimeline, type RenderEvent, type Style, type TaskBroll } from "@katto/protocol";
import { timelineFromClip } from "../../src/services/export/from-clip.js";
import { writeEdl } from "../../src/services/export/edl.js";
import { writeFcpxml } from "../../src/services/export/fcpxml.js";
import { writeMlt } from "../../src/services/export/mlt.js";
import { writeOtio } from "../../src/services/export/otio.js";
import { projectFps, toFrames } from "../../src/services/export/timeline.js";
import { createCallbackClient } from "../src/runtime/callback-client.js";
import { loadConfig } from "../src/runtime/config.js";
import { createBlazeFace } from "../src/engines/face/blazeface.js";
import { createTranslator } from "../src/engines/translate/index.js";
import type { AnalysisDeps } from "../src/rendering/job-run.js";
import { runManualClip } from "../src/work/manual-clip.js";
import { runJob } from "../src/work/pipeline.js";
import { LOUDNESS_TARGET_LUFS } from "../src/ffmpeg/loudness.js";
import { SILENCE_NOISE_DB } from "../src/quality/measure-clip.js";
import { parseSrtCues } from "../src/quality/measures.js";
import type { RerenderJob } from "../src/runtime/protocol.js";
import { runRerender } from "../src/work/rerender.js";
import { createDub } from "../src/work/dub.js";
import { faceAnalysis } from "../src/work/pipeline-deps.js";
import type { ScoredMoment, Transcript, Word } from "../src/runtime/types.js";
import { fastHdEncoder } from "./helpers/encoder.js";
import { startFakeWorker, type FakeWorker } from "./helpers/fake-worker.js";
import { fixedMoment } from "./helpers/quality-job.js";
import { ffmpeg, media, tmpDir } from "./helpers/media.js";
import { librivox, type Speech } from "./helpers/librivox.js";
import { callbackRecorder } from "./helpers/callback-recorder.js";
import { detectBars } from "../src/framing/bars.js";
import { probe } from "../src/analysis/probe.js";
import { DURING_TITLE_S, sharedArea, titleAndFaces } from "./helpers/title-face.js";
import { screenCrops } from "../src/framing/screen-panels.js";
import type { Rect } from "../src/framing/panels.js";

// KATTO_MATRIX_DIR keeps every file the matrix makes there, to look at a failing row's clip
const dir = process.env.KATTO_MATRIX_DIR ? (mkdirSync(process.env.KATTO_MATRIX_DIR, { recursive: true }), process.env.KATTO_MATRIX_DIR) : tmpDir("katto-matrix-");
const signal = new AbortController().signal;
const FPS = 10;

// ---------------------------------------------------------------------------------------------
// The design

const OPTIONS = ["captions", "hook", "zoom", "silences", "fillers", "broll", "translate", "wide"] as const;
type Option = (typeof OPTIONS)[number];
const OPS = ["auto", "by_hand", "promote", "trim", "refresh", "relayout", "dub"] as const;
type Op = (typeof OPS)[number];
const MEDIA = ["reading", "spontaneous", "two_person", "still", "pillarbox", "gap", "screen"] as const;
type Medium = (typeof MEDIA)[number];
type Bits = Record<Option, boolean>;
/** Operations that render a clip first (a job's clip, a clip by hand, a promoted candidate); the others re-render one. */
const FIRST = ["auto", "by_hand", "promote"] as const;
type FirstOp = (typeof FIRST)[number];
/** What one re-render request may combine (POST .../rerender: captions refresh, layout_mode, dub and style together). */
const RERENDER_OPS = ["refresh", "relayout", "dub"] as const;

function allSettings(): Bits[] {
  return Array.from({ length: 1 << OPTIONS.length }, (_, n) => Object.fromEntries(OPTIONS.map((o, i) => [o, Boolean(n & (1 << i))])) as Bits);
}
/** The pairs a row covers: each of its operations with each option value, and every two option values. */
function pairsOf(ops: readonly Op[], b: Bits): string[] {
  const v = (o: Option) => `${o}=${b[o] ? 1 : 0}`;
  const out = ops.flatMap((op) => OPTIONS.map((o) => `${op}|${v(o)}`));
  OPTIONS.forEach((o, i) => OPTIONS.slice(i + 1).forEach((p) => out.push(`${v(o)}|${v(p)}`)));
  return out;
}
/** Every pair the design must cover. */
function requiredPairs(): Set<string> {
  return new Set(allSettings().flatMap((b) => pairsOf(OPS, b)));
}

interface Row {
  id: string;
  /** the clip's shape: a first render's job's (by medium, SHAPE_OF), a trim's or re-render's its clip's */
  aspect: Aspect;
  /** what the row does: one first render, a trim, or one re-render request of refresh / relayout / dub */
  ops: Op[];
  medium: Medium;
  /** the clip's options: a first render's own, a trim's stored ones (a trim changes nothing else), a re-render's requested ones */
  bits: Bits;
  /** the first render a trim or re-render starts from */
  base?: string;
  /** the layout a clip by hand or a re-render asks for (the screen rows); else wide or Katto's framing, by the `wide` option */
  layout?: "screen";
}
const isFirst = (r: Pick<Row, "ops">) => (FIRST as readonly Op[]).includes(r.ops[0]!);

/**
 * The rows: two of each first render (one medium each), then, while a pair is uncovered, the trim
 * or re-render request that covers most of them (a trim of one of the first renders, with its
 * options; a re-render of one with any options and any of refresh, relayout and dub).
 */
function design(): Row[] {
  const covered = new Set<string>();
  const settings = allSettings();
  const rows: Row[] = [];
  const gain = (ops: readonly Op[], b: Bits) => pairsOf(ops, b).filter((k) => !covered.has(k)).length;
  const add = (r: Row) => {
    for (const k of pairsOf(r.ops, r.bits)) covered.add(k);
    rows.push(r);
  };
  FIRST.flatMap((op) => [op, op]).forEach((op, i) => {
    const bits = settings.reduce((best, b) => (gain([op], b) > gain([op], best) ? b : best));
    add({ id: "", ops: [op], medium: MEDIA[i]!, bits, aspect: SHAPE_OF[MEDIA[i]!] });
  });
  const firsts = rows.slice();
  const combos = (n: number) => RERENDER_OPS.filter((_, i) => n & (1 << i));
  const required = requiredPairs();
  const used = new Map<string, number>();
  while ([...required].some((k) => !covered.has(k))) {
    let best: Row | null = null;
    let most = 0;
    for (const f of firsts) if (gain(["trim"], f.bits) > most) [best, most] = [{ id: "", ops: ["trim"], medium: f.medium, bits: f.bits, aspect: f.aspect }, gain(["trim"], f.bits)];
    for (let n = 1; n < 1 << RERENDER_OPS.length; n++) {
      for (const b of settings) {
        const g = gain(combos(n), b);
        if (g > most) [best, most] = [{ id: "", ops: combos(n), medium: "reading", bits: b, aspect: SHAPE_OF.reading }, g];
      }
    }
    const r = best!;
    if (!r.ops.includes("trim")) {
      // a re-render starts from a first render of the same layout (of the other one when it changes the layout), the least used first
      const fits = firsts.filter((f) => (r.ops.includes("relayout") ? f.bits.wide !== r.bits.wide : f.bits.wide === r.bits.wide));
      const f = [...fits].sort((x, y) => (used.get(x.medium) ?? 0) - (used.get(y.medium) ?? 0) || MEDIA.indexOf(y.medium) - MEDIA.indexOf(x.medium))[0]!;
      r.medium = f.medium;
      r.aspect = f.aspect;
    }
    used.set(r.medium, (used.get(r.medium) ?? 0) + 1);
    add(r);
  }
  rows.forEach((r, i) => (r.id = `${String(i).padStart(2, "0")}-${r.ops.join("+")}-${r.medium}`));
  for (const r of rows) if (!isFirst(r)) r.base = firsts.find((f) => f.medium === r.medium)!.id;
  return rows;
}

/**
 * The shape of each medium's first render (issue 41: shape is a factor): every shape has a first
 * render, so its cover is read; 16:9 on the job path (a job's preview cover wrapped its title for
 * 1920 and drew it on 1080), on a clip by hand and on the pillarboxed photo (kept whole, its bars
 * were padded back in). Trims and re-renders keep their clip's shape. The screen recording is not a
 * medium of the design: its rows (SCREEN_ROWS) name a shape each.
 */
const SHAPE_OF: Record<Medium, Aspect> = { reading: "16:9", spontaneous: "4:5", two_person: "1:1", still: "16:9", pillarbox: "16:9", gap: "9:16", screen: "9:16" };

const ROWS = design();

// ---------------------------------------------------------------------------------------------
// The screen layout in every shape (issue 41 item 7), beside the design

const on = (...options: Option[]): Bits => Object.fromEntries(OPTIONS.map((o) => [o, options.includes(o)])) as Bits;

/**
 * The screen layout as a factor, covered rather than crossed: the screen recording with a face
 * camera rendered once in each shape, each row by another operation (a job and a promoted
 * candidate: Katto's choice, so the detector must pick the screen layout; a clip by hand asking for
 * it; a re-render asking for it into 1:1 from the job's 9:16 clip, with a captions refresh), the
 * style options spread so that each takes both values over the four rows (`wide` aside: a layout of
 * its own). 4 renders beside the design's 12, where crossing the layout with the shapes and the
 * seven operations pairwise would take 7 or more.
 */
const SCREEN_ROWS: Row[] = [
  { id: "S0-auto-screen", ops: ["auto"], medium: "screen", aspect: "9:16", bits: on("captions", "hook", "silences") },
  { id: "S1-by_hand-screen", ops: ["by_hand"], medium: "screen", aspect: "16:9", layout: "screen", bits: on("hook", "zoom", "fillers", "broll") },
  { id: "S2-promote-screen", ops: ["promote"], medium: "screen", aspect: "4:5", bits: on("captions", "zoom", "translate") },
  { id: "S3-refresh+relayout-screen", ops: ["refresh", "relayout"], medium: "screen", aspect: "1:1", layout: "screen", base: "S0-auto-screen", bits: on("captions", "hook", "silences", "fillers", "broll", "translate") },
];

const styleOf = (b: Bits): Style => ({
  emphasis: b.captions ? "keywords" : "none",
  emoji: b.captions,
  hook_title: b.hook,
  zoom: b.zoom ? "punch_in" : "none",
  remove_silences: b.silences,
  remove_fillers: b.fillers,
  broll: b.broll ? "library" : "none",
  ...(b.translate ? { caption_language: "es" as const } : {}),
});

// ---------------------------------------------------------------------------------------------
// The media

const MFA = "speech/en/mfa_spontaneous/michaelandsickmichael.wav";

/** MFA's spontaneous recording, 6.55-11.0 s: "but who cares. um this is me talking really slow" (its gold words, aligned). */
function spontaneous(at: number): Speech {
  const from = 6.55;
  const to = 11.0;
  const j = JSON.parse(readFileSync(path.join(import.meta.dirname, "data/mfa-spontaneous-words.json"), "utf8")) as { words: Word[] };
  const words = j.words.filter((w) => w.start >= from && w.end <= to).map((w) => ({ word: w.word, start: +(w.start - from + at).toFixed(3), end: +(w.end - from + at).toFixed(3) }));
  for (const w of words) if (w.word === "cares" || w.word === "slow") w.word += ".";
  return { file: media(MFA), from, to, at, words };
}

interface Source {
  medium: Medium;
  name: string;
  path: string;
  duration: number;
  words: Word[];
  /** sentence ranges, source seconds (first word start, last word end) */
  sentences: { start: number; end: number }[];
}

const sentencesOf = (ws: Word[]) => {
  const out: { start: number; end: number }[] = [];
  let from = 0;
  ws.forEach((w, i) => {
    if (/[.!?]$/.test(w.word)) {
      out.push({ start: ws[from]!.start, end: w.end });
      from = i + 1;
    }
  });
  return out;
};

/** Speech stretches mixed as one 48 kHz stereo track `total` long, after `first` ffmpeg inputs. */
function speechArgs(speech: Speech[], first: number, total: number): { inputs: string[]; filter: string } {
  const inputs = speech.flatMap((s) => ["-i", s.file]);
  const parts = speech.map((s, i) => `[${first + i}:a]atrim=${s.from.toFixed(3)}:${s.to.toFixed(3)},asetpts=PTS-STARTPTS,aresample=48000,aformat=channel_layouts=stereo,adelay=${Math.round(s.at * 1000)}:all=1[s${i}]`);
  const mix = `${speech.map((_, i) => `[s${i}]`).join("")}amix=inputs=${speech.length}:normalize=0,apad,atrim=end=${total}[a]`;
  return { inputs, filter: `${parts.join(";")};${mix}` };
}

/** The end of the last speech plus `tail` seconds. */
const lengthOf = (speech: Speech[], tail = 0.3) => +(Math.max(...speech.map((s) => s.at + s.to - s.from)) + tail).toFixed(3);

/** A medium: `inputs` (video first, looped or still), their filter to [v], the speech over them. */
function build(medium: Medium, inputs: string[], videoFilter: string, speech: Speech[], total = lengthOf(speech)): Source {
  const name = `${medium}.mp4`;
  const out = path.join(dir, name);
  const videos = inputs.filter((x) => x === "-i").length;
  const a = speechArgs(speech, videos, total);
  ffmpeg([...inputs, ...a.inputs, "-filter_complex", `${videoFilter},fps=${FPS},format=yuv420p[v];${a.filter}`, "-map", "[v]", "-map", "[a]", "-t", String(total), "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", out]);
  const words = speech.flatMap((s) => s.words);
  return { medium, name, path: out, duration: total, words, sentences: sentencesOf(words) };
}

/** Two recordings joined with `-c copy`, the first's audio 0.5 s shorter than its picture: a timestamp gap at 2.9 s. */
function buildGap(): Source {
  const photo = ["-loop", "1", "-framerate", String(FPS), "-i", media("photos/astronaut_eileen_collins.png")];
  const one = librivox("0880", 0.1);
  const two = librivox("0930", 0.25);
  const part = (name: string, s: Speech, videoS: number, audioS: number) => {
    const out = path.join(dir, name);
    const a = speechArgs([s], 1, audioS);
    ffmpeg([...photo, ...a.inputs, "-filter_complex", `[0:v]scale=640:-2,crop=640:360:0:40,fps=${FPS},format=yuv420p,trim=duration=${videoS}[v];${a.filter}`, "-map", "[v]", "-map", "[a]", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", out]);
    return out;
  };
  const firstS = 3.4;
  const p1 = part("gap-1.mp4", one, firstS, firstS - 0.5);
  const p2 = part("gap-2.mp4", two, lengthOf([two]), lengthOf([two]));
  const list = path.join(dir, "gap.txt");
  writeFileSync(list, `file '${p1}'\nfile '${p2}'\n`);
  const out = path.join(dir, "gap.mp4");
  ffmpeg(["-f", "concat", "-safe", "0", "-i", list, "-c", "copy", out]);
  // the second part's words on the source's clock: its picture starts at 3.4 s
  const words = [...one.words, ...two.words.map((w) => ({ ...w, start: +(w.start + firstS).toFixed(3), end: +(w.end + firstS).toFixed(3) }))];
  return { medium: "gap", name: "gap.mp4", path: out, duration: +(firstS + lengthOf([two])).toFixed(3), words, sentences: sentencesOf(words) };
}

/**
 * A screen recording with a face camera (issue 41: the screen layout in every shape): the
 * screen-style recording of ../shared/media/video_misc (a running timecode on a green screen) with
 * a real talking face (the White House address) composited in its top-left corner as a webcam
 * overlay is (as render/screen-layout.test.ts), under the reading's two sentences and its pause.
 */
const SCREEN_SOURCE = { width: 640, height: 360 };
function buildScreen(): Source {
  const reading = [librivox("0880", 0.25)];
  reading.push(librivox("0930", +(lengthOf(reading, 0) + 1.2).toFixed(3)));
  const inputs = ["-stream_loop", "-1", "-i", media("video_misc/auto-editor_example.mp4"), "-stream_loop", "-1", "-i", media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4")];
  return build("screen", inputs, `[0:v]scale=${SCREEN_SOURCE.width}:${SCREEN_SOURCE.height}[s];[1:v]crop=520:600:240:0,scale=170:196[c];[s][c]overlay=x=12:y=12`, reading);
}

function buildMedia(): Map<Medium, Source> {
  const loop = (f: string) => ["-stream_loop", "-1", "-i", media(f)];
  const still = (f: string) => ["-loop", "1", "-framerate", String(FPS), "-i", media(f)];
  const fill = "scale=640:360:force_original_aspect_ratio=increase,crop=640:360";
  const reading = [librivox("0880", 0.25)];
  // a pause of 1.2 s between the sentences
  reading.push(librivox("0930", +(lengthOf(reading, 0) + 1.2).toFixed(3)));
  const s: Source[] = [
    build("reading", loop("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4"), `[0:v]${fill}`, reading),
    build("spontaneous", loop("video_talking/grid/bbaf2n.mpg"), "[0:v]scale=450:360,setsar=1", [spontaneous(0.25)]),
    // two GRID talkers side by side, one reader's voice over them
    build("two_person", [...loop("video_talking/grid/lwbsza.mpg"), ...loop("video_talking/grid/sbwe5n.mpg")], "[0:v]scale=360:288,setsar=1[l];[1:v]scale=360:288,setsar=1[r];[l][r]hstack", [librivox("0930", 0.25)]),
    build("still", still("photos/grace_hopper.jpg"), `[0:v]${fill}`, [librivox("0890", 0.25)]),
    // a portrait photo between black bars
    build("pillarbox", still("photos/grace_hopper.jpg"), "[0:v]scale=-2:360,pad=640:360:(ow-iw)/2:0", [librivox("0920", 0.25)]),
    buildGap(),
    buildScreen(),
  ];
  return new Map(s.map((x) => [x.medium, x]));
}

// ---------------------------------------------------------------------------------------------
// Running the rows

/** What every row yields: a clip version's files, its timeline and quality, and what the editor exports read. */
interface Version {
  row: Row;
  style: Style;
  mp4: string;
  /** the SRT it ships, and the one in the spoken language (the same file unless translated or dubbed) */
  srt: string;
  spokenSrt: string;
  timeline: ClipTimeline;
  quality: ClipQuality | undefined;
  /** the range and stored metadata an export reads (clips.start_s, end_s, metadata) */
  start: number;
  end: number;
  metadata: Record<string, unknown>;
  /** a re-render version as the Worker stores it beside the clip's unchanged metadata: its rerenders row's id and timeline (applyRerenderEvent); absent for a first render */
  rerender?: { version: string; timeline: unknown };
  /** the transcript's words as the version should show them (a correction applied) */
  words: Word[];
  /** its cover image and the title drawn on it (first renders) */
  cover?: { file: string; title: string };
}

let worker: FakeWorker;
let sources: Map<Medium, Source>;
let library: BrollAsset[];
/** each row's clip version, or why it could not be made */
const versions = new Map<string, Version | Error>();
const translator = createTranslator(loadConfig({}).dub.translator);
const dub = createDub(loadConfig({}).dub);
let detector: ReturnType<typeof createBlazeFace> | undefined;
const cpu = new Map<string, number>();

/** CPU seconds of this process and its finished children (user + system, /proc/self/stat). */
function cpuSeconds(): number {
  const f = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  // fields 14-17 of stat(5) (utime, stime, cutime, cstime), here 11-14 after the command name
  return f.slice(11, 15).reduce((a, x) => a + Number(x), 0) / 100;
}

/** The analysis a job runs, with the transcript and the moment fixed (the real face analysis). */
const deps = (words: Word[], moments: ScoredMoment[]): AnalysisDeps => ({
  transcribe: async () => ({ lang: "en", segments: [], words, engine: "test" }) satisfies Transcript,
  selectMoments: () => moments,
  scoreMoments: (ms) => ms.map((m) => ({ score: 70, subscores: { hook: 70, flow: 70, value: 70, trend: 70 }, justification: "matrix", ...m, title: TITLE }) as ScoredMoment),
  analyzeFaces: faceAnalysis(() => (detector ??= createBlazeFace())),
  translator,
});

/** Every clip's headline (a by-hand clip's is its own): long enough to wrap on a cover in every shape. */
const TITLE = "Quiet morning habits change everything";

const WIDE_KIT = { name: "matrix", primary_color: "#FFFFFF", accent_color: "#FFD400", caption_font: "Noto Sans", caption_position: "bottom", default_layout: "wide", watermark_url: null } as const;

const recorder = () => callbackRecorder(dir);

const broll = (): TaskBroll => ({ library, stock: null });
const around = (ws: Word[], start: number, end: number) => ws.filter((w) => w.end > start - 5 && w.start < end + 5);

async function autoRow(row: Row): Promise<Version> {
  const src = sources.get(row.medium)!;
  const style = styleOf(row.bits);
  const jobId = `00000000-0000-4000-8000-0000000000${row.id.slice(0, 2).replace("S", "a")}`;
  const job = RenderJobSchema.parse({
    job_id: jobId,
    source: { url: worker.mediaUrl(src.name), kind: "url" },
    config: { aspect: row.aspect, style, ...(row.bits.wide ? { brandKit: WIDE_KIT } : {}) },
    callback: { base_url: worker.base, token: worker.token },
    limits: { max_duration_s: 5400, max_bytes: 200e6, max_clips: 1 },
    hd: { mode: "fanout" },
    broll: broll(),
  });
  const client = createCallbackClient({ baseUrl: worker.base, token: worker.token, jobId, signal });
  const outcome = await runJob({ job, signal, client, deps: deps(src.words, [fixedMoment(0, src.duration, 80)]), workRoot: dir, renderConcurrency: 1, encoder: fastHdEncoder });
  expect(outcome, JSON.stringify(worker.events(jobId).filter((e) => e.type !== "progress"))).toMatchObject({ status: "completed" });
  const ev = worker.events(jobId).find((e) => e.type === "clips") as Extract<RenderEvent, { type: "clips" }>;
  const clip = ev.clips[0]!;
  const srt = worker.file(jobId, clip.captions_file);
  return {
    row,
    style,
    mp4: worker.file(jobId, clip.file),
    srt,
    spokenSrt: clip.captions_original_file ? worker.file(jobId, clip.captions_original_file) : srt,
    timeline: ClipTimelineSchema.parse(clip.metadata.timeline),
    quality: clip.quality,
    start: clip.start,
    end: clip.end,
    metadata: clip.metadata as Record<string, unknown>,
    words: src.words,
    ...(clip.cover_file ? { cover: { file: worker.file(jobId, clip.cover_file), title: TITLE } } : {}),
  };
}

/** A fine trim: the last sentence (or the only one) with a little air, inside the stored range. */
function trimRange(src: Source): { start: number; end: number } {
  const s = src.sentences.at(-1)!;
  return { start: +Math.max(0, s.start - 0.2).toFixed(3), end: +Math.min(src.duration, s.end + 0.25).toFixed(3) };
}

/** The word a captions refresh corrects: the transcript misheard it, the correction names it "zebra". */
const CORRECTED = "zebra";

const baseOf = (row: Row): Version => {
  const base = versions.get(row.base!);
  if (!base) throw new Error(`no first render ${row.base}`);
  if (base instanceof Error) throw new Error(`the clip it re-renders failed: ${base.message}`);
  return base;
};

/**
 * A trim (POST .../trim: a new range, nothing else; the Worker sends the words around it and where
 * the stored clip started) or one re-render request combining a captions refresh after a
 * correction, another layout and a dub with the row's style.
 */
async function rerenderRow(row: Row, range?: { start: number; end: number }): Promise<Version> {
  const src = sources.get(row.medium)!;
  const base = baseOf(row);
  const ops = new Set(row.ops);
  const trim = ops.has("trim");
  const style = trim ? base.style : styleOf(row.bits);
  const at = range ?? (trim ? trimRange(src) : { start: base.start, end: base.end });
  const middle = src.words[Math.floor(src.words.length / 2)]!;
  const words = ops.has("refresh") ? src.words.map((w) => (w === middle ? { ...w, word: CORRECTED } : w)) : src.words;
  const task: RerenderJob = {
    rerender_id: `rr_${row.id}`,
    job_id: `job-${row.id}`,
    clip_index: 0,
    source: { url: worker.mediaUrl(src.name), kind: "url" },
    clip: { start: at.start, end: at.end, metadata: base.metadata },
    aspect: row.aspect,
    params: trim ? {} : { style, ...(ops.has("relayout") ? { layout_mode: row.layout ?? (row.bits.wide ? "wide" : "face_tracking") } : {}), ...(ops.has("dub") ? { dub: ["es"] } : {}) },
    brand_kit: null,
    callback: { base_url: "http://127.0.0.1:9/internal/v1", token: "t" },
    words: around(words, at.start, at.end),
    lang: "en",
    ...(trim ? { metadata_start: base.start } : {}),
    broll: broll(),
  };
  const r = recorder();
  const out = await runRerender({ job: task, signal, client: r.client, workRoot: dir, encoder: fastHdEncoder, translator, dub });
  expect(out, JSON.stringify(r.events.filter((e) => e.type !== "progress"))).toEqual({ status: "completed" });
  const done = r.events.at(-1) as { type: "completed"; timeline: unknown; quality?: ClipQuality; captions_original_file?: string };
  const timeline = ClipTimelineSchema.parse(done.timeline);
  const srt = r.files.get("clip-0.srt")!;
  return {
    row,
    style,
    mp4: r.files.get("clip-0.mp4")!,
    srt,
    spokenSrt: done.captions_original_file ? r.files.get(done.captions_original_file)! : srt,
    timeline,
    quality: done.quality,
    start: at.start,
    end: at.end,
    // the version as the Worker stores it: the clip's metadata unchanged, this version's timeline on its rerenders row
    metadata: base.metadata,
    rerender: { version: task.rerender_id, timeline: JSON.parse(JSON.stringify(done.timeline)) },
    words,
  };
}

/** A clip by hand (a range with some air, the row's layout and a title) or a promoted candidate (its words' range, no params: the job's kit frames it). */
async function manualRow(row: Row): Promise<Version> {
  const src = sources.get(row.medium)!;
  const style = styleOf(row.bits);
  const promote = row.ops[0] === "promote";
  const first = src.sentences[0]!;
  const last = src.sentences.at(-1)!;
  const range = promote ? { start: first.start, end: last.end } : { start: +Math.max(0, first.start - 0.2).toFixed(3), end: +Math.min(src.duration, last.end + 0.25).toFixed(3) };
  const r = recorder();
  const out = await runManualClip({
    task: {
      job_id: `job-${row.id}`,
      clip_index: 1,
      source: { url: worker.mediaUrl(src.name), kind: "url" },
      range,
      transcript: { lang: "en", words: around(src.words, range.start, range.end), engine: "test" },
      config: { aspect: row.aspect, style, ...(promote && row.bits.wide ? { brandKit: WIDE_KIT } : {}) },
      params: promote ? {} : { ...(row.bits.wide ? { layout_mode: "wide" as const } : {}), ...(row.layout ? { layout_mode: row.layout } : {}), title: "Made by hand" },
      broll: broll(),
      callback: { base_url: "http://127.0.0.1:9/internal/v1", token: "t" },
    },
    signal,
    client: r.client,
    deps: deps(src.words, []),
    workRoot: dir,
    encoder: fastHdEncoder,
  });
  expect(out, JSON.stringify(r.events)).toEqual({ status: "completed" });
  const clip = (r.events.at(-1) as { type: "manual_clip"; clip: { file: string; captions_file: string; captions_original_file?: string; start: number; end: number; quality?: ClipQuality; metadata: Record<string, unknown>; cover_file?: string } }).clip;
  const srt = r.files.get(clip.captions_file)!;
  return {
    row,
    style,
    mp4: r.files.get(clip.file)!,
    srt,
    spokenSrt: clip.captions_original_file ? r.files.get(clip.captions_original_file)! : srt,
    timeline: ClipTimelineSchema.parse(clip.metadata.timeline),
    quality: clip.quality,
    start: clip.start,
    end: clip.end,
    metadata: clip.metadata,
    words: src.words,
    ...(clip.cover_file && r.files.get(clip.cover_file) ? { cover: { file: r.files.get(clip.cover_file)!, title: promote ? TITLE : "Made by hand" } } : {}),
  };
}

const runRow = (row: Row): Promise<Version> => (row.ops[0] === "auto" ? autoRow(row) : isFirst(row) ? manualRow(row) : rerenderRow(row));

/** Rows built to fail, beside the design: trims through a word and over a pause (of first renders without options). */
const plain = (medium: Medium): Row => ROWS.find((r) => isFirst(r) && r.medium === medium)!;
const FAILING: { id: string; row: Row; flags: string[]; range: () => { start: number; end: number } }[] = [
  {
    id: "a trim through a word",
    row: { id: "F1-trim-two_person", ops: ["trim"], medium: "two_person", bits: plain("two_person").bits, base: plain("two_person").id, aspect: plain("two_person").aspect },
    flags: ["cuts_word", "cuts_mid_sentence"],
    range: () => {
      const w = sources.get("two_person")!.words[2]!;
      return { start: +((w.start + w.end) / 2).toFixed(3), end: sources.get("two_person")!.duration };
    },
  },
  {
    id: "a trim over the pause between two sentences",
    row: { id: "F2-trim-reading", ops: ["trim"], medium: "reading", bits: plain("reading").bits, base: plain("reading").id, aspect: plain("reading").aspect },
    flags: ["no_speech", "mostly_silent", "long_silence"],
    range: () => {
      const [a, b] = sources.get("reading")!.sentences;
      return { start: +(a!.end + 0.05).toFixed(3), end: +(b!.start - 0.05).toFixed(3) };
    },
  },
];

beforeAll(async () => {
  sources = buildMedia();
  ffmpeg(["-f", "lavfi", "-i", "color=c=0xFF00FF:s=640x360", "-frames:v", "1", path.join(dir, "magenta.png")]);
  worker = await startFakeWorker(dir);
  // one still the words of every medium call for
  library = [{ id: "magenta", kind: "image", url: worker.mediaUrl("magenta.png"), keywords: ["man", "selfish", "speech", "woman", "power", "talking"] }];
  // first renders first: the other rows re-render their clips
  const attempt = async (row: Row, run: () => Promise<Version>) => {
    const t0 = cpuSeconds();
    versions.set(row.id, await run().catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))));
    cpu.set(row.id, cpuSeconds() - t0);
    const v = versions.get(row.id)!;
    // the row's version, to look at beside its files
    if (process.env.KATTO_MATRIX_DIR) writeFileSync(path.join(dir, `${row.id}.json`), JSON.stringify(v instanceof Error ? { error: v.message } : { ...v, metadata: undefined }, null, 1));
  };
  const only = new RegExp(process.env.KATTO_MATRIX_ROWS ?? ".");
  for (const row of ROWS.filter((r) => isFirst(r) && only.test(r.id))) await attempt(row, () => runRow(row));
  for (const row of ROWS.filter((r) => !isFirst(r) && only.test(r.id))) await attempt(row, () => runRow(row));
  for (const f of FAILING.filter((x) => only.test(x.row.id))) await attempt(f.row, () => rerenderRow(f.row, f.range()));
  for (const row of SCREEN_ROWS.filter((r) => only.test(r.id))) await attempt(row, () => runRow(row));
}, 600_000);

afterAll(async () => {
  await worker?.close();
  // what each row cost (this process and the ffmpeg processes it ran), for the suite's budget
  console.log([...cpu].map(([id, s]) => `${id.padEnd(26)} ${s.toFixed(1)} s CPU`).join("\n"));
});

// ---------------------------------------------------------------------------------------------
// What the files must show

const seconds = (f: string) => Number(execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", f]).toString());
const tokens = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}' ]+/gu, " ").split(/\s+/).filter(Boolean);
const srtTokens = (file: string) => tokens(parseSrtCues(readFileSync(file, "utf8")).length ? srtText(readFileSync(file, "utf8")) : "");
const srtText = (srt: string) => srt.replace(/\r/g, "").split(/\n\s*\n/).map((b) => b.split("\n").filter((l) => l.trim() && !/^\d+$/.test(l.trim()) && !l.includes("-->")).join(" ")).join(" ");

/** The pauses ffmpeg hears in a file: silencedetect at the quality measure's level, 0.7 s or longer. */
function pauses(file: string): { start: number; end: number }[] {
  const err = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-i", file, "-map", "0:a:0", "-af", `silencedetect=noise=${SILENCE_NOISE_DB}dB:d=0.7`, "-f", "null", "-"], { encoding: "utf8" }).stderr;
  const starts = [...err.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...err.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  return starts.map((s, i) => ({ start: s, end: ends[i] ?? seconds(file) }));
}

/** Where speech starts in a file: its audio rising over 16 dB under the -14 LUFS every clip is normalised to, after 0.12 s or more under it. */
const ONSET_DB = LOUDNESS_TARGET_LUFS - 16;

/**
 * Caption sync measured from the file: each SRT phrase start (the first cue, and each after a
 * pause of 0.3 s or more) against the nearest speech onset in the file's audio within 0.5 s;
 * answers the median signed difference (ms, + = captions late) and the pairs found.
 */
function syncFromFile(mp4: string, srt: string): { ms: number | null; pairs: number; diffs: number[] } {
  const err = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-i", mp4, "-map", "0:a:0", "-af", `silencedetect=noise=${ONSET_DB}dB:d=0.12`, "-f", "null", "-"], { encoding: "utf8" }).stderr;
  const onsets = [...err.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  const cues = parseSrtCues(readFileSync(srt, "utf8"));
  // a file that opens on its first word (a candidate's range starts there): an onset at 0
  const firstQuiet = /silence_start: (-?[\d.]+)/.exec(err);
  if ((!firstQuiet || Number(firstQuiet[1]) > 0.05) && (cues[0]?.start ?? 1) <= 0.15) onsets.unshift(0);
  const phrases = cues.filter((c, i) => i === 0 || c.start - cues[i - 1]!.end >= 0.3).map((c) => c.start);
  const diffs = phrases.flatMap((p) => {
    const near = onsets.reduce((b, o) => (Math.abs(o - p) < Math.abs(b - p) ? o : b), Infinity);
    return Math.abs(near - p) <= 0.5 ? [Math.round((p - near) * 1000)] : [];
  });
  if (!diffs.length) return { ms: null, pairs: 0, diffs };
  const sorted = [...diffs].sort((a, b) => a - b);
  return { ms: sorted[Math.floor(sorted.length / 2)]!, pairs: diffs.length, diffs };
}

/** The transcript's words the version keeps: inside its range and not in a cut, in order. */
function keptWords(v: Version): Word[] {
  const tl = v.timeline;
  return v.words.filter((w) => w.start >= tl.source.start - 0.05 && w.end <= tl.source.end + 0.05 && tl.pieces.some((p) => (w.start + w.end) / 2 >= p.source_start && (w.start + w.end) / 2 <= p.source_end));
}

const summary = (v: Version) => JSON.stringify({ row: v.row, style: v.style, layout: v.timeline.layout, duration: v.timeline.duration, cuts: v.timeline.cuts, quality: v.quality && { flags: v.quality.flags.map((f) => `${f.name}: ${f.message}`), sync: v.quality.caption_offset_ms, fixes: v.quality.fixes } });

function version(id: string): Version {
  const v = versions.get(id);
  if (!v) throw new Error(`row ${id} did not run`);
  if (v instanceof Error) throw v;
  return v;
}

/** The file is the clip its timeline describes. */
function checkFile(v: Version) {
  const s = summary(v);
  expect(Math.abs(seconds(v.mp4) - v.timeline.duration), s).toBeLessThan(0.12);
  if (v.style.remove_silences) expect(pauses(v.mp4), s).toEqual([]);
  // every caption word present, in order: the spoken SRT holds the timeline's words, which are the
  // transcript's words the version keeps, each at the source time it is spoken
  const kept = keptWords(v);
  expect(v.timeline.words.map((w) => w.word), s).toEqual(kept.map((w) => w.word));
  v.timeline.words.forEach((w, i) => {
    const at = v.timeline.source.start + w.start;
    const inSource = v.timeline.pieces.find((p) => w.start >= p.clip_start - 1e-3 && w.start <= p.clip_end + 1e-3);
    expect(inSource, s).toBeDefined();
    expect(Math.abs(inSource!.source_start + (w.start - inSource!.clip_start) - kept[i]!.start), `${w.word} at ${at}: ${s}`).toBeLessThan(0.06);
  });
  expect(srtTokens(v.spokenSrt), s).toEqual(tokens(kept.map((w) => w.word).join(" ")));
  // the shipped SRT is the timeline's caption pages
  const shipped = parseSrtCues(readFileSync(v.srt, "utf8"));
  expect(shipped.length, s).toBe(v.timeline.captions.length);
  shipped.forEach((c, i) => {
    expect(Math.abs(c.start - v.timeline.captions[i]!.start) + Math.abs(c.end - v.timeline.captions[i]!.end), s).toBeLessThan(0.002);
  });
  // caption sync, from the file: the captions of what is heard against the file's speech (a dub's:
  // the shipped SRT, timed on the dubbed voice; on the first run they measured 354 ms late on the gap
  // recording, whose original under the voice ran early after the gap: fixed, work/dub.ts)
  const sync = syncFromFile(v.mp4, v.row.ops.includes("dub") ? v.srt : v.spokenSrt);
  // no phrase starts after a quiet the file lets the onset be heard in (a noisy recording, 16 dB
  // under speech, cut right into a phrase: 09-trim-spontaneous): nothing to measure sync on
  if (sync.pairs === 0) return void console.log(`${v.row.id}: caption sync not measurable from the file (no quiet before a phrase)`);
  expect(Math.abs(sync.ms!), `sync ${sync.ms} ms (${sync.diffs.join(", ")}): ${s}`).toBeLessThanOrEqual(150);
}

/** The file is in its row's shape and shows none of its source's black bars (issue 41: cropdetect on the clip itself). */
async function checkShape(v: Version) {
  const info = await probe(v.mp4, { signal });
  const s = `${v.row.id} ${v.row.aspect} ${v.timeline.layout}`;
  expect(v.timeline.aspect, s).toBe(v.row.aspect);
  expect(Math.abs(info.video!.width / info.video!.height / aspectRatio(v.row.aspect) - 1), s).toBeLessThan(0.01);
  expect(await detectBars(v.mp4, { signal, durationS: info.duration, video: info.video! }), s).toBeNull();
}

/** The cover's title, read by tesseract from the whole cover (grey, enlarged, thresholded: the title's dark letters on its light box): every word of it, none cut off by the frame's edges; the title card's words where the clip burns one. */
function checkCover(v: Version) {
  expect(v.cover, `${v.row.id}: no cover`).toBeDefined();
  const png = path.join(dir, `${v.row.id}-cover-ocr.png`);
  ffmpeg(["-i", v.cover!.file, "-vf", "format=gray,scale=iw*2:ih*2,lutyuv=y='if(lt(val,100),0,255)'", png]);
  const text = execFileSync("tesseract", [png, "stdout", "--psm", "11"], { stdio: ["ignore", "pipe", "ignore"] }).toString().toLowerCase();
  // the clip's own title card where it burns one (in the captions' language), else its title (cover.ts
  // coverTitle); tesseract here reads English only, so a word with other letters (mañana: "mafiana") is not asked for
  const title = v.timeline.overlays.title_card?.text ?? v.cover!.title;
  const readable = tokens(title).filter((w) => /^[a-z0-9']+$/.test(w));
  expect(readable.length, `${v.row.id}: words to read in "${title}"`).toBeGreaterThan(1);
  for (const w of readable) expect(text, `${v.row.id} (${v.row.aspect}) cover: "${w}" of "${title}"`).toContain(w);
}

/**
 * A screen row's shape: in its shape, and whatever black cropdetect finds is the screen layout's
 * padding around its two panels (the screen kept whole, the camera), none of the picture: the
 * content it finds holds both panels as the layout places them (the composite has no bars of its own).
 */
async function checkScreenShape(v: Version) {
  const info = await probe(v.mp4, { signal });
  const { width, height } = info.video!;
  const s = `${v.row.id} ${v.row.aspect} ${v.timeline.layout}`;
  expect(v.timeline.aspect, s).toBe(v.row.aspect);
  expect(Math.abs(width / height / aspectRatio(v.row.aspect) - 1), s).toBeLessThan(0.01);
  const cam = v.timeline.face_cam;
  expect(cam, `${s}: the face camera found`).toBeTruthy();
  const c = screenCrops(width, height, SCREEN_SOURCE.width, SCREEN_SOURCE.height, cam!);
  const content = await detectBars(v.mp4, { signal, durationS: info.duration, video: info.video! });
  const holds = (p: Rect) => !content || (p.x >= content.x - 8 && p.y >= content.y - 8 && p.x + p.w <= content.x + content.w + 8 && p.y + p.h <= content.y + content.h + 8);
  for (const p of [c.screen.place, c.cam.place]) expect(holds(p), `${s}: panel ${JSON.stringify(p)} inside the content ${JSON.stringify(content)}`).toBe(true);
}

/** The accent of the title cards here (the default look's #FFE000, the wide kit's #FFD400): title-face.ts finds the card's box by it. */
const TITLE_ACCENT = "#FFDA00";

/**
 * The title card covers no face (issue 41): the card's box found in the file's frame while it is
 * up, the faces the quality measure's detector finds there and on the first frame (before the card
 * fades in, so a face it hides is still found); one face at least unless a cutaway is on screen.
 */
async function checkTitleFace(v: Version) {
  const info = await probe(v.mp4, { signal });
  const { title, faces } = await titleAndFaces(v.mp4, { width: info.video!.width, height: info.video!.height }, TITLE_ACCENT);
  const s = `${v.row.id} ${v.row.aspect} ${v.timeline.layout}: title ${JSON.stringify(title)}, faces ${JSON.stringify(faces.map((f) => [f.x, f.y, f.w, f.h].map(Math.round)))}`;
  expect(title, s).not.toBeNull();
  const cutaway = v.timeline.overlays.broll.some((b) => b.start <= DURING_TITLE_S && b.end > 0);
  if (!cutaway) expect(faces.length, s).toBeGreaterThan(0);
  for (const f of faces) expect(sharedArea(f, title!), s).toBe(0);
}

/** The four editor exports of the version, each checked against its timeline. */
function checkExports(v: Version) {
  const built = timelineFromClip({ jobId: "0b6f7c1e-2a4d-4f8e-9c3b-5d1a2e3f4a5b", clipIndex: 0, title: v.row.id, start: v.start, end: v.end, metadata: v.metadata, ...v.rerender, srt: readFileSync(v.srt, "utf8"), sourceRef: "source.mp4", sourceName: "source.mp4" });
  if (!built.ok) throw new Error(built.error);
  const p = built.project;
  // the export reads the version's own timeline
  expect(p.timeline.pieces).toEqual(v.timeline.pieces);
  expect(p.timeline.captions).toEqual(v.timeline.captions);
  const fps = projectFps(p);
  const pieces = v.timeline.pieces.map((x) => [toFrames(x.source_start, fps), toFrames(x.source_end - x.source_start, fps)]);
  // FCPXML: valid against Apple's documented structure, one spine clip per piece
  const fcp = path.join(dir, `${v.row.id}.fcpxml`);
  writeFileSync(fcp, writeFcpxml(p));
  const valid = spawnSync("xmllint", ["--noout", "--dtdvalid", path.join(import.meta.dirname, "export/fcpxml-1.10-subset.dtd"), fcp], { encoding: "utf8" });
  expect(valid.stderr).toBe("");
  const rational = (t: string) => {
    const m = /^(\d+)(?:\/(\d+))?s$/.exec(t)!;
    return Number(m[1]) / (m[2] ? Number(m[2]) : 1);
  };
  const attrs = (file: string, expr: string) => [...execFileSync("xmllint", ["--xpath", expr, file], { encoding: "utf8" }).matchAll(/="([^"]*)"/g)].map((m) => m[1]!);
  const f = fps.num / fps.den;
  expect(attrs(fcp, "//spine/asset-clip/@start").map((t) => Math.round(rational(t) * f))).toEqual(pieces.map((x) => x[0]));
  // OTIO: the pieces as clips of the source, the caption pages as markers
  const otio = JSON.parse(writeOtio(p));
  const video = otio.tracks.children[0];
  expect(video.children.map((c: { source_range: { start_time: { value: number }; duration: { value: number } } }) => [c.source_range.start_time.value, c.source_range.duration.value])).toEqual(pieces);
  expect(video.children.flatMap((c: { markers: { name: string }[] }) => c.markers.map((m) => m.name))).toEqual(v.timeline.captions.map((c) => c.text));
  // EDL: one event per piece
  const events = writeEdl(p).split("\r\n").filter((l) => /^\d{3}  /.test(l));
  expect(events).toHaveLength(pieces.length);
  // MLT: well-formed, one playlist entry per piece at its source frame
  const mlt = path.join(dir, `${v.row.id}.mlt`);
  writeFileSync(mlt, writeMlt(p));
  expect(spawnSync("xmllint", ["--noout", mlt]).status).toBe(0);
  expect(attrs(mlt, "//playlist[@id='playlist0']/entry/@in").map(Number)).toEqual(pieces.map((x) => x[0]));
}

describe("combination matrix (issue 33): every style option with every operation, pairwise", () => {
  it("covers every pair of operation and option value, and of two option values", () => {
    const covered = new Set(ROWS.flatMap((r) => pairsOf(r.ops, r.bits)));
    const missing = [...requiredPairs()].filter((k) => !covered.has(k));
    expect(missing).toEqual([]);
    // every operation twice or more, every medium rendered
    for (const op of OPS) expect(ROWS.filter((r) => r.ops.includes(op)).length, op).toBeGreaterThanOrEqual(2);
    expect(new Set([...ROWS, ...SCREEN_ROWS].map((r) => r.medium))).toEqual(new Set(MEDIA));
    // every shape rendered first (its cover read), and 16:9 on each first-render path
    expect(new Set(ROWS.filter(isFirst).map((r) => r.aspect))).toEqual(new Set(["9:16", "1:1", "4:5", "16:9"]));
    for (const op of FIRST) expect(ROWS.some((r) => r.ops[0] === op && r.aspect === "16:9"), op).toBe(true);
  });

  describe.each(ROWS.map((r) => [`${r.id} (${OPTIONS.filter((o) => r.bits[o]).join(", ") || "no options"})`, r.id] as const))("%s", (_, id) => {
    it("renders a clip its file shows fine, unflagged", () => {
      const v = version(id);
      checkFile(v);
      expect(v.quality, summary(v)).toBeDefined();
      expect(v.quality!.flags.map((f) => f.name), summary(v)).toEqual([]);
    });
    it("exports to MLT, FCPXML, OTIO and EDL as its timeline says", () => checkExports(version(id)));
    it("is in its shape and shows none of the source's black bars", () => checkShape(version(id)));
    it.runIf(isFirst(ROWS.find((r) => r.id === id)!))("has a cover whose whole title reads by OCR inside the frame", () => checkCover(version(id)));
    it.runIf(ROWS.find((r) => r.id === id)!.bits.hook)("its title card covers no face the detector finds while it is up", () => checkTitleFace(version(id)));
  });

  describe.each(FAILING.map((f) => [f.id, f] as const))("built to fail: %s", (_, f) => {
    it("is flagged", () => {
      const v = version(f.row.id);
      expect(v.quality, summary(v)).toBeDefined();
      expect(v.quality!.flags.map((x) => x.name).some((n) => f.flags.includes(n)), summary(v)).toBe(true);
    });
  });
});

describe("the screen layout in every shape (issue 41 item 7), covered beside the design", () => {
  it("has every shape, a job, a clip by hand, a promoted candidate and a re-render, and every option both ways", () => {
    expect(new Set(SCREEN_ROWS.map((r) => r.aspect))).toEqual(new Set(["9:16", "1:1", "4:5", "16:9"]));
    for (const op of [...FIRST, "relayout"] as const) expect(SCREEN_ROWS.some((r) => r.ops.includes(op)), op).toBe(true);
    for (const o of OPTIONS.filter((x) => x !== "wide")) expect(new Set(SCREEN_ROWS.map((r) => r.bits[o])), o).toEqual(new Set([true, false]));
    // the title card is checked against the face in the screen layout in three shapes
    expect(SCREEN_ROWS.filter((r) => r.bits.hook).length).toBeGreaterThanOrEqual(3);
  });

  describe.each(SCREEN_ROWS.map((r) => [`${r.id} ${r.aspect} (${OPTIONS.filter((o) => r.bits[o]).join(", ")})`, r] as const))("%s", (_, row) => {
    it("is drawn in the screen layout, its file as its timeline says, unflagged", () => {
      const v = version(row.id);
      expect(v.timeline.layout, summary(v)).toBe("screen");
      checkFile(v);
      expect(v.quality!.flags.map((f) => f.name), summary(v)).toEqual([]);
    });
    it("exports to MLT, FCPXML, OTIO and EDL as its timeline says", () => checkExports(version(row.id)));
    it("is in its shape, any black the layout's padding around its panels", () => checkScreenShape(version(row.id)));
    it.runIf(isFirst(row))("has a cover whose whole title reads by OCR inside the frame", () => checkCover(version(row.id)));
    it.runIf(row.bits.hook)("its title card covers no face the detector finds while it is up", () => checkTitleFace(version(row.id)));
  });
});
