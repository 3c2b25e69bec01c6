// The folder under which this process keeps every temp file: each piece of work's folder
// (run-work.ts), the stages' scratch folders and its child processes' temp files (TMPDIR). A
// process that dies without cleaning up (killed mid-job, out of memory, the container's process
// restarted) leaves a downloaded source and partial encodes behind; the next process to start
// removes every root whose process is gone, so repeated crashes cannot fill the disk.
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";

const ROOT = /^katto-work-(\d+)$/;

export const workRootName = (pid: number) => `katto-work-${pid}`;

/** Whether a process with this id runs (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the roots under `parent` left by processes that are gone (and one with this process's
 * own id: a process before this one that had the same id, as in a container where the server is
 * always the same pid), then makes this process's root and returns it. Other live processes'
 * roots are kept: several backends may share one temp folder.
 */
export async function claimWorkRoot(parent: string, pid = process.pid): Promise<{ root: string; removed: string[] }> {
  const removed: string[] = [];
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    const owner = ROOT.exec(name);
    if (!owner) continue;
    const ownerPid = Number(owner[1]);
    if (ownerPid !== pid && alive(ownerPid)) continue;
    await rm(path.join(parent, name), { recursive: true, force: true });
    removed.push(name);
  }
  const root = path.join(parent, workRootName(pid));
  await mkdir(root, { recursive: true });
  return { root, removed };
}
