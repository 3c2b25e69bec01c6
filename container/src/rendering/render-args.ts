// The one ffmpeg command that renders a clip (renderArgs) and its full filtergraph: reframe, cuts,
// zooms, cutaways, watermark, captions, overlay images, loudness. Pure: tested without ffmpeg.
import { encodeArgs } from "../ffmpeg/encode-settings.js";
import { AUDIO_ON_SOURCE_CLOCK, ISO639_2, escapeFilterValue, type ImageOverlay } from "../ffmpeg/args.js";
import { cutawayChain } from "../ffmpeg/cutaway-filters.js";
import { fpsValue, outputFps, sec } from "../ffmpeg/filter-values.js";
import { loudnessFilter } from "../ffmpeg/loudness.js";
import { zoomFilter } from "../editing/zoom-plan.js";
import { cutAudioFilter } from "../ffmpeg/cut-audio.js";
import { selectFilter } from "./cut-filters.js";
import { contentFilter, watermarkFilter } from "./reframe-filter.js";
import { cutSpans, outputDuration, renderInputs, type RenderSpec } from "./render-spec.js";

/** Full filtergraph: reframe, frame rate, cuts, zooms, watermark, captions, pixel format; audio loudness (measured gain, limiter), cut the same way. */
export function renderFilterGraph(spec: RenderSpec): string {
  const captions = spec.assPath
    ? `,ass=filename=${escapeFilterValue(spec.assPath)}${spec.fontsDir ? `:fontsdir=${escapeFilterValue(spec.fontsDir)}` : ""}`
    : "";
  const inputs = renderInputs(spec);
  const fps = outputFps(spec.source.fps);
  const spans = cutSpans(spec);
  // cuts first, on the source's frames (what is cut is never framed); zooms on the framed picture,
  // under the watermark and the captions, which stay put
  const zoomed = `fps=${fps}${spec.zooms?.length ? `,${zoomFilter(spec.zooms, spec.width, spec.height, fps)}` : ""}`;
  const timed = spec.cutaways?.length ? "null" : zoomed;
  const marked = inputs.watermark !== null;
  const head = marked ? `[marked]${captions ? captions.slice(1) : "null"}` : `[framed]${timed}${captions}`;
  const video = overlayChain(head, spec.overlays ?? [], inputs.overlays);
  // Loudness by measured gain to -14 LUFS on the stereo the encoder gets, true peak held under -1 dBTP (./loudness.ts).
  const tracks = spec.audioTracks ?? [];
  const cut = (chain: string, label: string) => {
    if (!spans) return [`${chain}[${label}]`];
    return [`${chain}[${label}u]`, cutAudioFilter(`${label}u`, spans, label)];
  };
  const audio = inputs.tracks.length
    ? // dubbed tracks, voiced on the clip's own timeline (the cuts already made: work/dub.ts): each
      // normalised like the source audio, padded/trimmed to the cut clip's length, never cut again
      inputs.tracks.map((n, k) => `[${n}:a:0]${loudnessFilter(tracks[k]?.gainDb ?? 0)},apad,atrim=end=${sec(outputDuration(spec))}[a${k}]`)
    : spec.source.hasAudio
      ? // on the source's clock first (a timestamp gap in the range becomes silence, as for the
        // speech engines): an MP4 keeps a gap as a timestamp jump that players and decoders close
        // up, and every word after it played early, off its caption (issue 41, 0.95 s on a 1-s gap)
        cut(`[0:a:0]${AUDIO_ON_SOURCE_CLOCK},${loudnessFilter(spec.audioGainDb ?? 0)}`, "a")
      : [`[${inputs.silence}:a:0]aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo[a]`];
  const cutaways = spec.cutaways ?? [];
  const cutFraming = spans ? [`[0:v:0]${selectFilter(spans, spec.duration, fpsValue(fps))}[cut]`, ...contentFilter(spec).map((f) => f.replaceAll("[0:v:0]", "[cut]"))] : contentFilter(spec);
  // with cutaways, the speaker's picture is timed and zoomed as [talk] and the cutaways drawn over
  // it make [framed] (a cutaway is never zoomed); their times are on the cut clip's clock
  const framing = cutaways.length ? [...cutFraming.map((f) => f.replaceAll("[framed]", "[talk0]")), `[talk0]${zoomed}[talk]`, cutawayChain(cutaways, inputs.cutaways, spec)] : cutFraming;
  const mark = marked ? [`[framed]${timed}[timed]`, watermarkFilter(inputs.watermark!, spec.width, spec.height, "timed")] : [];
  return [...framing, ...mark, video, ...audio].join(";");
}

