// Whole-system tests: one local stack (render backend + Worker on wrangler's local runtime) on
// free loopback ports with a fresh persistence directory, started as `npm start` starts it.
import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM script without types
import { startIsolatedStack } from "../../scripts/lib/stack.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    adminToken: string;
    /** The render backend's own URL, for waiting on its work (GET /healthz `jobs`). */
    renderUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const adminToken = "system-test-admin-token";
  const stack = await startIsolatedStack({ adminToken, appSecret: "system-test-app-secret-0123456789", prefix: "katto-system-" });
  project.provide("baseUrl", stack.baseUrl);
  project.provide("adminToken", adminToken);
  project.provide("renderUrl", stack.renderUrl);
  return () => stack.stop();
}
