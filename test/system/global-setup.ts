// Whole-system tests: one local stack (render backend + Worker on wrangler's local runtime) on
// free loopback ports with a fresh persistence directory, started as `npm start` starts it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM script without types
import { migrateLocal } from "../../scripts/lib/bootstrap.mjs";
// @ts-expect-error plain ESM script without types
import { freePort, startStack } from "../../scripts/lib/stack.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    adminToken: string;
  }
}

export default async function setup(project: TestProject) {
  const persistTo = mkdtempSync(path.join(tmpdir(), "katto-system-"));
  const port = await freePort();
  const renderPort = await freePort();
  const adminToken = "system-test-admin-token";
  migrateLocal(persistTo);
  const stack = await startStack({
    port,
    renderPort,
    persistTo,
    quiet: true,
    vars: {
      LOCAL_MODE: "true",
      ADMIN_TOKEN: adminToken,
      APP_SECRET: "system-test-app-secret-0123456789",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      RENDER_URL: `http://127.0.0.1:${renderPort}`,
    },
  });
  project.provide("baseUrl", stack.baseUrl);
  project.provide("adminToken", adminToken);
  return async () => {
    await stack.stop();
    rmSync(persistTo, { recursive: true, force: true });
  };
}
