// Start the render server as its own process on an ephemeral loopback port, as the Worker would
// see it: src/server.ts through tsx, or another command (the built server, as the image runs it).
import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { containerRoot, repoRoot } from "./media.js";

export interface RenderServer {
  url: string;
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function startRenderServer(env: Record<string, string> = {}, command: { args: string[]; cwd: string } = { args: ["--import", "tsx", "src/server.ts"], cwd: containerRoot }): Promise<RenderServer> {
  const child = spawn(process.execPath, command.args, {
    cwd: command.cwd,
    // HD at ultrafast (KATTO_HD_PRESET) unless a test says otherwise: the server tests check what
    // is rendered and reported, and the default preset is what test/render encodes with
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", KATTO_HD_PRESET: "ultrafast", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    const t = setTimeout(() => reject(new Error(`render server did not start: ${err}`)), 30_000);
    child.stdout!.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve(m[1]!);
      }
    });
    child.on("exit", (code) => reject(new Error(`render server exited (${code}): ${err}`)));
  });
  return {
    url,
    child,
    stderr: () => err,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      keepLog(err);
    },
  };
}

/** Every test server's log lines, kept beside the test reports (../.katto/render-servers.log): a failure's context, and each job's stage_ms. */
function keepLog(text: string): void {
  const dir = path.join(repoRoot, ".katto");
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, "render-servers.log"), text);
}
