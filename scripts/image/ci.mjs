#!/usr/bin/env node
// CI's image step (.ci/run, before the test suite, whose 15-minute budget it is not part of): always
// `npm run image:build`; also `npm run image:test` when the image's inputs differ from the ones
// recorded by the last image:test that passed (scripts/lib/image-inputs.mjs). Its time is printed.
// Exit 1 only for a defect of the project: a Dockerfile step that fails, a server that does not
// start, a job that does not finish in the image. A machine that cannot build images at all (no
// podman, a sandbox that refuses containers, Debian's or npm's servers unreachable, a full disk)
// says so in one line and exits 0, since the project's code is not at fault and blocking every
// change on it would stop the whole team.
import { spawn } from "node:child_process";
import path from "node:path";
import { root } from "../lib/bootstrap.mjs";
import { imageInputsHash, recordedHash } from "../lib/image-inputs.mjs";
import { imageStepVerdict } from "../lib/image-verdict.mjs";

function run(script) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "scripts/image", script)], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    const out = [];
    for (const s of [child.stdout, child.stderr]) s.on("data", (d) => (out.push(d), process.stdout.write(d)));
    child.on("close", (code) => resolve({ code: code ?? 1, output: Buffer.concat(out).toString() }));
  });
}

const started = Date.now();
const elapsed = () => {
  const s = Math.round((Date.now() - started) / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
};
const hash = imageInputsHash();
const recorded = recordedHash();
const runJob = hash !== recorded;
console.log(`[katto ci] image: build${runJob ? ` and a whole job in it (inputs ${hash.slice(0, 12)} differ from the recorded ${recorded?.slice(0, 12) ?? "none"})` : " only (inputs match container/image-inputs.sha256)"}`);

let failed = imageStepVerdict("build", await run("build.mjs"));
if (!failed && runJob) failed = imageStepVerdict("test", await run("test.mjs"));
if (!failed) {
  console.log(`[katto ci] image step passed in ${elapsed()}`);
} else if (failed.kind === "environment") {
  console.log(`[katto ci] image step NOT RUN TO THE END: this machine cannot build or run the image (${failed.why}); not a defect of the project, CI goes on (${elapsed()})`);
} else {
  console.log(`[katto ci] image step FAILED after ${elapsed()}: ${failed.why}`);
  process.exitCode = 1;
}
