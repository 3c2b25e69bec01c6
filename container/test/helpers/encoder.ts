// The encoder of the tests whose point is what a render shows, not how small its file is: HD at
// x264's ultrafast (an operator's KATTO_HD_PRESET), about half the encode CPU of the default, still
// High profile. The default preset is what test/render/render.test.ts encodes with.
import type { Encoder } from "../../src/rendering/render.js";
import { createLimiter } from "../../src/runtime/pool.js";

export const fastHdEncoder: Encoder = { slots: createLimiter(2), hdPreset: "ultrafast" };
