// The camera-like 1080p source the benches use (e2e, and the preview rows of the render bench):
// real talking-head and handheld footage from ../shared/media scaled to 1920x1080 30 fps and
// encoded like a camera file, under real recorded speech, looped to length. Generated once into
// .katto/bench-media/.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync } from "node:fs";
import path from "node:path";
// @ts-expect-error plain ESM script
import { root } from "../scripts/lib/bootstrap.mjs";

const mediaDir = process.env.KATTO_MEDIA_DIR ?? path.resolve(root, "../shared/media");
const cacheDir = path.join(root, ".katto/bench-media");

const footage = [
  "video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4",
  ...["bbaf2n", "brbk7n", "lbax4n", "lbbc2a", "lrwp9a", "lwbsza", "pwij3p", "sbia1a", "sbwe5n", "swiz3n"].map((n) => `video_talking/grid/${n}.mpg`),
  "video_talking/other/openmpf_video_02_hikers.mp4",
  "video_talking/other/openmpf_video_01.mp4",
  "video_talking/other/openmpf_new_face_video-90.mp4",
];
const speech = [
  "speech/en/physicsworks_lecture/physicsworks_audio.webm",
  "speech/en/night_of_the_living_dead_1968/119s_theres_supposed_to_be_another_broadcast.wav",
  "speech/en/night_of_the_living_dead_1968/89s_ill_come_back_down_as_soon_as.wav",
  "speech/en/night_of_the_living_dead_1968/60s_i_dont_want_anyones_life_on_my_hands.wav",
  "speech/en/ami_meeting_mixture/mixture.wav",
  "speech/en/mfa_spontaneous/michaelandsickmichael.wav",
  "speech/en/librivox_shakespeare_sonnets/sonnet_001.mp3",
  "speech/en/librivox_shakespeare_sonnets/sonnet_002.mp3",
  "speech/en/librivox_shakespeare_sonnets/sonnet_003.mp3",
];

function media(list: string[]): string[] {
  const found = list.map((p) => path.join(mediaDir, p)).filter((p) => existsSync(p));
  if (!found.length) throw new Error(`no media found under ${mediaDir} (set KATTO_MEDIA_DIR)`);
  return found;
}

/** Run ffmpeg into `file` once: written beside it and renamed, so an interrupted run leaves no half file. */
function cached(file: string, args: string[]): string {
  if (existsSync(file)) return file;
  mkdirSync(cacheDir, { recursive: true });
  const part = `${file}.part${path.extname(file)}`;
  const t0 = Date.now();
  execFileSync("ffmpeg", ["-v", "error", "-y", ...args, part]);
  renameSync(part, file);
  console.log(`generated ${path.relative(root, file)} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return file;
}

/** One pass over the footage at 1920x1080 30 fps, encoded like a camera file (H.264 high, 2 s GOP). */
function pictureLoop(): string {
  const clips = media(footage);
  const scale = clips.map((_, i) => `[${i}:v]scale=1920:1080:force_original_aspect_ratio=increase,crop=1920:1080,fps=30,setsar=1,format=yuv420p[v${i}]`).join(";");
  const concat = `${scale};${clips.map((_, i) => `[v${i}]`).join("")}concat=n=${clips.length}:v=1:a=0[vout]`;
  return cached(path.join(cacheDir, "picture-1080p30-v1.mp4"), [
    ...clips.flatMap((p) => ["-i", p]), "-filter_complex", concat, "-map", "[vout]",
    "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-g", "60", "-profile:v", "high",
  ]);
}

/** The speech recordings one after another (about 12 minutes), 48 kHz stereo AAC. */
function speechLoop(): string {
  const clips = media(speech);
  const concat = clips.map((_, i) => `[${i}:a]aresample=48000,aformat=channel_layouts=stereo[a${i}]`).join(";") + ";" + clips.map((_, i) => `[a${i}]`).join("") + `concat=n=${clips.length}:v=0:a=1[aout]`;
  return cached(path.join(cacheDir, "speech-48k-v1.m4a"), [...clips.flatMap((p) => ["-i", p]), "-filter_complex", concat, "-map", "[aout]", "-c:a", "aac", "-b:a", "128k"]);
}

/** Both loops repeated to `minutes`, stream-copied (no re-encode), so a 60-minute source costs seconds. */
export function cameraLikeSource(minutes: number): string {
  const picture = pictureLoop();
  const sound = speechLoop();
  return cached(path.join(cacheDir, `source-1080p-${minutes}min-v1.mp4`), [
    "-stream_loop", "-1", "-i", picture, "-stream_loop", "-1", "-i", sound,
    "-map", "0:v", "-map", "1:a", "-t", String(minutes * 60), "-c", "copy", "-movflags", "+faststart",
  ]);
}

