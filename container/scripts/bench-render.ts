// Render speed on this machine: a 10 s clip as preview and HD through the real render stage
// (crop, captions, loudnorm), against a bare ffmpeg encode of the same 1080x1920 output.
//   PATH=/work/main/node_modules/.bin:$PATH tsx scripts/bench-render.ts [source] [start]
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildAss } from "../src/captions/ass.js";
import { resolveCaptionStyle } from "../src/captions/styles.js";
import { probe } from "../src/stages/probe.js";
import { renderClip } from "../src/stages/render.js";

async function main() {
  const media = process.env.KATTO_MEDIA_DIR || path.resolve(import.meta.dirname, "../../../shared/media");
  const source = process.argv[2] ?? path.join(media, "video_misc/auto-editor_example.mp4");
  const start = Number(process.argv[3] ?? 2);
  const dur = 10;
  const dir = mkdtempSync(path.join(os.tmpdir(), "katto-bench-"));
  const signal = new AbortController().signal;
  const p = await probe(source, { signal });
  const words = Array.from({ length: 25 }, (_, i) => ({ text: ["this", "is", "a", "caption", "word"][i % 5]!, start: 0.3 + i * 0.38, end: 0.6 + i * 0.38 }));
  const ass = path.join(dir, "c.ass");
  writeFileSync(ass, buildAss(words, resolveCaptionStyle()!, { durationS: dur }));
  const time = async (label: string, fn: () => Promise<unknown> | unknown) => {
    const t0 = performance.now();
    await fn();
    const s = (performance.now() - t0) / 1000;
    console.log(`${label.padEnd(44)} ${s.toFixed(2)} s  (${(dur / s).toFixed(2)}x realtime)`);
  };
  console.log(`source ${path.basename(source)} ${p.video!.width}x${p.video!.height} @ ${p.video!.fps.toFixed(2)} fps, clip ${dur} s, ${os.cpus().length} cores`);
  for (const quality of ["preview", "hd"] as const)
    await time(`katto ${quality} (crop + captions + loudnorm)`, () =>
      renderClip({ source, probe: p, start, end: start + dur, layout: "center_crop", assPath: ass, output: path.join(dir, `${quality}.mp4`), quality }, { signal }),
    );
  await time("katto hd wide layout", () =>
    renderClip({ source, probe: p, start, end: start + dur, layout: "wide", assPath: ass, output: path.join(dir, "wide.mp4"), quality: "hd" }, { signal }),
  );
  const bare = (preset: string) => () =>
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-ss", String(start), "-t", String(dur), "-i", source,
      "-vf", "crop=ih*9/16:ih,scale=1080:1920", "-c:v", "libx264", "-preset", preset, "-crf", "21", "-c:a", "aac", path.join(dir, `bare-${preset}.mp4`)]);
  await time("bare ffmpeg crop+scale 1080x1920 veryfast", bare("veryfast"));
  await time("bare ffmpeg crop+scale 1080x1920 ultrafast", bare("ultrafast"));
}
void main();
