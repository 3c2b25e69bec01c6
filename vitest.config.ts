import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import path from "node:path";

// Two layers (STYLE.md "Tests, layer by layer"):
//  - workers: Worker code inside workerd with real local D1/R2/DO/Queue bindings;
//  - node: the render backend, the CLI and whole-system tests under Node with real ffmpeg.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    test: {
      projects: [
        {
          plugins: [
            cloudflareTest({
              main: "./src/index.ts",
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  LOCAL_MODE: "true",
                  ADMIN_TOKEN: "test-admin-token",
                  APP_SECRET: "test-app-secret-0123456789abcdef",
                  PUBLIC_BASE_URL: "http://127.0.0.1:8787",
                  RENDER_URL: "http://render.invalid",
                },
                // Worker tests run without the render backend (whole-system tests run the real one):
                // the backend's dispatch endpoint answers 202 here, any other outbound fetch fails.
                // cimd.example serves an OAuth Client ID Metadata Document (test/workers/mcp/oauth.test.ts).
                outboundService: (req: Request) => {
                  const u = new URL(req.url);
                  if (u.hostname === "render.invalid") return Response.json({ accepted: true }, { status: 202 });
                  if (u.hostname === "cimd.example" && u.pathname === "/katto-agent.json") {
                    return Response.json({ client_id: u.href, client_name: "CIMD Agent", redirect_uris: ["http://127.0.0.1:33419/cb"], token_endpoint_auth_method: "none", grant_types: ["authorization_code"], response_types: ["code"] });
                  }
                  return new Response("no network in Worker tests", { status: 503 });
                },
              },
            }),
          ],
          test: {
            name: "workers",
            include: ["test/workers/**/*.test.ts"],
            setupFiles: ["./test/workers/apply-migrations.ts"],
          },
        },
        "./container/vitest.config.ts",
        {
          test: { name: "sdk-cli", include: ["sdk/test/**/*.test.ts", "cli/test/**/*.test.ts", "mcp/test/**/*.test.ts"], environment: "node" },
        },
        // Publishing adapters against local stand-ins of each platform's API (src/publishing/platforms/platform.ts "Testing").
        { test: { name: "publishing", include: ["test/publishing/**/*.test.ts"], environment: "node" } },
        // docs/api-decisions.md: every decision names an existing test (test/docs/api-decisions.test.ts).
        { test: { name: "docs", include: ["test/docs/**/*.test.ts"], environment: "node" } },
        {
          test: {
            name: "system",
            include: ["test/system/**/*.test.ts"],
            globalSetup: ["./test/system/global-setup.ts"],
            environment: "node",
            testTimeout: 300_000,
            hookTimeout: 300_000,
            fileParallelism: false,
          },
        },
      ],
    },
  };
});
