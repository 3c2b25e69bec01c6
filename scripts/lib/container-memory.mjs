// A running container's peak memory: the kernel's own high-water mark of its memory cgroup (cgroup
// v1 memory.max_usage_in_bytes, v2 memory.peak), the figure the instance's memory limit is held
// against (page cache included: files the render writes count until the kernel reclaims them).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { podman } from "./podman.mjs";

const CANDIDATES = [
  ["/sys/fs/cgroup/memory", "memory.max_usage_in_bytes", "cgroup v1 memory.max_usage_in_bytes"],
  ["/sys/fs/cgroup", "memory.peak", "cgroup v2 memory.peak"],
  ["/sys/fs/cgroup/unified", "memory.peak", "cgroup v2 memory.peak"],
];

/** { peakMiB, how } for a running container; throws when no cgroup high-water mark can be read. */
export function containerMemory(name) {
  const cgroup = podman(["inspect", name, "--format", "{{.State.CgroupPath}}"], { capture: true }).stdout.trim();
  for (const [base, file, how] of CANDIDATES) {
    const p = path.join(base, cgroup, file);
    if (cgroup && existsSync(p)) return { peakMiB: Math.round(Number(readFileSync(p, "utf8").trim()) / 2 ** 20), how };
  }
  throw new Error(`no memory high-water mark for container ${name} (cgroup "${cgroup}"): looked for ${CANDIDATES.map(([b, f]) => path.join(b, cgroup, f)).join(", ")}`);
}
