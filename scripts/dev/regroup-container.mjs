#!/usr/bin/env node
// Regroups container/src into rooms (issue 34) by the mapping in scripts/dev/container-rooms.json:
// `git mv`s each file old -> new, then rewrites every relative import that names a moved file (or
// sits in one) anywhere in the repository, and every `container/src/<old>` path that code and docs
// name. Re-runnable: a file already at its new place is skipped, and an import written against the
// old layout (say by a branch merged after the move) is found through the mapping and rewritten.
//   node scripts/dev/regroup-container.mjs            move and rewrite
//   node scripts/dev/regroup-container.mjs --dry-run  print what it would do, change nothing
// A file added later at an old place: add it to the mapping and run again.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SRC = "container/src";
const MAPPING_FILE = "scripts/dev/container-rooms.json";
const SELF = "scripts/dev/regroup-container.mjs";
const dryRun = process.argv.includes("--dry-run");

const { moves } = JSON.parse(readFileSync(path.join(ROOT, MAPPING_FILE), "utf8"));
const fileMoves = Object.entries(moves).filter(([k]) => !k.endsWith("/"));
const folderMoves = Object.entries(moves).filter(([k]) => k.endsWith("/")).sort((a, b) => b[0].length - a[0].length);

/** Where a path under container/src (repo-relative) belongs in the new layout; other paths stay. */
export function newPathOf(p) {
  if (!p.startsWith(`${SRC}/`)) return p;
  const inner = p.slice(SRC.length + 1);
  const file = fileMoves.find(([from]) => from === inner);
  if (file) return `${SRC}/${file[1]}`;
  const folder = folderMoves.find(([from]) => inner.startsWith(from));
  return folder ? `${SRC}/${folder[1]}${inner.slice(folder[0].length)}` : p;
}

/** Where a path of the new layout was in the old one (the inverse of newPathOf), or the path itself. */
function oldPathOf(p) {
  if (!p.startsWith(`${SRC}/`)) return p;
  const inner = p.slice(SRC.length + 1);
  const file = fileMoves.find(([, to]) => to === inner);
  if (file) return `${SRC}/${file[0]}`;
  const folder = [...folderMoves].sort((a, b) => b[1].length - a[1].length).find(([, to]) => inner.startsWith(to));
  if (!folder) return p;
  const old = `${SRC}/${folder[0]}${inner.slice(folder[1].length)}`;
  return newPathOf(old) === p ? old : p;
}

const git = (...args) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8", maxBuffer: 64 << 20 });
const listed = (...args) => git("ls-files", "-z", ...args).split("\0").filter(Boolean);
/** Tracked files and untracked ones git does not ignore, repo-relative, that exist on disk. */
const allFiles = [...new Set([...listed(), ...listed("--others", "--exclude-standard")])].filter((f) => existsSync(path.join(ROOT, f)));
const tracked = new Set(listed());
const isFile = (p) => existsSync(path.join(ROOT, p)) && statSync(path.join(ROOT, p)).isFile();

// 1. What moves: files under container/src whose place in the new layout differs and is free.
const toMove = [];
for (const f of allFiles.filter((f) => f.startsWith(`${SRC}/`))) {
  const to = newPathOf(f);
  if (to === f) continue;
  if (existsSync(path.join(ROOT, to))) throw new Error(`${f} should move to ${to}, which exists already: merge the two by hand, then run again`);
  toMove.push([f, to]);
}
const movedTo = new Map(toMove);
/** A file's place after this run. */
const after = (p) => movedTo.get(p) ?? p;

// 2. What each text file says after the move (computed against the files where they are now).
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEXT = /(\.(ts|tsx|mts|cts|js|mjs|cjs|json|jsonc|md|yml|yaml|toml|txt)|Dockerfile)$/;
const SKIP = new Set([MAPPING_FILE, SELF, "package-lock.json"]);

/** The file (repo-relative, as it is now) that `spec` names from `dir`, and how to write the new one. */
function resolveSpec(spec, dir) {
  const base = path.posix.normalize(path.posix.join(dir, spec));
  const stem = base.replace(/\.(js|mjs|jsx)$/, "");
  const ext = base === stem ? "" : base.slice(stem.length);
  const forms = [
    [base, (t) => t],
    [`${stem}.ts`, (t) => t.replace(/\.ts$/, ext)],
    [`${stem}.tsx`, (t) => t.replace(/\.tsx$/, ext)],
    [`${base}.ts`, (t) => t.replace(/\.ts$/, "")],
    [`${base}.tsx`, (t) => t.replace(/\.tsx$/, "")],
    [`${base}/index.ts`, (t) => path.posix.dirname(t)],
  ];
  for (const [candidate, write] of forms) {
    if (isFile(candidate)) return { target: candidate, write };
    // written against the old layout, the file already moved (a branch merged after the move)
    const moved = newPathOf(candidate);
    if (moved !== candidate && isFile(moved)) return { target: moved, write, stale: true };
  }
  return null;
}

