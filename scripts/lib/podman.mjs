// podman as the project runs it (npm run image:build, npm run image:test): Debian's podman with
// the runc runtime, the cgroupfs cgroup manager and no default ulimits. On machines like the one
// the project is developed on, crun and podman's default ulimits are refused by the sandbox, and
// there is no systemd to manage cgroups. The settings live in a containers.conf the project writes
// under .katto/podman/ and hands to podman through CONTAINERS_CONF, so nothing machine-wide changes.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "./bootstrap.mjs";

const log = (m) => console.log(`[katto image] ${m}`);

export const containersConf = path.join(root, ".katto/podman/containers.conf");

const CONF = `# Written by scripts/lib/podman.mjs for npm run image:build / image:test (CONTAINERS_CONF).
[containers]
# podman's default ulimits (nofile, nproc) are refused in sandboxes that cap them already
default_ulimits = []

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
`;

/** podman's environment: the project's containers.conf, written on every call so it never drifts. */
export function podmanEnv() {
  mkdirSync(path.dirname(containersConf), { recursive: true });
  writeFileSync(containersConf, CONF);
  return { ...process.env, CONTAINERS_CONF: containersConf };
}

const have = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;

/** Debian's podman and runc (and debootstrap for a local base), installed with apt-get when missing. */
export function ensurePodmanTools({ debootstrap = false } = {}) {
  const wanted = { podman: "podman", runc: "runc", ...(debootstrap ? { debootstrap: "debootstrap" } : {}) };
  const missing = Object.entries(wanted).filter(([cmd]) => !have(cmd)).map(([, pkg]) => pkg);
  if (!missing.length) return;
  if (!have("apt-get") || process.getuid?.() !== 0) {
    throw new Error(`Missing: ${missing.join(", ")}. Install them (Debian: apt-get install ${missing.join(" ")}) and rerun.`);
  }
  log(`installing ${missing.join(" ")} with apt-get`);
  for (const args of [["update", "-q"], ["install", "-y", "-q", "--no-install-recommends", ...missing]]) {
    const r = spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (r.status !== 0) throw new Error(`apt-get ${args[0]} failed; install ${missing.join(" ")} by hand.`);
  }
}

/**
 * Run podman to completion, output shown (or captured with `capture`); throws on failure. `nice`:
 * at a lower CPU priority (a build on a machine that others share), which its RUN steps inherit.
 */
export function podman(args, { capture = false, allowFail = false, input, nice = false } = {}) {
  const [cmd, argv] = nice ? ["nice", ["-n", "10", "podman", ...args]] : ["podman", args];
  const r = spawnSync(cmd, argv, {
    env: podmanEnv(),
    encoding: "utf8",
    input,
    stdio: [input === undefined ? "ignore" : "pipe", capture ? "pipe" : "inherit", capture ? "pipe" : "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0 && !allowFail) throw new Error(`podman ${args[0]} failed (exit ${r.status})${capture ? `:\n${r.stderr}` : "; see the output above"}`);
  return r;
}

/** Start podman in the background (a long build or a running container), with the project's settings. */
export function podmanSpawn(args, opts = {}) {
  return spawn("podman", args, { env: podmanEnv(), ...opts });
}

export const imageExists = (ref) => podman(["image", "exists", ref], { allowFail: true }).status === 0;
