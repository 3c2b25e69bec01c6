// Transcript segments (GET /jobs/{id}/transcript) as plain text or SubRip (SRT).
export interface Segment {
  start: number;
  end: number;
  text: string;
}

/** 3723.5 -> "01:02:03,500" (SRT time). */
export function srtTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
}

export function toSrt(segments: Segment[]): string {
  return segments
    .filter((s) => s.text.trim() !== "")
    .map((s, i) => `${i + 1}\n${srtTime(s.start)} --> ${srtTime(Math.max(s.end, s.start))}\n${s.text.trim()}\n`)
    .join("\n");
}

export function toText(segments: Segment[]): string {
  return segments.map((s) => s.text.trim()).filter(Boolean).join("\n") + "\n";
}
