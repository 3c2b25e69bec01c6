// The one place in the render backend that starts processes (docs/STYLE: "one place that spawns").
// Callers pass a command and an argument array (never a shell string), an AbortSignal, and
// optionally a progress callback. stderr's tail is kept for error evidence; on abort the whole
// process group gets SIGTERM, then SIGKILL after a grace period.
import { spawn as nodeSpawn, type ChildProcess } from "node:child_process";
import { AsyncLocalStorage } from "node:async_hooks";
import { writeFileSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import { feedProgress, initialProgress, progressFraction } from "./progress.js";
import { ProcessError } from "../runtime/errors.js";
import { watchProcessCpu } from "../runtime/process-cpu.js";

// ProcessError sits in runtime/errors.ts, the room below, beside the StageError it is mapped to.
export { ProcessError, type ProcessFailure } from "../runtime/errors.js";

export interface RunOptions {
  /** pipeline stage name, carried on errors */
  stage: string;
  signal: AbortSignal;
  /** called with every stdout chunk (as text) */
  onStdout?: (chunk: string) => void;
  /** keep stdout and return it (capped at maxStdoutBytes) */
  captureStdout?: boolean;
  maxStdoutBytes?: number;
  /** bytes of stderr to keep for error messages */
  stderrTailBytes?: number;
  /** ms between SIGTERM and SIGKILL on abort */
  killGraceMs?: number;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** text written to the child's stdin (then closed); stdin is ignored when absent */
  input?: string;
  /** how much the child gives way to the backend's other work (nice(2), 0..19); the work's class's (inClass) or 0 when absent */
  niceness?: number;
}

/**
 * What the processes some work starts have in common, however deep in it they are started: how
 * much they give way to the backend's other work, and the name their CPU time is counted under
 * (runtime/process-cpu.ts) instead of their own stage's. A job's background work runs in one
 * (delivery/background-work.ts).
 */
export interface ProcessClass {
  niceness: number;
  account: string;
}

const processClass = new AsyncLocalStorage<ProcessClass>();

/** Runs `work` with every process it starts (awaited or not) in `cls`. */
export const inClass = <T>(cls: ProcessClass, work: () => Promise<T>): Promise<T> => processClass.run(cls, work);

export interface RunResult {
  stdout: string;
  stderrTail: string;
}

const live = new Set<ChildProcess>();

/** Number of child processes currently running (for tests and health). */
export const liveProcessCount = (): number => live.size;

function killGroup(child: ChildProcess, sig: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, sig); // detached => own process group (yt-dlp spawns ffmpeg)
  } catch {
    try {
      child.kill(sig);
    } catch {
      /* already gone */
    }
  }
}

// A dying server must not leave encoders behind.
process.once("exit", () => {
  for (const c of live) killGroup(c, "SIGKILL");
});

/** Keep the last `max` bytes of what is appended. */
function tailBuffer(max: number) {
  let buf = "";
  return {
    push(s: string) {
      buf += s;
      if (buf.length > max * 2) buf = buf.slice(-max);
    },
    get: () => (buf.length > max ? buf.slice(-max) : buf),
  };
}

/**
 * The child's niceness raised by `niceness` above the backend's; where the OS refuses, it runs at
 * the backend's. Every child starts its own session (detached), and where the kernel groups the
 * scheduler by session (autogroup, sched(7), on a machine whose processes sit in the root cgroup)
 * a process's nice value only ranks it inside its own session: two niced speech processes still
 * took two thirds of the cores from a render at nice 0 (a 48-s preview rendered in 25 s instead of
 * 10). So the child's session is niced too; it holds only this child and its own children.
 */
function lowerPriority(pid: number | undefined, niceness: number): void {
  if (pid === undefined) return;
  const nice = Math.min(19, getPriority() + niceness);
  try {
    setPriority(pid, nice);
  } catch {
    // a platform without priorities: same work, same result
  }
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    // no autogroups here (another OS, a kernel without them, or a cgroup'd container, where nice alone ranks)
  }
}

