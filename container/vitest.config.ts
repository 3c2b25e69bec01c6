import { defineConfig } from "vitest/config";
export default defineConfig({
  test: { name: "render", include: ["test/**/*.test.ts"], testTimeout: 120_000, environment: "node" },
});
