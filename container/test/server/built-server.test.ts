// The image's entry point (container/Dockerfile): its build stage runs `npm run build`, which
// compiles the backend to dist/server.js, and its CMD runs that file with plain node, no TypeScript
// loader. No Docker engine here, so the image's /app is laid out in a temp folder (package.json,
// models, node_modules, dist/) and the Dockerfile's own CMD is started in it.
import { execFileSync } from "node:child_process";
import { copyFileSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containerRoot, repoRoot, tmpDir } from "../helpers/media.js";
import { startRenderServer, type RenderServer } from "../helpers/render-server.js";

/** The image's CMD, read from the Dockerfile (exec form: a JSON array). */
function imageCmd(): string[] {
  const m = /^CMD (\[.*\])$/m.exec(readFileSync(path.join(containerRoot, "Dockerfile"), "utf8"));
  if (!m) throw new Error("container/Dockerfile has no CMD in exec form");
  return JSON.parse(m[1]!) as string[];
}

describe("the built render server (the image's entry point)", () => {
  let app: string;
  let server: RenderServer | undefined;

  beforeAll(() => {
    app = tmpDir("katto-image-");
    execFileSync("npm", ["run", "build", "--silent", "--", path.join(app, "dist/server.js")], { cwd: containerRoot, stdio: "pipe" });
    copyFileSync(path.join(containerRoot, "package.json"), path.join(app, "package.json"));
    symlinkSync(path.join(containerRoot, "models"), path.join(app, "models"));
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(app, "node_modules"));
  });
  afterAll(() => server?.stop());

  it("is one JavaScript file that imports only npm packages and Node's own modules", () => {
    const js = readFileSync(path.join(app, "dist/server.js"), "utf8");
    const imports = new Set([...js.matchAll(/(?:\bfrom |\bimport\()"([^"]+)"/g)].map((m) => m[1]!));
    // the backend's modules and the @katto/protocol sources are inside the file
    expect([...imports].filter((s) => s.startsWith(".") || s.startsWith("/") || s.startsWith("@katto/"))).toEqual([]);
    expect(imports).toContain("zod");
    expect(imports).toContain("node:http");
  });

  it("starts with the Dockerfile's CMD, no TypeScript loader, and answers its health check", async () => {
    const [node, ...args] = imageCmd();
    expect(node).toBe("node");
    expect(args.filter((a) => a === "tsx" || a.endsWith(".ts"))).toEqual([]);
    server = await startRenderServer({}, { args, cwd: app });
    const r = await fetch(`${server.url}/healthz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ ok: true, jobs: 0, engines: { speech: "pocketsphinx" } });
  });

  it("stops on SIGTERM with exit code 0", async () => {
    expect(server).toBeDefined();
    await server!.stop();
    expect(await server!.exited).toBe(0);
  });
});
