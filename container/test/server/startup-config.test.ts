// The real server process refuses to start on a bad setting, and says which one.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { containerRoot } from "../helpers/media.js";

function startServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: containerRoot,
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
    // a server that started anyway is stopped, so the test fails on its assertions, not its timeout
    if (stdout.includes("listening on")) child.kill("SIGTERM");
  });
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

describe("render server start-up", () => {
  it("exits non-zero on an invalid setting, naming it and what is allowed", async () => {
    const r = await startServer({ KATTO_SPEECH_ENGINE: "sphinx9", KATTO_RENDER_SLOTS: "many" });
    expect(r.stdout).not.toContain("listening on");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("invalid configuration");
    expect(r.stderr).toContain("KATTO_SPEECH_ENGINE=sphinx9 is unknown; use one of pocketsphinx, workers-ai, whisper-cpp");
    expect(r.stderr).toContain("KATTO_RENDER_SLOTS=many must be a whole number of renders at once, 1 or more");
  });

  it("exits non-zero when an engine lacks what it needs (Workers AI without credentials)", async () => {
    const r = await startServer({ KATTO_SCORER: "workers-ai", CF_ACCOUNT_ID: "", CF_API_TOKEN: "" });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("KATTO_SCORER=workers-ai needs CF_ACCOUNT_ID and CF_API_TOKEN");
  });
});
