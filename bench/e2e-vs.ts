// `npm run bench -- e2e --vs <ref>`: the e2e jobs run on a worktree of <ref> (main, a branch, a
// commit) and then on this checkout, one after the other on the same machine in one run, so a
// change is measured against what it changes. `--record <file>` writes the run's figures as JSON
// (bench/e2e-record.json is the checked-in one the README quotes).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * A detached worktree of `ref` under .katto/bench-vs/<commit>, made once per commit, with this
 * checkout's node_modules hard-linked in (the workspace links are relative, so they point into the
 * worktree's own protocol/, sdk/, mcp/ and cli/).
 */
export function refWorktree(repo: string, ref: string): string {
  const sha = execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], { cwd: repo, encoding: "utf8" }).trim();
  const dir = path.join(repo, ".katto/bench-vs", sha.slice(0, 12));
  if (!existsSync(path.join(dir, ".git"))) {
    mkdirSync(path.dirname(dir), { recursive: true });
    execFileSync("git", ["worktree", "add", "--detach", dir, sha], { cwd: repo, stdio: "inherit" });
  }
  if (!existsSync(path.join(dir, "node_modules"))) execFileSync("cp", ["-al", path.join(repo, "node_modules"), path.join(dir, "node_modules")]);
  console.log(`--vs ${ref}: ${sha.slice(0, 12)} in ${path.relative(repo, dir)} (remove it with git worktree remove ${path.relative(repo, dir)})`);
  return dir;
}

/** The run's figures as JSON: the machine, each run's times and stages, the floors, the sources. */
export function writeRecord(file: string, record: object): void {
  const at = new Date().toISOString();
  writeFileSync(file, JSON.stringify({ measured_at: at, ...record }, null, 2) + "\n");
  console.log(`\nrecorded in ${file}`);
}
