#!/usr/bin/env node
// npm run image:build [-- podman build arguments]: the render image from container/Dockerfile, the
// file a deploy builds (wrangler.toml [[containers]]), with podman, as localhost/katto-render.
// The base is the registry's when it can be pulled, else a local Debian base of the same release
// (scripts/lib/image-base.mjs; KATTO_IMAGE_BASE=registry|local forces one). Extra arguments go to
// podman build: `npm run image:build -- --build-arg WHISPER_MODEL=base`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { root } from "../lib/bootstrap.mjs";
import { chooseBase } from "../lib/image-base.mjs";
import { ensurePodmanTools, podman } from "../lib/podman.mjs";

export const IMAGE = process.env.KATTO_IMAGE || "localhost/katto-render:latest";

/**
 * The CA bundle this machine's npm trusts beyond Node's own (NODE_EXTRA_CA_CERTS, else npm's
 * `cafile`), for machines that reach the registry through a TLS-inspecting proxy: the build's RUN
 * steps get it mounted (not copied into the image), or null.
 */
function machineCaFile() {
  const fromEnv = process.env.NODE_EXTRA_CA_CERTS;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const r = spawnSync("npm", ["config", "get", "cafile"], { encoding: "utf8" });
  const file = r.status === 0 ? r.stdout.trim() : "";
  return file && file !== "null" && file !== "undefined" && existsSync(file) ? file : null;
}

/** Build the image; returns the base used and the seconds it took. */
export function buildImage(extraArgs = []) {
  const started = Date.now();
  ensurePodmanTools({ debootstrap: process.env.KATTO_IMAGE_BASE !== "registry" });
  const base = chooseBase();
  console.log(`[katto image] building ${IMAGE} from container/Dockerfile on ${base.use} (${base.kind} base)`);
  // --network host: the RUN steps reach Debian's repositories and the npm registry through the
  // machine's own network (no bridge, which sandboxes like this one do not allow)
  const ca = machineCaFile();
  const caArgs = ca ? ["-v", `${ca}:/run/katto-build-ca.pem:ro`, "--build-arg", "NODE_EXTRA_CA_CERTS=/run/katto-build-ca.pem"] : [];
  podman(["build", "--network", "host", "--build-arg", `BASE_IMAGE=${base.use}`, ...caArgs, "-f", path.join(root, "container/Dockerfile"), "-t", IMAGE, ...extraArgs, root], { nice: true });
  const seconds = Math.round((Date.now() - started) / 1000);
  const size = podman(["image", "inspect", IMAGE, "--format", "{{.Size}}"], { capture: true }).stdout.trim();
  console.log(`[katto image] built ${IMAGE}: ${(Number(size) / 1e6).toFixed(0)} MB, in ${Math.floor(seconds / 60)} min ${seconds % 60} s`);
  return { base, seconds, bytes: Number(size) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    buildImage(process.argv.slice(2));
  } catch (e) {
    console.error(`[katto image] ${e.message}`);
    process.exit(1);
  }
}
