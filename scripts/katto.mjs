#!/usr/bin/env node
// The two README commands. `npm start`: install what is missing, migrate, start the whole local
// stack, print URLs and a working key. `npm test`: the same installation, then every test.
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureDevVars, ensureNpmDeps, ensureSystemTools, migrateLocal, node22, root, toolEnv } from "./lib/bootstrap.mjs";
import { cpuByFile, formatSlowest, slowestFiles } from "./lib/slowest.mjs";

const command = process.argv[2];

function bootstrap() {
  ensureNpmDeps();
  ensureSystemTools();
}

/** The backend's speech engine as its health check reports it, said plainly when it is the rough offline one. */
async function speechEngine(renderUrl) {
  const engine = await fetch(`${renderUrl}/healthz`).then((r) => r.json()).then((h) => h.engines?.speech ?? "unknown", () => "unknown");
  return engine === "pocketsphinx" ? "pocketsphinx (offline, rough transcripts; KATTO_SPEECH_ENGINE picks another: README Configuration)" : engine;
}

async function start() {
  bootstrap();
  const { ensureLocalAccount, mintSignInLink, startStack } = await import("./lib/stack.mjs");
  const port = Number(process.env.PORT ?? 8787);
  const renderPort = Number(process.env.RENDER_PORT ?? port + 1);
  const persistTo = path.join(root, ".wrangler/state");
  const vars = ensureDevVars({ port, renderPort });
  migrateLocal(persistTo);
  const stack = await startStack({ port, renderPort, persistTo, vars });
  const local = await ensureLocalAccount(stack.baseUrl, vars.ADMIN_TOKEN, path.join(root, ".katto/local.json"));
  const signInLink = await mintSignInLink(stack.baseUrl, vars.ADMIN_TOKEN, local.account_id);
  const speech = await speechEngine(stack.renderUrl);
  console.log(`
  Katto is running (local mode).

  API base URL   ${stack.baseUrl}/api/v1
  OpenAPI        ${stack.baseUrl}/openapi.json
  Render backend ${stack.renderUrl}
  Speech engine  ${speech}
  API key        ${local.key}
  Admin token    ${vars.ADMIN_TOKEN}
  Dashboard      ${stack.baseUrl}/dashboard
  Sign-in link   ${signInLink}
                 (one use, valid 15 minutes; local@katto.localhost has no password until you set one)

  Try:  curl -H "Authorization: Bearer ${local.key}" ${stack.baseUrl}/api/v1/me

  Ctrl-C stops everything.
`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log("\n[katto] stopping...");
    await stack.stop();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

async function test() {
  bootstrap();
  const args = process.argv.slice(3);
  const { mkdirSync, mkdtempSync, readFileSync, rmSync } = await import("node:fs");
  const os = await import("node:os");
  const resultsDir = path.join(root, ".katto");
  mkdirSync(resultsDir, { recursive: true });
  // the test servers' logs of the last run (container/test/helpers/render-server.ts, test/system/global-setup.ts)
  for (const log of ["render-servers.log", "system-stack.log"]) rmSync(path.join(resultsDir, log), { force: true });
  // With no arguments, three vitest processes run side by side: the whole-system tests (one file at
  // a time, each mostly waiting on the local stack), the Worker tests (one workerd runtime, files in
  // turn, many of them waiting on Queue delays) and every other project (two files at a time, busy
  // with ffmpeg). In one process vitest runs the system and Worker projects each in a group of its
  // own, after the others, with the cores idle while they wait. The reports of the processes that
  // run alongside are printed whole when each ends, so nothing interleaves. Arguments
  // (`-- --project workers`, a file) run one process.
  const runs = args.length
    ? [{ name: "tests", args, results: "test-results.json", live: true }]
    : [
        { name: "tests", args: ["--project", "!system", "--project", "!workers"], results: "test-results.json", live: true },
        { name: "Worker tests", args: ["--project", "workers"], results: "test-results-workers.json", live: false },
        { name: "system tests", args: ["--project", "system"], results: "test-results-system.json", live: false },
      ];
  // glibc's allocator keeps the memory a process frees instead of handing it back and faulting it in
  // again, on transparent huge pages where the kernel allows them: an HD encode took 28-36 % less CPU
  // (62,500 page faults down to 8,500) on the 2-core VM, where a page fault is dear. ffmpeg,
  // pocketsphinx and the test processes inherit it; nothing they compute changes.
  // Each Node test file's CPU seconds (test/profile/cpu-per-file.ts), for the slowest files listed
  // at the end: .katto/test-cpu.jsonl unless KATTO_TEST_CPU names another file to append to.
  const cpuFile = process.env.KATTO_TEST_CPU || path.join(resultsDir, "test-cpu.jsonl");
  if (!process.env.KATTO_TEST_CPU) rmSync(cpuFile, { force: true });
  // One pocketsphinx answer folder for the processes side by side (container/test/helpers/speech-cache.ts):
  // the render tests and the whole-system stack recognise the same sources.
  const speechCache = mkdtempSync(path.join(os.tmpdir(), "katto-test-speech-"));
  const env = toolEnv({
    KATTO_TEST_CPU: cpuFile,
    KATTO_TEST_SPEECH_CACHE: speechCache,
    GLIBC_TUNABLES: [process.env.GLIBC_TUNABLES, "glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=67108864:glibc.malloc.trim_threshold=268435456"].filter(Boolean).join(":"),
  });
  const outcomes = await Promise.all(
    runs.map((run) => {
      const results = path.join(resultsDir, run.results);
      rmSync(results, { force: true });
      const child = spawn(
        node22(),
        [path.join(root, "node_modules/vitest/vitest.mjs"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${results}`, ...run.args],
        { cwd: root, stdio: ["ignore", run.live ? "inherit" : "pipe", run.live ? "inherit" : "pipe"], env },
      );
      const held = [];
      child.stdout?.on("data", (d) => held.push(d));
      child.stderr?.on("data", (d) => held.push(d));
      return new Promise((resolve) =>
        child.on("close", (code, signal) => {
          if (!run.live) process.stdout.write(`\n──── ${run.name} (ran alongside) ────\n${Buffer.concat(held).toString()}\n`);
          let report = null;
          try {
            report = JSON.parse(readFileSync(results, "utf8"));
          } catch {}
          resolve({ run, code: code ?? (signal ? 1 : 0), report });
        }),
      );
    }),
  );
  rmSync(speechCache, { recursive: true, force: true });
  // The ten slowest files of the processes that wrote a report (scripts/lib/slowest.mjs).
  const reports = outcomes.map((o) => o.report).filter(Boolean);
  if (reports.length) console.log(`\n${formatSlowest(slowestFiles(reports, cpuByFile(cpuFile)), root)}`);
  // One plain closing line that any CI reads: counts from vitest's JSON reports.
  if (outcomes.every((o) => o.report)) {
    const sum = (f) => outcomes.reduce((n, o) => n + f(o.report), 0);
    // The failures again at the very end, file, test and the first lines of the error, so that a CI
    // log's tail says what failed even when the reports that printed them scrolled away above.
    const failures = outcomes.flatMap((o) =>
      o.report.testResults.flatMap((file) => {
        const where = path.relative(root, file.name);
        const failed = file.assertionResults.filter((t) => t.status === "failed");
        if (failed.length === 0 && file.status === "failed") return [`${where}\n    ${firstLines(file.message)}`];
        return failed.map((t) => `${where} > ${t.fullName}\n    ${firstLines(t.failureMessages.join("\n"))}`);
      }),
    );
    // Tests that passed on their retry (vitest.config.ts `retry`) keep the first attempt's error.
    const retried = outcomes.flatMap((o) =>
      o.report.testResults.flatMap((file) =>
        file.assertionResults
          .filter((t) => t.status === "passed" && t.failureMessages.length > 0)
          .map((t) => `${path.relative(root, file.name)} > ${t.fullName}\n    ${firstLines(t.failureMessages[0], 3)}`),
      ),
    );
    if (retried.length) console.log(`\npassed on a retry (failed first):\n${retried.map((f) => `  ${f}`).join("\n")}`);
    if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
    console.log(`\ntests: ${sum((r) => r.numPassedTests)} passed, ${sum((r) => r.numFailedTests)} failed, ${sum((r) => r.numPendingTests + r.numTodoTests)} skipped`);
  } else {
    console.log(`\ntests: no report written by ${outcomes.filter((o) => !o.report).map((o) => o.run.name).join(" and ")} (the run did not finish)`);
  }
  process.exit(outcomes.find((o) => o.code !== 0)?.code ?? 0);
}

/** The first lines of an error message, indented, colour codes removed: enough to say what failed. */
function firstLines(message = "", lines = 6) {
  return message.replace(/\x1b\[[0-9;]*m/g, "").split("\n").filter((l) => l.trim() && !/node_modules\/|^\s*at new Promise/.test(l)).slice(0, lines).join("\n    ");
}

async function bench() {
  bootstrap();
  const child = spawn(node22(), [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "bench/run.ts"), ...process.argv.slice(3)], { cwd: root, stdio: "inherit", env: toolEnv() });
  child.on("exit", (code) => process.exit(code ?? 1));
}

const commands = { start, test, bench };
if (!commands[command]) {
  console.error(`usage: node scripts/katto.mjs ${Object.keys(commands).join("|")}`);
  process.exit(2);
}
commands[command]().catch((e) => {
  console.error(`[katto] ${e.message}`);
  process.exit(1);
});
