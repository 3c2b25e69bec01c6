// The one parser of the intervals ffmpeg's detection filters log as start/end pairs:
// silencedetect (`silence_start: 1.2` … `silence_end: 5.3`), freezedetect
// (`lavfi.freezedetect.freeze_start: 1` … `freeze_end: 4`). Pure, tested without ffmpeg.

export interface Interval {
  start: number;
  end: number;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The `<name>_start` / `<name>_end` pairs in a filter's log, clamped into [0, duration]; an interval
 * still open when the stream ends runs to `duration`. A value that is not a number, or an end not
 * after its start, is passed over.
 */
export function parseIntervals(stderr: string, name: string, duration: number): Interval[] {
  const out: Interval[] = [];
  let open: number | null = null;
  for (const m of stderr.matchAll(new RegExp(`${escape(name)}_(start|end):\\s*(-?[\\d.]+)`, "g"))) {
    const raw = Number(m[2]);
    if (!Number.isFinite(raw)) continue;
    const t = Math.min(duration, Math.max(0, raw));
    if (m[1] === "start") open = t;
    else if (open !== null) {
      if (t > open) out.push({ start: open, end: t });
      open = null;
    }
  }
  if (open !== null && duration > open) out.push({ start: open, end: duration });
  return out;
}

/** silencedetect's quiet intervals. */
export const parseSilences = (stderr: string, duration: number) => parseIntervals(stderr, "silence", duration);

/** freezedetect's frozen intervals. */
export const parseFreezes = (stderr: string, duration: number) => parseIntervals(stderr, "lavfi.freezedetect.freeze", duration);
