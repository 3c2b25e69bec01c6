// A clip as an OpenTimelineIO timeline (issue 22), the JSON serialisation OTIO documents
// (opentimelineio.readthedocs.io "File Format Specification" and the schema reference): a
// `Timeline.1` whose `tracks` is a `Stack.1` holding one video `Track.1` of `Clip.2`s, one per kept
// piece of the clip's range, each with an `ExternalReference.1` to the source and its
// `source_range` (a `TimeRange.1` of `RationalTime.1`s, in frames at the clip's rate). OTIO has no
// crop or text items: the crop path (and zooms, the frame and the source's size) go into the
// clip's `metadata.katto`, and captions are `Marker.2`s on the piece they fall in.
import { clipDuration, num, sourcePlacement, toFrames, type ClipTimeline } from "./timeline.js";

const rate = (tl: ClipTimeline) => tl.fps.num / tl.fps.den;
const rt = (tl: ClipTimeline, seconds: number) => ({ OTIO_SCHEMA: "RationalTime.1", rate: rate(tl), value: toFrames(seconds, tl.fps) });
const range = (tl: ClipTimeline, start: number, duration: number) => ({ OTIO_SCHEMA: "TimeRange.1", start_time: rt(tl, start), duration: rt(tl, duration) });

/** The clip as an OTIO JSON document (pretty-printed). */
export function writeOtio(tl: ClipTimeline): string {
  let at = 0;
  const clips = tl.pieces.map((p, i) => {
    const len = p.end - p.start;
    const from = at;
    at += len;
    const markers = tl.captions
      .filter((c) => c.start >= from - 1e-6 && (c.start < from + len - 1e-6 || i === tl.pieces.length - 1))
      .map((c) => ({
        OTIO_SCHEMA: "Marker.2",
        name: c.text,
        // a marker's range is in the clip's source_range space (source seconds)
        marked_range: range(tl, p.start + (c.start - from), c.end - c.start),
        color: "YELLOW",
        comment: c.text,
        metadata: { katto: { kind: "caption" } },
      }));
    const cropPath = tl.framing.kind === "crop" ? tl.framing.path.filter((k) => k.t >= p.start - tl.start - 1e-6 && k.t <= p.end - tl.start + 1e-6) : [];
    return {
      OTIO_SCHEMA: "Clip.2",
      name: `${tl.name} (${i + 1})`,
      source_range: range(tl, p.start, len),
      effects: [],
      markers,
      enabled: true,
      media_references: {
        DEFAULT_MEDIA: {
          OTIO_SCHEMA: "ExternalReference.1",
          name: tl.sourceName,
          target_url: tl.sourceRef,
          available_range: null,
          available_image_bounds: null,
          metadata: { katto: { width: tl.sourceSize.width, height: tl.sourceSize.height } },
        },
      },
      active_media_reference_key: "DEFAULT_MEDIA",
      metadata: {
        katto: {
          frame: tl.frame,
          framing: tl.framing.kind,
          content_rect: tl.framing.content,
          ...(tl.framing.kind === "crop" ? { crop_window: tl.framing.window, crop_path: cropPath } : { note: tl.framing.note }),
          zooms: tl.zooms.filter((z) => z.start < from + len && z.end > from),
          // where the whole source frame sits in the output frame at the piece's start (output pixels)
          placement_at_start: mapRect(sourcePlacement(tl, p.start - tl.start)),
          about: "crop_path: the 9:16 window's left edge over time (t seconds from the clip start, x in content_rect pixels); the window is crop_window.w x crop_window.h at crop_window.y, scaled to fill frame",
        },
      },
    };
  });
  const timeline = {
    OTIO_SCHEMA: "Timeline.1",
    name: tl.name,
    global_start_time: rt(tl, 0),
    metadata: { katto: { source_range: { start: tl.start, end: tl.end }, duration: Number(clipDuration(tl).toFixed(3)), title_card: tl.titleCard, broll: tl.broll } },
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