/**
 * The captioned frames -> [v]: each overlay image drawn over them between its times (overlay's
 * `enable`; the single decoded image is repeated), then 4:2:0 for the encoder. Every overlay here
 * (emoji, watermark, B-roll) blends in yuv420, the encoder's own format: `format=auto` converted
 * each frame of the clip for each overlay, a quarter more CPU for four emoji on a preview
 * (measured 5.73 s against 4.73 s for 10 s of 540x960; the same clip without them: 4.75 s).
 */
export function overlayChain(head: string, overlays: readonly ImageOverlay[], inputs: readonly number[]): string {
  if (!overlays.length) return `${head},format=yuv420p[v]`;
  const steps = overlays.map((o, k) => `[o${k}][${inputs[k]}:v:0]overlay=x=${Math.round(o.x)}:y=${Math.round(o.y)}:enable='between(t,${sec(o.start)},${sec(o.end)})':eof_action=repeat:format=yuv420[o${k + 1}]`);
  return [`${head}[o0]`, ...steps, `[o${overlays.length}]format=yuv420p[v]`].join(";");
}

/** One clip in one ffmpeg pass: seek, reframe, captions, encode. */
export function renderArgs(spec: RenderSpec): string[] {
  const gop = String(Math.max(1, Math.round(2 * Math.min(spec.source.fps || 30, 60))));
  const inputs = ["-ss", sec(spec.start), "-t", sec(spec.duration), "-i", spec.input];
  const order = renderInputs(spec);
  if (order.silence !== null) inputs.push("-f", "lavfi", "-t", sec(spec.duration), "-i", "anullsrc=r=48000:cl=stereo");
  // the watermark comes right after the source (and the silent track), then dubbed audio: see renderInputs
  if (spec.watermarkPath) inputs.push("-i", spec.watermarkPath);
  for (const t of spec.audioTracks ?? []) inputs.push("-i", t.path);
  // librsvg decoder options: the SVG is drawn at the overlay's size, not its own (36 px for Twemoji)
  for (const o of spec.overlays ?? []) inputs.push("-width", String(Math.round(o.size)), "-height", String(Math.round(o.size)), "-i", o.path);
  // a still loops for the cutaway's length; a video plays from its start (looped if shorter)
  for (const c of spec.cutaways ?? []) inputs.push(...(c.kind === "image" ? ["-loop", "1"] : ["-stream_loop", "-1"]), "-t", sec(c.end - c.start), "-i", c.path);
  const tracks = spec.audioTracks ?? [];
  const audioMaps = tracks.length
    ? tracks.flatMap((t, k) => [
        "-map", `[a${k}]`,
        `-metadata:s:a:${k}`, `language=${ISO639_2[t.lang] ?? "und"}`,
        `-disposition:a:${k}`, k === 0 ? "default" : "0",
      ])
    : ["-map", "[a]"];
  return [
    ...inputs,
    "-filter_complex", renderFilterGraph(spec),
    "-map", "[v]", ...audioMaps,
    "-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p", ...encodeArgs(spec.quality, spec.hdPreset), "-g", gop,
    "-c:a", "aac", "-b:a", spec.quality === "hd" ? "160k" : "96k", "-ar", "48000", "-ac", "2",
    "-t", sec(outputDuration(spec)),
    "-map_metadata", "-1", "-movflags", "+faststart", "-max_muxing_queue_size", "1024",
    "-f", "mp4", spec.output,
  ];
}
