// End-to-end timing on the local stack: a 20-minute source (real recorded speech from
// ../shared/media over a 1280x720 test pattern) from job creation to `completed` and to `hd_ready`,
// as fractions of the source duration (the spec's target: a 20-minute source in about 5 minutes,
// i.e. 0.25). Also the peak memory of the render backend process during the job.
import { execFileSync, spawnSync } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
// @ts-expect-error plain ESM script
import { root } from "../scripts/lib/bootstrap.mjs";
// @ts-expect-error plain ESM script
import { startIsolatedStack } from "../scripts/lib/stack.mjs";

const mediaDir = process.env.KATTO_MEDIA_DIR ?? path.resolve(root, "../shared/media");
const minutes = Number(process.env.BENCH_SOURCE_MINUTES ?? 20);
const outDir = path.join(root, "bench/out");

function makeSource(): string {
  const file = path.join(outDir, `source-${minutes}min.mp4`);
  if (existsSync(file)) return file;
  mkdirSync(outDir, { recursive: true });
  const speech = [
    "speech/en/physicsworks_lecture/physicsworks_audio.webm",
    "speech/en/night_of_the_living_dead_1968/119s_theres_supposed_to_be_another_broadcast.wav",
    "speech/en/night_of_the_living_dead_1968/89s_ill_come_back_down_as_soon_as.wav",
    "speech/en/night_of_the_living_dead_1968/60s_i_dont_want_anyones_life_on_my_hands.wav",
    "speech/en/ami_meeting_mixture/mixture.wav",
    "speech/en/mfa_spontaneous/michaelandsickmichael.wav",
    "speech/en/librivox_shakespeare_sonnets/sonnet_001.mp3",
    "speech/en/librivox_shakespeare_sonnets/sonnet_002.mp3",
    "speech/en/librivox_shakespeare_sonnets/sonnet_003.mp3",
  ]
    .map((p) => path.join(mediaDir, p))
    .filter((p) => existsSync(p));
  if (!speech.length) throw new Error(`no speech media found under ${mediaDir}`);
  const inputs = speech.flatMap((p) => ["-i", p]);
  const concat = speech.map((_, i) => `[${i + 1}:a]aresample=48000,aformat=channel_layouts=stereo[a${i}]`).join(";") + ";" + speech.map((_, i) => `[a${i}]`).join("") + `concat=n=${speech.length}:v=0:a=1,aloop=loop=-1:size=2e9,atrim=0:${minutes * 60}[aout]`;
  const t0 = Date.now();
  execFileSync("ffmpeg", [
    "-v", "error", "-y", "-f", "lavfi", "-i", `testsrc2=size=1280x720:rate=25:duration=${minutes * 60}`, ...inputs,
    "-filter_complex", concat, "-map", "0:v", "-map", "[aout]", "-c:v", "libx264", "-preset", "ultrafast", "-crf", "28", "-c:a", "aac", "-b:a", "96k", "-shortest", file,
  ]);
  console.log(`generated ${minutes}-minute source in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${file}`);
  return file;
}

function rssOf(pid: number): number {
  // Sum the RSS of the process tree (the server and its ffmpeg / pocketsphinx children).
  const out = spawnSync("ps", ["-eo", "pid=,ppid=,rss="], { encoding: "utf8" }).stdout;
  const rows = out.trim().split("\n").map((l) => l.trim().split(/\s+/).map(Number));
  const tree = new Set([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [p, pp] of rows) if (tree.has(pp) && !tree.has(p)) (tree.add(p), (grew = true));
  }
  return rows.filter(([p]) => tree.has(p)).reduce((s, [, , rss]) => s + rss, 0) * 1024;
}

async function main() {
  const source = makeSource();
  const duration = Number(execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", source], { encoding: "utf8" }));
  const server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "video/mp4", "content-length": statSync(source).size });
    createReadStream(source).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const sourceUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/source.mp4`;
  const adminToken = "bench-admin";
  const stack = await startIsolatedStack({ adminToken, appSecret: "bench-secret-0123456789", prefix: "katto-bench-" });
  const renderPort = Number(new URL(stack.renderUrl).port);
  try {
    const admin = { authorization: `Bearer ${adminToken}`, "content-type": "application/json" };
    const account = await (await fetch(`${stack.baseUrl}/admin/v1/accounts`, { method: "POST", headers: admin, body: JSON.stringify({ email: "bench@example.test", plan: "internal" }) })).json();
    const key = await (await fetch(`${stack.baseUrl}/admin/v1/accounts/${account.id}/keys`, { method: "POST", headers: admin, body: JSON.stringify({ scopes: ["read", "write"] }) })).json();
    const auth = { authorization: `Bearer ${key.key}`, "content-type": "application/json" };
    const renderPid = Number(spawnSync("sh", ["-c", `ss -ltnp 'sport = :${renderPort}' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`], { encoding: "utf8" }).stdout.trim());
    const t0 = performance.now();
    const created = await (await fetch(`${stack.baseUrl}/api/v1/jobs`, { method: "POST", headers: auth, body: JSON.stringify({ url: sourceUrl }) })).json();
    let completedAt = 0;
    let hdAt = 0;
    let peak = 0;
    let job: Record<string, unknown> = {};
    const steps: string[] = [];
    let lastStep = "";
    while (true) {
      if (renderPid) peak = Math.max(peak, rssOf(renderPid));
      job = await (await fetch(`${stack.baseUrl}/api/v1/jobs/${created.id}`, { headers: auth })).json();
      const step = (job.progress as { step: string }).step;
      if (step !== lastStep) steps.push(`${(lastStep = step)}@${((performance.now() - t0) / 1000).toFixed(0)}s`);
      if (job.status === "completed" && !completedAt) completedAt = performance.now() - t0;
      if (job.hd_ready) {
        hdAt = performance.now() - t0;
        break;
      }
      if (job.status === "failed" || job.status === "cancelled") throw new Error(`job ${job.status}: ${job.error}`);
      if (performance.now() - t0 > 3 * 3600_000) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 1000));
    }
    const clips = job.clips as unknown[];
    console.log(`\nEnd to end on this machine (${duration.toFixed(0)} s source, ${clips.length} clips; steps: ${steps.join(" ")})`);
    console.log("| measure | seconds | fraction of source duration |");
    console.log("|---|---|---|");
    console.log(`| creation -> completed (previews) | ${(completedAt / 1000).toFixed(1)} | ${(completedAt / 1000 / duration).toFixed(3)} |`);
    console.log(`| creation -> hd_ready (1080p) | ${(hdAt / 1000).toFixed(1)} | ${(hdAt / 1000 / duration).toFixed(3)} |`);
    console.log(`| render backend peak RSS (process tree) | ${(peak / 1024 ** 2).toFixed(0)} MiB | |`);
  } finally {
    await stack.stop();
    server.close();
  }
}

await main();