function rewriteSpecifiers(file, text) {
  const here = path.posix.dirname(file);
  const oldHere = path.posix.dirname(oldPathOf(file));
  const there = path.posix.dirname(after(file));
  return text.replace(/(["'])(\.\.?\/[^"'\n]*)\1/g, (whole, q, spec) => {
    let found = resolveSpec(spec, here);
    const fromOld = !found && oldHere !== here;
    if (fromOld) found = resolveSpec(spec, oldHere);
    if (!found) return whole;
    const target = after(found.target);
    if (target === found.target && after(file) === file && !found.stale && !fromOld) return whole;
    let next = path.posix.relative(there, found.write(target));
    if (!next.startsWith(".")) next = `./${next}`;
    return `${q}${next}${q}`;
  });
}

/** `container/src/<old>` mentions (with .ts, .js or no ending) become the new paths. */
const mentions = [...toMove, ...fileMoves.map(([o, n]) => [`${SRC}/${o}`, `${SRC}/${n}`])]
  .map(([o, n]) => [o.replace(/\.ts$/, ""), n.replace(/\.ts$/, "")])
  .filter(([o, n], i, all) => o !== n && all.findIndex(([o2]) => o2 === o) === i)
  .sort((a, b) => b[0].length - a[0].length);
const folderMentions = folderMoves.map(([o, n]) => [`${SRC}/${o}`, `${SRC}/${n}`]);
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const mentionRe = mentions.length ? new RegExp(`${mentions.map(([o]) => escape(o)).join("|")}(?=\\.(?:ts|js)\\b|[^\\w./-]|$)`, "g") : null;
const mentionTo = new Map(mentions);

/**
 * Short mentions in comments and docs, `stages/bars.ts` or `../reframe/crop-path.ts`: an old path
 * inside container/src that names its folder becomes the new one (every room is one folder deep,
 * so a `../` before it stays right). Bare file names are left alone: they are ambiguous.
 */
const innerPairs = new Map();
for (const f of allFiles.filter((f) => f.startsWith(`${SRC}/`))) {
  const to = after(f);
  const from = movedTo.has(f) ? f : oldPathOf(f);
  const [o, n] = [from.slice(SRC.length + 1), to.slice(SRC.length + 1)];
  if (o !== n && o.includes("/")) innerPairs.set(o, n);
}
const innerRe = innerPairs.size ? new RegExp(`(?<![\\w.-]|test/|src/)(?:${[...innerPairs.keys()].sort((a, b) => b.length - a.length).map(escape).join("|")})(?![\\w.-])`, "g") : null;

function rewriteMentions(text) {
  let out = mentionRe ? text.replace(mentionRe, (m) => mentionTo.get(m) ?? m) : text;
  for (const [o, n] of folderMentions) out = out.split(o).join(n);
  if (innerRe) out = out.replace(innerRe, (m) => innerPairs.get(m) ?? m);
  return out;
}

const writes = [];
for (const file of allFiles) {
  if (SKIP.has(file) || file.includes("node_modules/") || !TEXT.test(file) || !isFile(file)) continue;
  const text = readFileSync(path.join(ROOT, file), "utf8");
  let next = CODE.test(file) ? rewriteSpecifiers(file, text) : text;
  next = rewriteMentions(next);
  if (next !== text) writes.push([after(file), next]);
}

// 3. Move, then write.
for (const [from, to] of toMove) {
  console.log(`move ${from} -> ${to}`);
  if (dryRun) continue;
  mkdirSync(path.dirname(path.join(ROOT, to)), { recursive: true });
  if (tracked.has(from)) git("mv", from, to);
  else renameSync(path.join(ROOT, from), path.join(ROOT, to));
}
for (const [file, text] of writes) {
  console.log(`rewrite ${file}`);
  if (!dryRun) writeFileSync(path.join(ROOT, file), text);
}
if (!dryRun) {
  const prune = (dir) => {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) return;
    for (const d of readdirSync(dir)) prune(path.join(dir, d));
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  };
  prune(path.join(ROOT, SRC));
}
console.log(`${toMove.length} moved, ${writes.length} rewritten${dryRun ? " (dry run)" : ""}`);
