/** @jsxImportSource hono/jsx */
// Webhooks: signing secret revealed on click (a POST, so it never sits in a cached GET), header
// names and scheme, a verification snippet, and a signed test event. Services: services/accounts/webhooks.ts.
import type { Context, Hono } from "hono";
import { ServiceError } from "../../errors";
import { getWebhookDetails, sendTestWebhook } from "../../services/accounts/webhooks";
import { SCHEME, SIGNATURE_HEADER, SIGNATURE_PREFIX, TIMESTAMP_HEADER } from "../../webhooks/signature";
import { Layout, renderPage } from "../components/layout";
import { Flash, Secret } from "../components/ui";
import { accountCtx, type DashboardEnv, formOf, requireSession } from "../session";

const SNIPPET = `// Node 18+ (Express shown; any framework that gives you the raw body works)
import { createHmac, timingSafeEqual } from "node:crypto";

export function verifyKatto(rawBody, headers, secret, toleranceSeconds = 300) {
  const ts = headers["${TIMESTAMP_HEADER.toLowerCase()}"];
  const sig = headers["${SIGNATURE_HEADER.toLowerCase()}"] ?? "";
  if (Math.abs(Date.now() / 1000 - Number(ts)) > toleranceSeconds) return false;
  const expected = "${SIGNATURE_PREFIX}" + createHmac("sha256", secret).update(\`\${ts}.\${rawBody}\`).digest("hex");
  const a = Buffer.from(sig), b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

app.post("/katto-webhook", express.raw({ type: "application/json" }), (req, res) => {
  if (!verifyKatto(req.body.toString("utf8"), req.headers, process.env.KATTO_WEBHOOK_SECRET)) return res.sendStatus(401);
  const event = JSON.parse(req.body);
  res.sendStatus(204);
});`;

async function webhooksPage(c: Context<DashboardEnv>, p: { error?: string; notice?: string; secret?: string; url?: string } = {}, status: 200 | 400 = 200) {
  return c.html(
    await renderPage(
      <Layout title="Webhooks" account={c.get("session")} active="webhooks">
        <h1>Webhooks</h1>
        <Flash error={p.error} notice={p.notice} />
        <section class="card" aria-labelledby="secret-h">
          <h2 id="secret-h">Signing secret</h2>
          <p class="muted">Katto signs every completion callback with this secret. Keep it on your server.</p>
          {p.secret ? (
            <Secret id="webhook-secret" value={p.secret} label="Webhook signing secret" />
          ) : (
            <form method="post" action="/dashboard/webhooks/reveal">
              <button type="submit" class="btn">Reveal secret</button>
            </form>
          )}
          <dl class="facts spaced">
            <dt>Signature header</dt><dd class="mono">{SIGNATURE_HEADER}</dd>
            <dt>Timestamp header</dt><dd class="mono">{TIMESTAMP_HEADER}</dd>
            <dt>Scheme</dt><dd class="mono">{SCHEME}: {SIGNATURE_PREFIX}hex(HMAC-SHA256(secret, timestamp + "." + raw body))</dd>
          </dl>
        </section>
        <section class="card" aria-labelledby="snippet-h">
          <h2 id="snippet-h">Verify a callback</h2>
          <pre id="verify-snippet" tabindex={0}><code>{SNIPPET}</code></pre>
          <button type="button" class="btn" data-copy="verify-snippet">Copy snippet</button>
        </section>
        <section class="card" aria-labelledby="test-h">
          <h2 id="test-h">Send a test event</h2>
          <form method="post" action="/dashboard/webhooks/test" class="row">
            <div>
              <label for="test-url">Receiver URL</label>
              <input id="test-url" name="url" type="url" required placeholder="https://example.com/katto-webhook" value={p.url ?? ""} />
            </div>
            <div class="shrink"><button type="submit" class="btn primary">Send test event</button></div>
          </form>
          <p class="muted">The same rules as job webhooks apply: a public https URL; it is signed like a real callback.</p>
        </section>
      </Layout>,
    ),
    status,
  );
}

export function registerWebhookPages(d: Hono<DashboardEnv>) {
  d.get("/dashboard/webhooks", requireSession, (c) => webhooksPage(c));
  d.post("/dashboard/webhooks/reveal", requireSession, async (c) => {
    const details = await getWebhookDetails(accountCtx(c));
    return webhooksPage(c, { secret: details.signing_secret });
  });
  d.post("/dashboard/webhooks/test", requireSession, async (c) => {
    const url = (await formOf(c)).one("url");
    try {
      const r = await sendTestWebhook(accountCtx(c), url);
      if (r.ok) return webhooksPage(c, { notice: `Delivered: the receiver answered HTTP ${r.status}.`, url });
      return webhooksPage(c, { error: `Not delivered: ${r.error}.`, url }, 400);
    } catch (e) {
      if (e instanceof ServiceError) return webhooksPage(c, { error: e.message, url }, 400);
      throw e;
    }
  });
}
