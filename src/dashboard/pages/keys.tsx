/** @jsxImportSource hono/jsx */
// API keys: create (shown once), list, revoke (immediate). Services: services/accounts/keys.ts.
import type { Context, Hono } from "hono";
import { ServiceError } from "../../errors";
import type { Scope } from "../../services/auth/keys";
import { createOwnKey, listKeys, revokeOwnKey } from "../../services/accounts/keys";
import { Layout, renderPage } from "../components/layout";
import { Flash, fmtDateTime, Secret } from "../components/ui";
import { accountCtx, type DashboardEnv, formOf, requireSession } from "../session";

async function keysPage(c: Context<DashboardEnv>, p: { error?: string; created?: { key: string; name: string | null } }, status: 200 | 201 | 400 | 404 = 200) {
  const keys = await listKeys(accountCtx(c));
  return c.html(
    await renderPage(
      <Layout title="API keys" account={c.get("session")} active="keys">
        <h1>API keys</h1>
        <Flash error={p.error} />
        {p.created && (
          <section class="card" aria-labelledby="new-key-h">
            <h2 id="new-key-h">Your new key{p.created.name ? ` “${p.created.name}”` : ""}</h2>
            <p>Copy it now: it is shown only once. Katto stores only a hash of it.</p>
            <Secret id="new-key" value={p.created.key} label="New API key" />
          </section>
        )}
        <section class="card" aria-labelledby="create-key-h">
          <h2 id="create-key-h">Create a key</h2>
          <form method="post" action="/dashboard/keys" class="row">
            <div>
              <label for="key-name">Name</label>
              <input id="key-name" name="name" maxlength={100} placeholder="e.g. Laptop CLI" />
            </div>
            <fieldset>
              <legend>Scopes</legend>
              <label class="check"><input type="checkbox" name="scopes" value="read" checked /> read</label>
              <label class="check"><input type="checkbox" name="scopes" value="write" checked /> write</label>
            </fieldset>
            <div class="shrink">
              <button type="submit" class="btn primary">Create key</button>
            </div>
          </form>
        </section>
        <section class="card" aria-labelledby="keys-h">
          <h2 id="keys-h">Keys</h2>
          {keys.length === 0 ? (
            <p class="muted">No keys yet.</p>
          ) : (
            <div class="table-wrap">
              <table>
                <thead>
                  <tr><th>Name</th><th>Prefix</th><th>Scopes</th><th class="opt">Created</th><th>Last used</th><th><span class="sr-only">Actions</span></th></tr>
                </thead>
                <tbody>
                  {keys.map((k) => (
                    <tr data-key-id={k.id}>
                      <td>{k.name ?? <span class="muted">unnamed</span>}</td>
                      <td class="mono">{k.prefix}…</td>
                      <td>{k.scopes.join(", ")}</td>
                      <td class="opt">{fmtDateTime(k.created_at)}</td>
                      <td>{k.last_used_at ? fmtDateTime(k.last_used_at) : <span class="muted">never</span>}</td>
                      <td>
                        {k.revoked_at ? (
                          <span class="status cancelled">revoked</span>
                        ) : (
                          <form method="post" action={`/dashboard/keys/${k.id}/revoke`}>
                            <button type="submit" class="btn danger" aria-label={`Revoke key ${k.name ?? k.prefix}`}>Revoke</button>
                          </form>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </Layout>,
    ),
    status,
  );
}

export function registerKeyPages(d: Hono<DashboardEnv>) {
  d.get("/dashboard/keys", requireSession, (c) => keysPage(c, {}));
  d.post("/dashboard/keys", requireSession, async (c) => {
    const f = await formOf(c);
    try {
      const k = await createOwnKey(accountCtx(c), { name: f.one("name"), scopes: f.all("scopes") as Scope[] });
      return keysPage(c, { created: { key: k.key, name: k.name } }, 201);
    } catch (e) {
      if (e instanceof ServiceError) return keysPage(c, { error: e.message }, 400);
      throw e;
    }
  });
  d.post("/dashboard/keys/:id/revoke", requireSession, async (c) => {
    try {
      await revokeOwnKey(accountCtx(c), c.req.param("id"));
    } catch (e) {
      if (e instanceof ServiceError) return keysPage(c, { error: e.message }, 404);
      throw e;
    }
    return c.redirect("/dashboard/keys", 303);
  });
}
