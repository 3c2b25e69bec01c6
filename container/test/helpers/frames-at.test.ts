// framesAt (one ffmpeg decode for several times) must pick exactly the frames grayFrame/rgbFrame pick
// (one `-ss t` ffmpeg per frame): tests switched to it compare the same pictures as before.
import { describe, expect, it } from "vitest";
import { grayFrame, grayFrames, media, rgbFrame, rgbFrames } from "./media.js";

// a 29.97 fps talking head (1280x720) and a phone video stored sideways (autorotated when decoded)
const OBAMA = media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4");
const ROTATED = media("video_talking/other/openmpf_new_face_video-90.mp4");

describe("framesAt", () => {
  it("gives, pixel for pixel, the frames per-frame -ss extraction gives (gray), in the order asked, repeats included", () => {
    // 0 and 1.001 sit on frame times; 0.8 and 2.2 between them; 1.0 and 1.001 pick the same frame; 99 is past the end;
    // frame times computed in floating point (a hair above or below the frame's exact time), as tests compute them
    const times = [2.2, 0, 0.8, 1.0, 1.001, 4.8, 2.2, 99, (31 * 1001) / 30000, (47 * 1001) / 30000, 1.5 + 1.001 / 30];
    const batch = grayFrames(OBAMA, times, 160, 90);
    expect(batch).toHaveLength(times.length);
    times.forEach((t, i) => expect(Buffer.from(batch[i]!).equals(Buffer.from(grayFrame(OBAMA, t, 160, 90))), `t=${t}`).toBe(true));
    expect(batch[7]!.byteLength).toBe(0);
    expect(batch[0]!.byteLength).toBe(160 * 90);
    // and neighbouring times are different pictures: the comparison can tell frames apart
    expect(Buffer.from(batch[1]!).equals(Buffer.from(batch[2]!))).toBe(false);
  });

  it("the same for RGB on an autorotated portrait video", () => {
    const times = [3.0, 0.5, 1.25];
    const batch = rgbFrames(ROTATED, times, 90, 160);
    times.forEach((t, i) => expect(Buffer.from(batch[i]!).equals(Buffer.from(rgbFrame(ROTATED, t, 90, 160))), `t=${t}`).toBe(true));
    expect(batch[0]!.byteLength).toBe(90 * 160 * 3);
  });
});
