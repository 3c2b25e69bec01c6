// Pure parser for ffmpeg's `-progress pipe:1` output.
// ffmpeg writes blocks of `key=value` lines, each block ending with `progress=continue` or
// `progress=end`. `out_time_us` (and, despite its name, `out_time_ms`) are microseconds of output
// written so far; `out_time` is HH:MM:SS.micro. Any of them can be "N/A" early on.

export interface ProgressState {
  /** partial line carried over between chunks */
  rest: string;
  /** seconds of output written, last seen */
  outTimeS: number | null;
  ended: boolean;
}

export const initialProgress = (): ProgressState => ({ rest: "", outTimeS: null, ended: false });

/** Parse one `key=value` line; null for anything else. */
export function parseProgressLine(line: string): { key: string; value: string } | null {
  const i = line.indexOf("=");
  if (i <= 0) return null;
  return { key: line.slice(0, i).trim(), value: line.slice(i + 1).trim() };
}

/** `HH:MM:SS.ffffff` -> seconds, null when not a time. */
export function parseClock(value: string): number | null {
  const m = /^(-?)(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(value);
  if (!m) return null;
  const s = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
  return m[1] ? -s : s;
}

/** Seconds of output from one progress field, or null when the field carries no time. */
export function outTimeFromField(key: string, value: string): number | null {
  if (key === "out_time_us" || key === "out_time_ms") {
    if (!/^-?\d+$/.test(value)) return null;
    return Number(value) / 1e6;
  }
  if (key === "out_time") return parseClock(value);
  return null;
}

/** Feed a chunk of stdout; returns the new state. */
export function feedProgress(state: ProgressState, chunk: string): ProgressState {
  const text = state.rest + chunk;
  const lines = text.split(/\r?\n/);
  const rest = lines.pop() ?? "";
  let { outTimeS, ended } = state;
  for (const line of lines) {
    const kv = parseProgressLine(line);
    if (!kv) continue;
    const t = outTimeFromField(kv.key, kv.value);
    if (t !== null && t >= 0) outTimeS = t;
    if (kv.key === "progress" && kv.value === "end") ended = true;
  }
  return { rest, outTimeS, ended };
}

/** Fraction 0..1 of an output of `durationS` seconds. */
export function progressFraction(state: ProgressState, durationS: number): number {
  if (state.ended) return 1;
  if (state.outTimeS === null || !(durationS > 0)) return 0;
  return Math.min(1, Math.max(0, state.outTimeS / durationS));
}
