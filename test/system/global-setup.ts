// Whole-system tests: one local stack (render backend + Worker on wrangler's local runtime) on
// free loopback ports with a fresh persistence directory, started as `npm start` starts it.
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM script without types
import { startIsolatedStack } from "../../scripts/lib/stack.mjs";
import speechCache from "../../container/test/helpers/speech-cache";
import { standIns } from "../publishing/stand-ins";
import { serveStandIn } from "../publishing/stand-ins/serve";
import { serveFixtureJobs } from "./fixture-jobs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    adminToken: string;
    /** The render backend's own URL, for waiting on its work (GET /healthz `jobs`). */
    renderUrl: string;
    /** Publishing stand-ins by platform, served on loopback (test/publishing/stand-ins). */
    standInOrigins: Record<string, string>;
    /** The jobs files share (./fixture-jobs.ts), made on first request: GET <fixturesUrl>/jobs/<name>. */
    fixturesUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const adminToken = "system-test-admin-token";
  // Every platform's API is a local stand-in; the Worker is pointed at them like an operator's config.
  const served = await Promise.all(
    Object.entries(standIns).map(async ([id, create]) => {
      const standIn = create!();
      return { id, standIn, server: await serveStandIn(standIn.app) };
    }),
  );
  const publishingVars = Object.fromEntries([
    ["PUBLISH_API_ORIGINS", JSON.stringify(Object.fromEntries(served.map((s) => [s.id, s.server.origin])))],
    ...served.flatMap((s) => [[`${s.id.toUpperCase()}_CLIENT_ID`, s.standIn.clientId], [`${s.id.toUpperCase()}_CLIENT_SECRET`, s.standIn.clientSecret]]),
  ]);
  // The stack's whole output is kept beside the test reports (.katto/system-stack.log): the render
  // backend's JSON lines (each job's stage_ms) and the Worker's, for reading a failure after the run.
  mkdirSync(path.join(import.meta.dirname, "../../.katto"), { recursive: true });
  const stackLog = createWriteStream(path.join(import.meta.dirname, "../../.katto/system-stack.log"));
  const onOutput = (name: string, text: string) => stackLog.write(text.split("\n").map((l) => (l ? `[${name}] ${l}` : l)).join("\n"));
  // HD renders at x264's ultrafast (an operator's KATTO_HD_PRESET): these tests check what a clip
  // is, not how small its file is, and the HD encodes are most of their CPU time; the default
  // preset is what the render tests encode with (container/test/render).
  const renderEnv = { KATTO_HD_PRESET: "ultrafast" };
  // The files' jobs recognise the same sources again and again: pocketsphinx answers each distinct
  // input once per run (container/test/helpers/speech-cache.ts; the stack inherits this PATH).
  const endSpeechCache = speechCache();
  const stack = await startIsolatedStack({ adminToken, appSecret: "system-test-app-secret-0123456789", prefix: "katto-system-", vars: publishingVars, renderEnv, onOutput });
  project.provide("standInOrigins", Object.fromEntries(served.map((s) => [s.id, s.server.origin])));
  project.provide("baseUrl", stack.baseUrl);
  project.provide("adminToken", adminToken);
  project.provide("renderUrl", stack.renderUrl);
  const fixtures = await serveFixtureJobs({ baseUrl: stack.baseUrl, adminToken });
  project.provide("fixturesUrl", fixtures.url);
  return async () => {
    await fixtures.close();
    await stack.stop();
    endSpeechCache();
    await Promise.all(served.map((s) => s.server.close()));
    stackLog.end();
  };
}
