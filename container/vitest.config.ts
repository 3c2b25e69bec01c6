import path from "node:path";
import { defineConfig } from "vitest/config";

// Render-backend tests run real ffmpeg; two cores, so at most two test files at once, in forked
// processes (child processes and signals are involved). The Node projects that share workers
// between files (isolate: false) run as one group and must agree on maxWorkers (vitest.config.ts).
export default defineConfig({
  test: {
    name: "render",
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    environment: "node",
    pool: "forks",
    // one fork serves several files in turn, without a fresh module graph per file: the files share
    // no global state (none mocks modules or leaves globals or env changed), and a fresh process
    // per file costs seconds of start-up each on two cores
    isolate: false,
    maxWorkers: 2,
    // pocketsphinx answers the same input once per run (helpers/speech-cache.ts)
    globalSetup: [path.join(import.meta.dirname, "test/helpers/speech-cache.ts")],
    // KATTO_TEST_CPU=<file>: CPU seconds per test file appended there (../test/profile/cpu-per-file.ts)
    setupFiles: process.env.KATTO_TEST_CPU ? [path.join(import.meta.dirname, "../test/profile/cpu-per-file.ts")] : [],
  },
});