export function runProcess(command: string, args: readonly string[], opts: RunOptions): Promise<RunResult> {
  const { stage, signal } = opts;
  const stderr = tailBuffer(opts.stderrTailBytes ?? 4000);
  const maxOut = opts.maxStdoutBytes ?? 16 * 1024 * 1024;
  return new Promise<RunResult>((resolve, reject) => {
    if (signal.aborted) {
      reject(new ProcessError(stage, "aborted", `${stage}: aborted`, ""));
      return;
    }
    const child = nodeSpawn(command, [...args], {
      stdio: [opts.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      detached: true,
      cwd: opts.cwd,
      env: opts.env ?? process.env,
    });
    live.add(child);
    const cls = processClass.getStore();
    const niceness = opts.niceness ?? cls?.niceness ?? 0;
    if (niceness) lowerPriority(child.pid, niceness);
    const cpu = watchProcessCpu(child.pid, cls?.account ?? stage);
    const out: string[] = [];
    let outBytes = 0;
    let settled = false;
    let killTimer: NodeJS.Timeout | undefined;

    const onAbort = () => {
      killGroup(child, "SIGTERM");
      killTimer = setTimeout(() => killGroup(child, "SIGKILL"), opts.killGraceMs ?? 1500);
      killTimer.unref();
    };
    signal.addEventListener("abort", onAbort, { once: true });

    const finish = (err: ProcessError | null) => {
      if (settled) return;
      settled = true;
      live.delete(child);
      cpu.stop();
      signal.removeEventListener("abort", onAbort);
      if (killTimer) clearTimeout(killTimer);
      if (err) reject(err);
      else resolve({ stdout: out.join(""), stderrTail: stderr.get() });
    };

    if (opts.input !== undefined) {
      // a child that exits without reading all of stdin gives EPIPE; its exit code tells the story
      child.stdin!.on("error", () => {});
      child.stdin!.end(opts.input, "utf8");
    }
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => {
      opts.onStdout?.(chunk);
      if (opts.captureStdout && outBytes < maxOut) {
        out.push(chunk);
        outBytes += chunk.length;
      }
    });
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => stderr.push(chunk));

    child.on("error", (e: NodeJS.ErrnoException) => {
      const msg = e.code === "ENOENT" ? `${command} is not installed` : `${command} could not start: ${e.message}`;
      finish(new ProcessError(stage, "spawn", msg, stderr.get(), null, e.code));
    });
    child.on("close", (code, sig) => {
      if (signal.aborted) return finish(new ProcessError(stage, "aborted", `${stage}: aborted`, stderr.get(), code));
      if (code === 0) return finish(null);
      const how = sig ? `killed by ${sig}` : `exited with code ${code}`;
      finish(new ProcessError(stage, "exit", `${command} ${how}`, stderr.get(), code));
    });
  });
}

export interface FfmpegOptions {
  stage: string;
  signal: AbortSignal;
  /** seconds of output expected; needed for progress fractions */
  durationS?: number;
  onProgress?: (fraction: number) => void;
}

/**
 * Run ffmpeg with `-progress pipe:1` and report the output time as a fraction of durationS.
 * `args` are everything after the global options (inputs, filters, outputs).
 */
export async function runFfmpeg(args: readonly string[], opts: FfmpegOptions): Promise<RunResult> {
  let state = initialProgress();
  let last = -1;
  const full = ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", "-nostats", "-progress", "pipe:1", ...args];
  const res = await runProcess("ffmpeg", full, {
    stage: opts.stage,
    signal: opts.signal,
    onStdout: (chunk) => {
      state = feedProgress(state, chunk);
      const f = progressFraction(state, opts.durationS ?? 0);
      if (opts.onProgress && f > last) {
        last = f;
        opts.onProgress(f);
      }
    },
  });
  if (opts.onProgress && last < 1) opts.onProgress(1);
  return res;
}
