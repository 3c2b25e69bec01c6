import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import path from "node:path";
import { standIns } from "./test/publishing/stand-ins/index.ts";
import { standInFetch } from "./test/publishing/stand-ins/serve.ts";
import SlowFirst from "./test/profile/slow-first.ts";

// Two layers (STYLE.md "Tests, layer by layer"):
//  - workers: Worker code inside workerd with real local D1/R2/DO/Queue bindings;
//  - node: the render backend, the CLI and whole-system tests under Node with real ffmpeg.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  // Publishing: one stand-in per platform at http://<platform>.stand-in.invalid, reached through the
  // outbound service; the Worker is pointed at them by PUBLISH_API_ORIGINS and their credentials.
  const publishing = Object.entries(standIns).map(([id, create]) => ({ id, standIn: create!() }));
  const publishingBindings = Object.fromEntries(publishing.flatMap(({ id, standIn }) => [[`${id.toUpperCase()}_CLIENT_ID`, standIn.clientId], [`${id.toUpperCase()}_CLIENT_SECRET`, standIn.clientSecret]]));
  const standInByHost = new Map(publishing.map(({ id, standIn }) => [`${id}.stand-in.invalid`, standInFetch(standIn.app)]));
  // KATTO_TEST_CPU=<file>: CPU seconds per test file appended there (test/profile/cpu-per-file.ts)
  const cpu = process.env.KATTO_TEST_CPU ? ["./test/profile/cpu-per-file.ts"] : [];
  // The Worker and whole-system tests wait on a local stack (Queue deliveries, the render backend,
  // a browser) that shares two cores with the render tests: one retry for a test that failed, so a
  // stack that answered late under load does not fail the run. A test that fails twice fails; one
  // that passed only on its retry is listed with its first error at the end of `npm test`
  // (scripts/katto.mjs), so flakiness stays visible instead of hidden.
  const retry = 1;
  return {
    test: {
      // the costliest files first within each project (test/profile/slow-first.ts)
      sequence: { sequencer: SlowFirst },
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
                  // an operator's list of browser origins allowed at /mcp (test/workers/mcp/hosted.test.ts)
                  MCP_ALLOWED_ORIGINS: "https://agent.example",
                  PUBLISH_API_ORIGINS: JSON.stringify(Object.fromEntries(publishing.map(({ id }) => [id, `http://${id}.stand-in.invalid`]))),
                  ...publishingBindings,
                },
                // Worker tests run without the render backend (whole-system tests run the real one):
                // the backend's dispatch endpoint answers 202 here, any other outbound fetch fails.
                // cimd.example serves an OAuth Client ID Metadata Document (test/workers/mcp/oauth.test.ts).
                outboundService: (req: Request) => {
                  const u = new URL(req.url);
                  if (u.hostname === "render.invalid") return Response.json({ accepted: true }, { status: 202 });
                  const standIn = standInByHost.get(u.hostname);
                  if (standIn) return standIn(req);
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
            // one workerd runtime serves the files in turn: no fresh module graph and no fresh
            // database per file, so a test counts only its own rows (every test makes its own
            // account and jobs); one file at a time. `npm test` runs this project in a process of its
            // own; in a process running every project (`npx vitest run`) it runs after the Node
            // projects' group (vitest runs projects that share workers between files in groups of one
            // maxWorkers)
            isolate: false,
            sequence: { groupOrder: 1 },
            // vitest's 5 s default is a timing assertion on a machine whose two cores the render tests
            // keep busy beside this process: a 25-job pagination walk took longer at load 7 (never
            // assert timings in tests); a test that hangs still fails, after 30 s
            testTimeout: 30_000,
            retry,
            // test/fuzz: the property-based fuzz of /openapi.json runs against the Worker here too.
            include: ["test/workers/**/*.test.ts", "test/fuzz/**/*.test.ts"],
            setupFiles: ["./test/workers/apply-migrations.ts"],
          },
        },
        "./container/vitest.config.ts",
        {
          test: { name: "sdk-cli", maxWorkers: 2, include: ["sdk/test/**/*.test.ts", "cli/test/**/*.test.ts", "mcp/test/**/*.test.ts"], environment: "node", isolate: false, setupFiles: cpu },
        },
        // The Worker ⇄ backend contract's own pure rules (protocol/test).
        { test: { name: "protocol", maxWorkers: 2, include: ["protocol/test/**/*.test.ts"], environment: "node", isolate: false, setupFiles: cpu } },
        // Publishing adapters against local stand-ins of each platform's API (src/services/publishing/platforms/platform.ts "Testing").
        { test: { name: "publishing", maxWorkers: 2, include: ["test/publishing/**/*.test.ts"], environment: "node", isolate: false, setupFiles: cpu } },
        // docs/api-decisions.md: every decision names an existing test (test/docs/api-decisions.test.ts);
        // test/profile: the suite's own tooling (the slowest files `npm test` lists).
        { test: { name: "docs", maxWorkers: 2, include: ["test/docs/**/*.test.ts", "test/profile/**/*.test.ts"], environment: "node", isolate: false, setupFiles: cpu } },
        // Every workspace type-checks (test/types/typecheck.test.ts): a protocol edit one side misses fails here.
        { test: { name: "types", maxWorkers: 2, include: ["test/types/**/*.test.ts"], environment: "node", isolate: false, setupFiles: cpu } },
        {
          test: {
            name: "system",
            include: ["test/system/**/*.test.ts"],
            globalSetup: ["./test/system/global-setup.ts"],
            setupFiles: cpu,
            environment: "node",
            testTimeout: 300_000,
            hookTimeout: 300_000,
            retry,
            fileParallelism: false,
          },
        },
      ],
    },
  };
});
