// Memory of the length-dependent stages on a 90-minute 1080p source (the spec's longest):
// download (streamed to disk), probe, audio extraction, and the transcribe stage's audio pass
// (envelope + chunk reads). Peak RSS of this process and of its ffmpeg children, sampled every
// 100 ms, against the same for a 10-minute source: a fixed budget means the two peaks match.
//   cd container && tsx bench/memory.ts
import { execFileSync } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { extractAudio } from "../src/analysis/audio.js";
import { download } from "../src/analysis/download.js";
import { probe } from "../src/analysis/probe.js";
import { energyEnvelope, ENVELOPE_FRAME_S } from "../src/engines/speech/chunks.js";
import { openEngineAudio } from "../src/analysis/transcribe-wav.js";

const out = path.resolve(import.meta.dirname, "../../bench/out");

function source(minutes: number): string {
  const file = path.join(out, `memory-${minutes}min-1080p.mp4`);
  if (existsSync(file)) return file;
  mkdirSync(out, { recursive: true });
  // 1080p at 2 fps keeps generation quick; decoders still handle full 1920x1080 frames.
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", `testsrc2=size=1920x1080:rate=2:duration=${minutes * 60}`,
    "-f", "lavfi", "-i", `anoisesrc=color=pink:amplitude=0.2:duration=${minutes * 60}`,
    "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-b:a", "64k", "-shortest", file]);
  return file;
}

/** RSS (bytes) of this process plus its child processes. */
function treeRss(): number {
  let total = process.memoryUsage().rss;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid !== process.pid) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {}
  }
  return total;
}

async function measure(minutes: number) {
  const file = source(minutes);
  const server = createServer((_, res) => {
    res.writeHead(200, { "content-type": "video/mp4", "content-length": statSync(file).size });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/s.mp4`;
  const dir = mkdtempSync(path.join(os.tmpdir(), "katto-mem-"));
  const signal = new AbortController().signal;
  const peaks: Record<string, number> = {};
  let current = "";
  const timer = setInterval(() => (peaks[current] = Math.max(peaks[current] ?? 0, treeRss())), 100);
  const stage = async <T>(name: string, fn: () => Promise<T>) => {
    current = name;
    const t0 = performance.now();
    const r = await fn();
    peaks[name] = Math.max(peaks[name] ?? 0, treeRss());
    return { r, s: (performance.now() - t0) / 1000 };
  };
  const dl = await stage("download", () => download(url, dir, { signal, maxBytes: 20 * 1024 ** 3 }));
  const info = await stage("probe", () => probe(dl.r.path, { signal }));
  const wav = await stage("audio", () => extractAudio(dl.r.path, path.join(dir, "a.wav"), { signal, durationS: info.r.duration }));
  await stage("transcribe audio pass", async () => {
    const a = await openEngineAudio(wav.r, ENVELOPE_FRAME_S, energyEnvelope);
    for (let t = 0; t + 60 < a.durationS; t += 60) await a.read(t * 16000, (t + 60) * 16000);
    await a.close();
  });
  clearInterval(timer);
  server.close();
  rmSync(dir, { recursive: true, force: true });
  return { minutes, size: statSync(file).size, peaks };
}

const mb = (n: number) => `${(n / 1024 ** 2).toFixed(0)} MiB`;
const results = [await measure(10), await measure(90)];
console.log("| source | file | download | probe | audio | transcribe audio pass |");
console.log("|---|---|---|---|---|---|");
for (const r of results) {
  const p = r.peaks;
  console.log(`| ${r.minutes} min 1080p | ${mb(r.size)} | ${mb(p.download)} | ${mb(p.probe)} | ${mb(p.audio)} | ${mb(p["transcribe audio pass"])} |`);
}
