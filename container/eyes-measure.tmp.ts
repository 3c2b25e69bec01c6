import { execFileSync } from "node:child_process";
import { qualityFaceDetector } from "./src/quality/measure-clip.js";
import { eyeDetail, eyesOpen } from "./src/delivery/cover-eyes.js";
const closed: Record<string, number[]> = { bbaf2n: [43, 44, 51, 52, 53], brbk7n: [21, 22, 23], id2_vcd_swwp2s: [27, 28, 44, 45, 46], sbwe5n: [24, 25, 26], pwij3p: [35, 36, 49, 50], lrwp9a: [37, 38, 39, 67, 68, 69, 70, 71, 72, 73] };
const r = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);
const near: Record<string, number[]> = { bbaf2n: r(38, 60), brbk7n: r(17, 28), id2_vcd_swwp2s: [...r(23, 33), ...r(39, 51), ...r(68, 75)], sbwe5n: r(20, 31), pwij3p: r(30, 56), lrwp9a: [...r(32, 46), ...r(62, 75)] };
const openOnly = ["sbia1a", "swiz3n", "lwbsza", "lbbc2a"];
const det = await qualityFaceDetector();
const W = Number(process.env.W ?? 360), H = Number(process.env.H ?? 288), STEP = Number(process.env.STEP ?? 1);
let cc = 0, cn = 0, oc = 0, on = 0;
for (const v of [...Object.keys(closed), ...openOnly]) {
  const buf = execFileSync("ffmpeg", ["-v", "error", "-i", `/work/shared/media/video_talking/grid/${v}.mpg`, "-vf", `scale=${W}:${H},format=rgb24`, "-f", "rawvideo", "-"], { maxBuffer: 1 << 30 });
  const n = buf.length / (W * H * 3);
  const ks: number[] = [], d: (number | null)[] = [];
  for (let k = 0; k < n; k += STEP) {
    const rgb = new Uint8Array(buf.buffer, buf.byteOffset + k * W * H * 3, W * H * 3);
    const face = (await det.detect({ width: W, height: H, rgb })).sort((a, b) => b.w * b.h - a.w * a.h)[0];
    ks.push(k); d.push(face ? eyeDetail(rgb, W, H, face) : null);
  }
  const open = eyesOpen(d);
  ks.forEach((k, i) => {
    if (closed[v]?.includes(k)) { cn++; if (open[i] === false) cc++; }
    else if (!near[v]?.includes(k)) { on++; if (open[i] === false) oc++; }
  });
}
console.log(`closed caught ${cc}/${cn}, open flagged ${oc}/${on}`);
