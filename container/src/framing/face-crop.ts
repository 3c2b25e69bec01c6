// Pure: faces per sample -> identities -> the subject to follow -> a virtual camera path for the
// 9:16 crop window. No I/O; the numbers come from stages/faces.ts.
import type { CropKeyframe } from "./crop-path.js";
import { associateFaces, type Association } from "./face-identities.js";
import type { FaceSample } from "./face-samples.js";
import { subjectSeries, type Subject, type SubjectOptions } from "./subject-choice.js";
import { cameraKeyframes, simulateCamera, type CameraOptions, type CameraStep } from "./virtual-camera.js";

export interface FaceCropPlan {
  path: CropKeyframe[] | null;
  subjects: (Subject | null)[];
  association: Association;
  steps: CameraStep[] | null;
}

/**
 * Identities, subject choice and camera in one call: samples (source times, source pixels) and the crop window ->
 * a crop path relative to clipStart, or null when no face was found.
 */
export function planFaceCrop(
  samples: readonly FaceSample[],
  window: { w: number; maxX: number },
  opts: Omit<CameraOptions, "window"> & SubjectOptions,
): FaceCropPlan {
  const association = associateFaces(samples, opts);
  const subjects = subjectSeries(samples, association, opts);
  const times = samples.map((s) => s.t);
  const steps = simulateCamera(times, subjects, { ...opts, window });
  const path = steps ? cameraKeyframes(steps, { clipStart: opts.clipStart, maxX: window.maxX, sceneCuts: opts.sceneCuts }) : null;
  return { path, subjects, association, steps };
}
