/** @jsxImportSource hono/jsx */
// Small shared pieces: alerts, dates, status badges, a copyable secret.
export const fmtDateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" }) + " UTC" : "—";

export const Flash = (p: { error?: string; notice?: string }) => (
  <div aria-live="polite">
    {p.error && <p class="alert" role="alert">{p.error}</p>}
    {p.notice && <p class="notice" role="status">{p.notice}</p>}
  </div>
);

export const StatusBadge = (p: { status: string; id?: string }) => (
  <span class={`status ${p.status}`} id={p.id} data-status>
    {p.status}
  </span>
);

/**
 * A clip's measured quality (docs/clip-quality.md): a badge ("checked", or how many flags), the
 * flags still present with their one-line explanations, and what was fixed before delivery.
 */
export const QualityBadge = (p: { quality: { ok: boolean; flags: { name: string; message: string }[]; fixes: { flag: string; action: string }[] } | null; id: string }) =>
  p.quality ? (
    <div class="quality" data-quality={p.quality.ok ? "ok" : "flagged"}>
      <span class={`status ${p.quality.ok ? "complete" : "failed"}`} aria-label="Quality check">
        {p.quality.ok ? "quality: ok" : `quality: ${p.quality.flags.length} flag${p.quality.flags.length === 1 ? "" : "s"}`}
      </span>
      {p.quality.flags.length > 0 && (
        <ul aria-label="Quality flags" id={`${p.id}-flags`}>
          {p.quality.flags.map((f) => (
            <li data-flag={f.name}><strong>{f.name}</strong>: {f.message}</li>
          ))}
        </ul>
      )}
      {p.quality.fixes.length > 0 && (
        <ul aria-label="Fixed before delivery" class="muted">
          {p.quality.fixes.map((f) => (
            <li data-fix={f.flag}>Fixed {f.flag}: {f.action}</li>
          ))}
        </ul>
      )}
    </div>
  ) : null;

export const Secret = (p: { id: string; value: string; label: string }) => (
  <div class="secret">
    <code id={p.id} aria-label={p.label}>{p.value}</code>
    <button type="button" class="btn" data-copy={p.id}>Copy</button>
  </div>
);
