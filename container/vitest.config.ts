import { defineConfig } from "vitest/config";

// Render-backend tests run real ffmpeg; two cores, so at most two test files at once, each in
// its own process (child processes and signals are involved).
export default defineConfig({
  test: {
    name: "render",
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
  },
});
