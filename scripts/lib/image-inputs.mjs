// What decides whether CI runs a whole job inside the image (scripts/image/ci.mjs): one SHA-256 over
// the files that make the image and start its server. `npm run image:test` records it in
// container/image-inputs.sha256 when it passes, and that file is committed with the change. CI
// computes it again: the same hash means these inputs already ran a job in the image as they are
// (CI only builds); another means something changed since (CI builds and runs the job too).
// The list: the Dockerfile and the base it is built on, the package lists (apt and npm), the build
// of the server file, and the server's start-up (entry point, settings, temp root), plus the
// scripts that build and run the image.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "./bootstrap.mjs";

export const IMAGE_INPUTS = [
  "container/Dockerfile",
  "container/apt-packages.txt",
  "container/package.json",
  "container/scripts/build.mjs",
  "container/scripts/fetch-whisper-model.ts",
  "container/src/server.ts",
  "container/src/runtime/config.ts",
  "container/src/runtime/work-root.ts",
  "scripts/lib/image-base.mjs",
  "scripts/lib/podman.mjs",
  "scripts/lib/instance-type.mjs",
  "scripts/image/build.mjs",
  "scripts/image/test.mjs",
  "wrangler.toml",
];

export const recordFile = path.join(root, "container/image-inputs.sha256");

/** SHA-256 over each input's path and bytes, in the list's order. */
export function imageInputsHash() {
  const h = createHash("sha256");
  for (const rel of IMAGE_INPUTS) {
    const file = path.join(root, rel);
    h.update(`${rel}\0`);
    h.update(existsSync(file) ? readFileSync(file) : "(missing)");
    h.update("\0");
  }
  return h.digest("hex");
}

/** The hash recorded by the last image:test that passed, or null. */
export function recordedHash() {
  return existsSync(recordFile) ? readFileSync(recordFile, "utf8").trim().split(/\s/)[0] || null : null;
}

export function recordHash(hash = imageInputsHash()) {
  writeFileSync(recordFile, `${hash}  image inputs that ran a whole job in the image (npm run image:test; scripts/lib/image-inputs.mjs)\n`);
}
