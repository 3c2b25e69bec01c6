// CPU time of the render backend and of the processes it ran (ffmpeg, pocketsphinx), so a stage's
// cost can be reported beside its wall time (issue 43): on a machine shared with other work, wall
// time says how long a stage waited as much as how much it did, CPU time only the latter.
import { readFileSync } from "node:fs";

/** Clock ticks per second of /proc's times (USER_HZ, 100 on every Linux the image runs). */
const TICKS_PER_S = 100;

/**
 * Milliseconds of CPU this process has used, plus every child process it has waited for (Linux's
 * cutime and cstime: a child's time is counted once it exits, so a stage's ffmpeg runs are counted
 * in the stage they finish in). Without /proc, this process's own time only.
 */
export function cpuTimeMs(): number {
  try {
    return procTimesMs(readFileSync("/proc/self/stat", "utf8"));
  } catch {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
}

/** Pure: utime + stime + cutime + cstime of a /proc/<pid>/stat line, in ms (the fields after the command's closing parenthesis, proc(5)). */
export function procTimesMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // after ")": state is field 3, so utime (14) .. cstime (17) are at 11..14
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
  return Math.round((ticks * 1000) / TICKS_PER_S);
}
