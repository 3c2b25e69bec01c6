// Hand off to an editor (issue 22): the FCPXML, OTIO and EDL exports read back.
//  - FCPXML: valid against the content models Apple documents for the elements it uses
//    (./fcpxml-1.10-subset.dtd, checked by xmllint), rational times on the sequence's frame grid,
//    and the keyframed transform putting the crop window where the crop path says;
//  - OTIO: every object checked against the fields OTIO's schema reference documents for its
//    OTIO_SCHEMA, and the clips' source ranges and crop path equal to the clip's;
//  - EDL: its events equal the clip's cuts (one event per kept piece, source and record timecodes).
// The clip has two cuts, so each format holds three pieces.
import { execFileSync, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { timelineFromClip } from "../../../src/services/export/from-clip.js";
import { writeEdl } from "../../../src/services/export/edl.js";
import { fcpTransform, writeFcpxml } from "../../../src/services/export/fcpxml.js";
import { writeMlt } from "../../../src/services/export/mlt.js";
import { writeOtio } from "../../../src/services/export/otio.js";
import { parseSrt, projectFps, toFrames, type ExportProject } from "../../../src/services/export/timeline.js";
import { cropXAt, sourcePlacement, sourceTimeAt } from "@katto/protocol";
import { tmpDir } from "../helpers/media.js";

const dir = tmpDir("katto-export-formats-");
const DTD = join(import.meta.dirname, "fcpxml-1.10-subset.dtd");
const SRT = "1\n00:00:00,200 --> 00:00:01,400\nabout the very\n\n2\n00:00:04,000 --> 00:00:05,000\nreal & true challenges\n";
const PATH = [{ t: 0.5, x: 80 }, { t: 6, x: 700 }];

function clip(extra: Record<string, unknown> = {}): ExportProject {
  const built = timelineFromClip({
    jobId: "0b6f7c1e-2a4d-4f8e-9c3b-5d1a2e3f4a5b",
    clipIndex: 2,
    title: "Very real challenges",
    start: 12,
    end: 20,
    metadata: {
      version: 1,
      layout: "face_tracking",
      crop_window: { w: 404, h: 720, y: 0 },
      crop_path: PATH,
      content_rect: null,
      fps: "30000/1001",
      words: [],
      source_size: { width: 1280, height: 720 },
      edits: { emphasis: [], emoji: [], zooms: [{ start: 6.5, end: 7, scale: 1.2 }], cuts: [{ source_start: 14, source_end: 14.5, reason: "silence" }, { source_start: 17, source_end: 17.6, reason: "filler" }], broll: [], title_card: { text: "Very real challenges", start: 0, end: 2.5 } },
      ...extra,
    },
    srt: SRT,
    sourceRef: "talk.mp4",
    sourceName: "talk.mp4",
  });
  if (!built.ok) throw new Error(built.error);
  return built.project;
}

const xpath = (file: string, expr: string) => execFileSync("xmllint", ["--xpath", expr, file], { encoding: "utf8" });
const attrs = (file: string, expr: string) => [...xpath(file, expr).matchAll(/="([^"]*)"/g)].map((m) => m[1]!);
/** "1001/30000s" | "4s" -> seconds */
const seconds = (t: string) => {
  const m = /^(\d+)(?:\/(\d+))?s$/.exec(t);
  if (!m) throw new Error(`not a rational time: ${t}`);
  return Number(m[1]) / (m[2] ? Number(m[2]) : 1);
};

describe("the clip timeline", () => {
  it("keeps the range minus the cuts, in order, and the SRT's cues", () => {
    const tl = clip({ edits: { emphasis: [], emoji: [], zooms: [], cuts: [{ source_start: 17, source_end: 17.6, reason: "filler" }, { source_start: 14, source_end: 14.5, reason: "silence" }, { source_start: 30, source_end: 31, reason: "silence" }], broll: [], title_card: null } }).timeline;
    expect(tl.pieces).toEqual([
      { source_start: 12, source_end: 14, clip_start: 0, clip_end: 2 },
      { source_start: 14.5, source_end: 17, clip_start: 2, clip_end: 4.5 },
      { source_start: 17.6, source_end: 20, clip_start: 4.5, clip_end: 6.9 },
    ]);
    expect(parseSrt(SRT)).toEqual([{ start: 0.2, end: 1.4, text: "about the very" }, { start: 4, end: 5, text: "real & true challenges" }]);
  });

  it("places the source so the crop window fills the frame; a stored zoom without its point zooms on the centre, eased", () => {
    const tl = clip().timeline;
    const sx = 1080 / 404;
    const sy = 1920 / 720;
    const at = sourcePlacement(tl, 0.5);
    expect(at.x).toBeCloseTo(-80 * sx, 6);
    expect(at.y).toBeCloseTo(0, 9);
    expect(at.h).toBeCloseTo(1920, 9);
    expect(at.w).toBeCloseTo(1280 * sx, 6);
    // the zoom [6.5, 7] is full at its middle (its eases are 0.25 s each); clip 6.75 is source 19.85, past the path's end (x 700)
    const zoomed = sourcePlacement(tl, 6.75);
    expect(zoomed.w).toBeCloseTo(1280 * sx * 1.2, 6);
    expect(zoomed.x).toBeCloseTo(540 + (-700 * sx - 540) * 1.2, 6);
    // half way through the ease in: smoothstep(0.5) = 0.5 of the punch-in
    expect(sourcePlacement(tl, 6.625).w).toBeCloseTo(1280 * sx * 1.1, 6);
  });

  it("refuses, saying why, a clip stored without the source's size", () => {
    const r = timelineFromClip({ jobId: "x", clipIndex: 0, title: null, start: 0, end: 5, metadata: { layout: "wide" }, srt: null, sourceRef: "a.mp4", sourceName: "a.mp4" });
    expect(r).toEqual({ ok: false, error: expect.stringContaining("before Katto recorded the source's frame size") });
  });

  it("a screen-layout clip exports the whole source on one track, with a note saying so", () => {
    const r = timelineFromClip({ jobId: "x", clipIndex: 0, title: null, start: 0, end: 5, metadata: { layout: "screen", face_cam: { x: 12, y: 12, w: 170, h: 196 }, source_size: { width: 640, height: 360 } }, srt: null, sourceRef: "a.mp4", sourceName: "a.mp4" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.project.timeline.crop).toBeNull();
    expect(r.project.note).toMatch(/screen layout shows several crops of the source at once; the project shows the whole source frame/);
  });
});

describe("FCPXML export", () => {
  const tl = clip();
  const file = join(dir, "clip.fcpxml");
  writeFileSync(file, writeFcpxml(tl));

  it("is valid against Apple's documented structure (xmllint with the FCPXML 1.10 subset DTD)", () => {
    const r = spawnSync("xmllint", ["--noout", "--dtdvalid", DTD, file], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("the DTD check can fail: an asset-clip without duration, or a title before the transform, is refused", () => {
    const bad = join(dir, "bad.fcpxml");
    writeFileSync(bad, writeFcpxml(tl).replace(/ duration="[^"]*" format="r2" tcFormat/, ' format="r2" tcFormat'));
    expect(spawnSync("xmllint", ["--noout", "--dtdvalid", DTD, bad]).status).not.toBe(0);
  });

  it("puts the pieces end to end on the spine, on the frame grid, with the sequence as long as they are", () => {
    const offsets = attrs(file, "//spine/asset-clip/@offset").map(seconds);
    const starts = attrs(file, "//spine/asset-clip/@start").map(seconds);
    const durations = attrs(file, "//spine/asset-clip/@duration").map(seconds);
    const fps = 30000 / 1001;
    expect(starts.map((s) => Math.round(s * fps))).toEqual(tl.timeline.pieces.map((p) => toFrames(p.source_start, projectFps(tl))));
    expect(durations.map((d) => Math.round(d * fps))).toEqual(tl.timeline.pieces.map((p) => toFrames(p.source_end - p.source_start, projectFps(tl))));
    for (const t of [...offsets, ...starts, ...durations]) expect(Math.abs(t * fps - Math.round(t * fps))).toBeLessThan(1e-9);
    expect(offsets[0]).toBe(0);
    for (let i = 1; i < offsets.length; i++) expect(offsets[i]).toBeCloseTo(offsets[i - 1]! + durations[i - 1]!, 9);
    expect(seconds(attrs(file, "//sequence/@duration")[0]!)).toBeCloseTo(durations.reduce((a, b) => a + b, 0), 9);
    expect(attrs(file, "//sequence/@format")).toEqual(["r1"]);
    expect(attrs(file, "//format[@id='r1']/@width | //format[@id='r1']/@height")).toEqual(["1080", "1920"]);
  });

  it("keys the transform so the crop window sits where the path says at every keyframe", () => {
    const times = attrs(file, "//asset-clip[1]/adjust-transform/param[@name='position']/keyframeAnimation/keyframe/@time").map(seconds);
    const values = attrs(file, "//asset-clip[1]/adjust-transform/param[@name='position']/keyframeAnimation/keyframe/@value").map((v) => v.split(" ").map(Number));
    const scales = attrs(file, "//asset-clip[1]/adjust-transform/param[@name='scale']/keyframeAnimation/keyframe/@value").map((v) => Number(v.split(" ")[0]));
    expect(times.length).toBeGreaterThanOrEqual(2);
    times.forEach((t, i) => {
      // back from the transform (percent of frame height, y up, from the centre) to the window's left edge
      const s = scales[i]!;
      const centreX = 540 + (values[i]![0]! / 100) * 1920;
      const leftOfSource = centreX - (1280 * s) / 2;
      const windowLeft = -leftOfSource / s;
      // the first piece starts the clip: its asset time t is clip time t - 12, and uncut time too
      // within half a pixel: at a cut the render's path reaches the next join's value 2 ms early (mapPath)
      expect(windowLeft).toBeCloseTo(cropXAt(PATH, t - tl.timeline.source.start), 0);
      expect(fcpTransform(tl, t - tl.timeline.source.start).scale).toBeCloseTo(s, 4);
    });
  });

  it("has the captions and the hook title as titles, their text escaped", () => {
    expect(xpath(file, "//title/text/text-style/text()")).toContain("real &amp; true challenges");
    expect(attrs(file, "//title/@ref").every((r) => r === "r4")).toBe(true);
    expect(attrs(file, "//effect/@name")).toEqual(["Basic Title"]);
    expect(attrs(file, "//title/@lane").sort()).toEqual(["1", "1", "2"]);
  });
});

/** The fields OTIO's schema reference documents for each serialised type (opentimelineio.readthedocs.io "Serialized Data Documentation"). */
const OTIO_FIELDS: Record<string, string[]> = {
  "Timeline.1": ["name", "metadata", "global_start_time", "tracks"],
  "Stack.1": ["name", "metadata", "source_range", "effects", "markers", "enabled", "children"],
  "Track.1": ["name", "metadata", "source_range", "effects", "markers", "enabled", "children", "kind"],
  "Clip.2": ["name", "metadata", "source_range", "effects", "markers", "enabled", "media_references", "active_media_reference_key"],
  "Gap.1": ["name", "metadata", "source_range", "effects", "markers", "enabled"],
  "ExternalReference.1": ["name", "metadata", "available_range", "available_image_bounds", "target_url"],
  "Marker.2": ["name", "metadata", "marked_range", "color", "comment"],
  "TimeRange.1": ["start_time", "duration"],
  "RationalTime.1": ["rate", "value"],
};

/** Every way `v` departs from the documented schema, as paths and reasons. */
function otioIssues(v: unknown, at = "$"): string[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => otioIssues(x, `${at}[${i}]`));
  if (typeof v !== "object" || v === null) return [];
  const o = v as Record<string, unknown>;
  const issues: string[] = [];
  const schema = o.OTIO_SCHEMA;
  if (typeof schema === "string") {
    const fields = OTIO_FIELDS[schema];
    if (!fields) issues.push(`${at}: unknown OTIO_SCHEMA ${schema}`);
    for (const f of fields ?? []) if (!(f in o)) issues.push(`${at}: ${schema} lacks ${f}`);
    if (schema === "RationalTime.1" && !(typeof o.rate === "number" && o.rate > 0 && typeof o.value === "number")) issues.push(`${at}: RationalTime needs a positive rate and a numeric value`);
    if (schema === "Track.1" && !["Video", "Audio"].includes(o.kind as string)) issues.push(`${at}: Track kind must be Video or Audio`);
    if (schema === "Clip.2" && !((o.media_references as Record<string, unknown>)?.[o.active_media_reference_key as string])) issues.push(`${at}: active_media_reference_key names no media reference`);
    if (["Stack.1", "Track.1"].includes(schema) && !Array.isArray(o.children)) issues.push(`${at}: children must be a list`);
    if (schema === "Track.1") for (const c of o.children as { OTIO_SCHEMA?: string }[]) if (!["Clip.2", "Gap.1", "Transition.1", "Stack.1"].includes(c.OTIO_SCHEMA ?? "")) issues.push(`${at}: a track holds ${c.OTIO_SCHEMA}`);
  } else if (at !== "$" && ("start_time" in o || "rate" in o)) issues.push(`${at}: a time without OTIO_SCHEMA`);
  for (const [k, x] of Object.entries(o)) if (k !== "metadata") issues.push(...otioIssues(x, `${at}.${k}`));
  return issues;
}

describe("OTIO export", () => {
  const tl = clip();
  const otio = JSON.parse(writeOtio(tl));

  it("matches the documented schema of every object it holds", () => {
    expect(otio.OTIO_SCHEMA).toBe("Timeline.1");
    expect(otio.tracks.OTIO_SCHEMA).toBe("Stack.1");
    expect(otioIssues(otio)).toEqual([]);
  });

  it("the schema check can fail: a clip without its media reference key, a time without a rate", () => {
    const broken = structuredClone(otio);
    delete broken.tracks.children[0].children[0].active_media_reference_key;
    broken.tracks.children[0].children[1].source_range.duration.rate = 0;
    expect(otioIssues(broken)).toHaveLength(3);
  });

  it("holds the pieces as clips of the source, and the crop path in the clips' metadata", () => {
    const [video, audio] = otio.tracks.children;
    expect([video.kind, audio.kind]).toEqual(["Video", "Audio"]);
    const ranges = video.children.map((c: { source_range: { start_time: { value: number }; duration: { value: number } } }) => [c.source_range.start_time.value, c.source_range.duration.value]);
    expect(ranges).toEqual(tl.timeline.pieces.map((p) => [toFrames(p.source_start, projectFps(tl)), toFrames(p.source_end - p.source_start, projectFps(tl))]));
    expect(video.children[0].media_references.DEFAULT_MEDIA.target_url).toBe("talk.mp4");
    expect(video.children[0].metadata.katto.crop_window).toEqual({ w: 404, h: 720, y: 0 });
    // each piece's crop keys (clip seconds) sit on the stored path at the source time they show
    for (const c of video.children) {
      const keys = c.metadata.katto.crop_path as { t: number; x: number }[];
      expect(keys.length).toBeGreaterThanOrEqual(2);
      for (const k of keys) expect(k.x).toBeCloseTo(cropXAt(PATH, sourceTimeAt(tl.timeline, k.t) - 12), 0);
    }
    expect(otio.metadata.katto.clip_timeline.pieces).toEqual(tl.timeline.pieces);
    expect(video.children.flatMap((c: { markers: { name: string }[] }) => c.markers.map((m) => m.name))).toEqual(["about the very", "real & true challenges"]);
  });
});

describe("EDL export", () => {
  const tl = clip();
  const edl = writeEdl(tl);
  const tc = (s: string) => {
    const [h, m, sec, f] = s.split(":").map(Number);
    return ((h! * 60 + m!) * 60 + sec!) * 30 + f!;
  };

  it("has a title, non-drop-frame timecode, and one event per kept piece equal to the cuts", () => {
    const lines = edl.split("\r\n");
    expect(lines[0]).toBe("TITLE: Very real challenges (Katto 0b6f7c1e #2)");
    expect(lines[1]).toBe("FCM: NON-DROP FRAME");
    const events = lines.flatMap((l) => {
      const m = /^(\d{3})  (\S+)\s+(\S+)\s+C\s+(\S+) (\S+) (\S+) (\S+)$/.exec(l);
      return m ? [{ n: m[1], reel: m[2], ch: m[3], srcIn: tc(m[4]!), srcOut: tc(m[5]!), recIn: tc(m[6]!), recOut: tc(m[7]!) }] : [];
    });
    expect(events.map((e) => e.n)).toEqual(["001", "002", "003"]);
    expect(events.map((e) => [e.srcIn, e.srcOut])).toEqual(tl.timeline.pieces.map((p) => [toFrames(p.source_start, projectFps(tl)), toFrames(p.source_end, projectFps(tl))]));
    // record side: contiguous from zero, each event as long as its source side
    expect(events[0]!.recIn).toBe(0);
    events.forEach((e, i) => {
      expect(e.recOut - e.recIn).toBe(e.srcOut - e.srcIn);
      if (i) expect(e.recIn).toBe(events[i - 1]!.recOut);
    });
    expect(edl.match(/\* FROM CLIP NAME: talk\.mp4/g)).toHaveLength(3);
  });
});

describe("MLT export structure", () => {
  it("one producer per kept piece with its own crop keyframes, captions and the title as text clips, B-roll on its own track", () => {
    const tl = clip({ edits: { emphasis: [], emoji: [], zooms: [], cuts: [{ source_start: 14, source_end: 14.5, reason: "silence" }], broll: [{ asset: "city.mp4", start: 1, end: 2.5 }], title_card: null } });
    const mlt = writeMlt(tl);
    const file = join(dir, "clip.mlt");
    writeFileSync(file, mlt);
    expect(spawnSync("xmllint", ["--noout", file]).status).toBe(0);
    // the producers are the whole file; the entries cut the pieces out of it, the crop filters span them
    expect(spawnSync("xmllint", ["--xpath", "//producer[starts-with(@id,'source')]/@in", file], { encoding: "utf8" }).stdout.trim()).toBe("");
    expect(attrs(file, "//playlist[@id='playlist0']/entry/@in")).toEqual(tl.timeline.pieces.map((p) => String(toFrames(p.source_start, projectFps(tl)))));
    expect(attrs(file, "//producer[starts-with(@id,'source')]/filter/@in")).toEqual(tl.timeline.pieces.map((p) => String(toFrames(p.source_start, projectFps(tl)))));
    expect(attrs(file, "//profile/@width | //profile/@height")).toEqual(["1080", "1920"]);
    expect(xpath(file, "//producer[@id='source1']/filter/property[@name='transition.rect']/text()")).toMatch(/^0=-[\d.]+ 0 3421\.782 1920 1;/);
    expect(xpath(file, "//filter[property[@name='mlt_service']='dynamictext']/property[@name='argument']/text()")).toContain("real &amp; true challenges");
    expect(attrs(file, "//producer[@id='broll0']/property[@name='resource']/text()/..")).toBeDefined();
    expect(xpath(file, "//playlist[@id='broll']/entry/@producer")).toContain("broll0");
  });
});
