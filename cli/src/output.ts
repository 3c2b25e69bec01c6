// What the command prints and where: results on stdout (JSON only with --json), everything else
// (progress bars, status lines, hints) on stderr and only when stderr is a terminal, so pipes and
// CI logs get clean output.

export interface Ui {
  json: boolean;
  /** stderr is a TTY: show progress and notes. */
  interactive: boolean;
  /** Prints the command's result: JSON with --json, else the human text. */
  result(value: unknown, human: () => string): void;
  /** A status line on stderr (TTY only). */
  note(text: string): void;
  /** Redraws one progress line on stderr (TTY only), at most every 100 ms unless `force`; done() ends it. */
  progress(text: string, force?: boolean): void;
  done(): void;
}

export function createUi(json: boolean, stdout: NodeJS.WriteStream = process.stdout, stderr: NodeJS.WriteStream = process.stderr): Ui {
  const interactive = Boolean(stderr.isTTY) && process.env.CI === undefined;
  let open = false;
  let drawnAt = 0;
  const ui: Ui = {
    json,
    interactive,
    result(value, human) {
      ui.done();
      if (json) stdout.write(JSON.stringify(value, null, 2) + "\n");
      else {
        const text = human();
        if (text) stdout.write(text.endsWith("\n") ? text : text + "\n");
      }
    },
    note(text) {
      if (!interactive) return;
      ui.done();
      stderr.write(text + "\n");
    },
    progress(text, force = true) {
      if (!interactive) return;
      // Byte counters call this per 256 KB chunk; redrawing faster than the eye only costs time.
      if (!force && Date.now() - drawnAt < 100) return;
      drawnAt = Date.now();
      const width = stderr.columns || 100;
      stderr.write(`\r\x1b[2K${text.length > width - 1 ? text.slice(0, width - 1) : text}`);
      open = true;
    },
    done() {
      if (open) stderr.write("\n");
      open = false;
    },
  };
  return ui;
}

/** `[█████░░░░░]  42%`; pct in 0..100. */
export function bar(pct: number, width = 24): string {
  const p = Math.max(0, Math.min(100, pct));
  const filled = Math.round((p / 100) * width);
  return `[${"█".repeat(filled)}${"░".repeat(width - filled)}] ${String(Math.floor(p)).padStart(3)}%`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

/** Left-aligned columns, two spaces apart. */
export function table(headers: string[], rows: (string | number | null | undefined)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map((c) => (c === null || c === undefined ? "-" : String(c))))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i]?.length ?? 0)));
  return cells.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join("  ")).join("\n");
}

/** A clip's quality in one table cell: "ok", "ok (fixed: cuts_word)", the flags still present, or "-" when unmeasured. */
export function qualityCell(q: { ok: boolean; flags: { name: string }[]; fixes: { flag: string }[] } | null | undefined): string {
  if (!q) return "-";
  const fixed = q.fixes.length ? ` (fixed: ${[...new Set(q.fixes.map((f) => f.flag))].join(",")})` : "";
  return (q.ok ? "ok" : q.flags.map((f) => f.name).join(",")) + fixed;
}

/** Who chose a clip in one table cell: "openai:qwen2.5:7b", "offline", "offline (fallback)", or "-" for clips stored without it. */
export function chosenBy(c: { engine: string; model: string | null; fallback_reason: string | null } | null | undefined): string {
  if (!c) return "-";
  return `${c.engine}${c.model ? `:${c.model}` : ""}${c.fallback_reason ? " (fallback)" : ""}`;
}

/** A job's quality summary in one line, or null before it completes. */
export function qualityLine(q: { clips_delivered: number; clips_fixed: number; clips_flagged: number; clips_dropped: number; flags: Record<string, number> } | null | undefined): string | null {
  if (!q) return null;
  const flags = Object.entries(q.flags).map(([name, n]) => `${name} x${n}`).join(", ");
  return `${q.clips_delivered} delivered, ${q.clips_fixed} fixed, ${q.clips_flagged} flagged, ${q.clips_dropped} dropped${flags ? ` (${flags})` : ""}`;
}
