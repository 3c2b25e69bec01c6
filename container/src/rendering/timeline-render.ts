// The timeline is the recipe (issue 41): a clip version's render drawn from its clip timeline
// (@katto/protocol clip-timeline.ts), the one value its record, its export and its measures read.
// Pure: the timeline says the range, the kept pieces, the layout, the crop window's path, the
// picture inside the bars, where each panel of a multi-panel layout looks and the face camera of a
// cam layout, the zooms and when each B-roll cutaway plays; the render adds only what a timeline
// does not describe (TimelineRenderExtras): the file it reads, the caption look drawn (ASS, emoji
// images), the watermark, dubbed audio, the cutaways' local files, the quality and the output.
import { framedContent, timelineSpans, uncutCropPath, uncutPanels, type ClipTimeline } from "@katto/protocol";
import type { PlannedCutaway } from "../broll/plan.js";
import type { Cutaway } from "../ffmpeg/cutaway-filters.js";
import { renderableLayout } from "../ffmpeg/args.js";
import { StageError } from "../runtime/errors.js";
import type { ClipRender } from "./render.js";

/** The local file of each B-roll asset a timeline may name, by asset id. */
export type CutawayFiles = ReadonlyMap<string, Pick<Cutaway, "path" | "kind">>;

/** What a render needs that its timeline does not describe. */
export interface TimelineRenderExtras extends Pick<ClipRender, "source" | "probe" | "watermarkPath" | "assPath" | "overlays" | "audioTracks" | "output" | "quality"> {
  /** where the timeline's source.start lies in `source` (its own start; 0 in an HD task's mezzanine, which starts at the range) */
  rangeStart: number;
  /** the local file of every cutaway the timeline draws (cutawayFiles) */
  cutawayFiles: CutawayFiles;
}

/** The files of cutaways as drawn (broll/assets.ts: `drawn` and `cutaways` side by side), by asset id. */
export function cutawayFiles(drawn: readonly PlannedCutaway[], cutaways: readonly Cutaway[]): CutawayFiles {
  return new Map(drawn.map((d, k) => [d.asset.id, { path: cutaways[k]!.path, kind: cutaways[k]!.kind }]));
}

/**
 * The timeline's cutaways with their files. One whose asset could not be fetched fails the render
 * rather than drawing a file its record says otherwise of (an HD file of a stored version whose
 * library asset was deleted since: the clip keeps its preview).
 */
function timelineCutaways(tl: ClipTimeline, files: CutawayFiles): Cutaway[] {
  return tl.overlays.broll.map((b) => {
    const file = files.get(b.asset);
    if (!file) throw new StageError("rendering", `the clip shows B-roll asset ${b.asset}, which could not be fetched; restore the asset, or re-render the clip with other B-roll`);
    return { ...file, start: b.start, end: b.end };
  });
}

/**
 * The renderer's input (rendering/render.ts renderClip) drawn from a clip timeline. The crop path and
 * the panels' paths are handed over on the uncut range (uncutCropPath, uncutPanels), which the
 * renderer maps through the same kept pieces back onto the timeline's own keyframes.
 */
export function timelineRender(tl: ClipTimeline, x: TimelineRenderExtras): ClipRender {
  const cropPath = tl.crop ? uncutCropPath(tl) : [];
  const panels = uncutPanels(tl);
  return {
    source: x.source,
    probe: x.probe,
    start: x.rangeStart,
    end: x.rangeStart + (tl.source.end - tl.source.start),
    keep: timelineSpans(tl),
    layout: renderableLayout(tl.layout),
    aspect: tl.aspect,
    cropPath: cropPath.length ? cropPath : undefined,
    content: framedContent(tl),
    zooms: tl.zooms.map((z) => ({ start: z.start, end: z.end, scale: z.scale, x: z.x, y: z.y })),
    cutaways: timelineCutaways(tl, x.cutawayFiles),
    panels: panels ?? undefined,
    faceCam: tl.face_cam ?? undefined,
    watermarkPath: x.watermarkPath,
    assPath: x.assPath,
    overlays: x.overlays,
    audioTracks: x.audioTracks,
    output: x.output,
    quality: x.quality,
  };
}
