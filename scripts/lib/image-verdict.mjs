// Whether a failed image step (scripts/image/ci.mjs) is a defect of the project or this machine
// being unable to build or run images. Only a defect fails CI: a failed CI lands nothing for anyone,
// so a machine without container support or with Debian's or npm's servers out of reach must not
// block every change; a Dockerfile step that fails on its own terms, a server that does not start or
// a job that does not finish in the image must.

// The machine, not the project: the container runtime refused by the sandbox, a full disk, tools
// that cannot be installed. Either step.
const MACHINE = [
  /OCI runtime (error|create failed)|runc create failed|cannot (set up|clone)[^\n]*namespace|permission denied[^\n]*cgroup/i,
  /no space left on device/i,
  /\bMissing: (podman|runc|debootstrap)\b/,
  /apt-get (update|install) failed; install (podman|runc|debootstrap)/,
  /npm (ci|install) failed; see the output above/,
  /something already answers on port \d+, the image's port/,
];
// Only while building, whose steps download: Debian's and the npm registry's servers out of reach.
// (The in-image job runs on loopback only, so a connection error there is the project's.)
const DOWNLOADS = [
  /Temporary failure (resolving|in name resolution)/i,
  /Could not (resolve|connect to) /i,
  /Unable to fetch some archives|Failed to fetch http/i,
  /\b(EAI_AGAIN|ETIMEDOUT|ECONNRESET|ENOTFOUND)\b/,
  /network is unreachable/i,
  /^\[katto image\] debootstrap failed|^\[katto image\] npm pack [^\n]* failed/m,
];

/** null when the step passed; else { kind: "defect" | "environment", why }. step: "build" | "test". */
export function imageStepVerdict(step, { code, output }) {
  if (code === 0) return null;
  const patterns = step === "build" ? [...MACHINE, ...DOWNLOADS] : MACHINE;
  const found = patterns.map((re) => re.exec(output)).find(Boolean);
  if (found) return { kind: "environment", why: found[0].trim() };
  return { kind: "defect", why: output.trim().split("\n").filter((l) => /FAILED|failed|Error/i.test(l)).pop() ?? output.trim().split("\n").pop() ?? `exit ${code}` };
}
