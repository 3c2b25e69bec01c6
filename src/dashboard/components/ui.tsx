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

export const Secret = (p: { id: string; value: string; label: string }) => (
  <div class="secret">
    <code id={p.id} aria-label={p.label}>{p.value}</code>
    <button type="button" class="btn" data-copy={p.id}>Copy</button>
  </div>
);
