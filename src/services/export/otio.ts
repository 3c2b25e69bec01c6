// A clip as an OpenTimelineIO timeline (issue 22), the JSON serialisation OTIO documents
// (opentimelineio.readthedocs.io "File Format Specification" and the schema reference): a
// `Timeline.1` whose `tracks` is a `Stack.1` holding one video `Track.1` of `Clip.2`s, one per kept
// piece of the clip's range, each with an `ExternalReference.1` to the source and its
// `source_range` (a `TimeRange.1` of `RationalTime.1`s, in frames at the clip's rate). OTIO has no
// crop or text items: the crop path (and zooms, the frame and the source's size) go into the
// clip's `metadata.katto`, and captions are `Marker.2`s on the piece they fall in. The timeline's
// metadata carries the whole clip timeline (@katto/protocol ClipTimeline) as Katto stores it.
import { sourcePlacement, type Rational } from "@katto/protocol";
import { num, projectFps, toFrames, type ExportProject } from "./timeline.js";

const rt = (fps: Rational, seconds: number) => ({ OTIO_SCHEMA: "RationalTime.1", rate: fps.num / fps.den, value: toFrames(seconds, fps) });
const range = (fps: Rational, start: number, duration: number) => ({ OTIO_SCHEMA: "TimeRange.1", start_time: rt(fps, start), duration: rt(fps, duration) });

/** The clip as an OTIO JSON document (pretty-printed). */
export function writeOtio(project: ExportProject): string {
  const tl = project.timeline;
  const fps = projectFps(project);
  const clips = tl.pieces.map((piece, i) => {
    const p = { start: piece.source_start, end: piece.source_end };
    const len = piece.clip_end - piece.clip_start;
    const from = piece.clip_start;
    const markers = tl.captions
      .filter((c) => c.start >= from - 1e-6 && (c.start < from + len - 1e-6 || i === tl.pieces.length - 1))
      .map((c) => ({
        OTIO_SCHEMA: "Marker.2",
        name: c.text,
        // a marker's range is in the clip's source_range space (source seconds)
        marked_range: range(fps, p.start + (c.start - from), c.end - c.start),
        color: "YELLOW",
        comment: c.text,
        metadata: { katto: { kind: "caption" } },
      }));
    // the crop path's keys within the piece, clip seconds
    const cropPath = tl.crop ? tl.crop.path.filter((k) => k.t >= from - 1e-6 && k.t <= from + len + 1e-6) : [];
    return {
      OTIO_SCHEMA: "Clip.2",
      name: `${project.name} (${i + 1})`,
      source_range: range(fps, p.start, len),
      effects: [],
      markers,
      enabled: true,
      media_references: {
        DEFAULT_MEDIA: {
          OTIO_SCHEMA: "ExternalReference.1",
          name: project.sourceName,
          target_url: project.sourceRef,
          available_range: null,
          available_image_bounds: null,
          metadata: { katto: { width: project.sourceSize.width, height: project.sourceSize.height } },
        },
      },
      active_media_reference_key: "DEFAULT_MEDIA",
      metadata: {
        katto: {
          frame: tl.frame,
          framing: tl.crop ? "crop" : "fit",
          content_rect: tl.source.content,
          ...(tl.crop ? { crop_window: tl.crop.window, crop_path: cropPath } : { note: project.note }),
          zooms: tl.zooms.filter((z) => z.start < from + len && z.end > from),
          // where the whole source frame sits in the output frame at the piece's start (output pixels)
          placement_at_start: mapRect(sourcePlacement(tl, from)),
          about: "crop_path: the 9:16 window's left edge over time (t seconds on the clip's own timeline, x in content_rect pixels); the window is crop_window.w x crop_window.h at crop_window.y, scaled to fill frame; zooms (clip seconds) punch in on x, y (fractions of the frame) with eased edges",
        },
      },
    };
  });
  const timeline = {
    OTIO_SCHEMA: "Timeline.1",
    name: project.name,
    global_start_time: rt(fps, 0),
    metadata: { katto: { source_range: { start: tl.source.start, end: tl.source.end }, duration: tl.duration, title_card: tl.overlays.title_card, broll: tl.overlays.broll, clip_timeline: tl } },
    tracks: {
      OTIO_SCHEMA: "Stack.1",
      name: "tracks",
      source_range: null,
      effects: [],
      markers: [],
      enabled: true,
      metadata: {},
      children: [
        { OTIO_SCHEMA: "Track.1", name: "V1", kind: "Video", source_range: null, effects: [], markers: [], enabled: true, metadata: {}, children: clips },
        { OTIO_SCHEMA: "Track.1", name: "A1", kind: "Audio", source_range: null, effects: [], markers: [], enabled: true, metadata: {}, children: clips.map((c) => ({ ...c, markers: [], metadata: {} })) },
      ],
    },
  };
  return JSON.stringify(timeline, null, 2) + "\n";
}

const mapRect = (r: { x: number; y: number; w: number; h: number }) => ({ x: Number(num(r.x)), y: Number(num(r.y)), w: Number(num(r.w)), h: Number(num(r.h)) });
