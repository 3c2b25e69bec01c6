/** @jsxImportSource hono/jsx */
// The page frame shared by every dashboard page and by the OAuth approval screen.
import type { Child } from "hono/jsx";

export interface LayoutProps {
  title: string;
  /** Signed-in account: shows the navigation and the sign-out button. */
  account?: { email: string };
  /** Current section, highlighted in the navigation. */
  active?: "home" | "keys" | "jobs" | "brand-kits" | "broll" | "webhooks" | "connections" | "publications" | "insights";
  children?: Child;
}

const NAV = [
  ["home", "/dashboard", "Overview"],
  ["jobs", "/dashboard/jobs", "Jobs"],
  ["keys", "/dashboard/keys", "API keys"],
  ["brand-kits", "/dashboard/brand-kits", "Brand kits"],
  ["broll", "/dashboard/broll", "B-roll"],
  ["webhooks", "/dashboard/webhooks", "Webhooks"],
  ["connections", "/dashboard/connections", "Connections"],
  ["publications", "/dashboard/publications", "Publications"],
  ["insights", "/dashboard/insights", "Insights"],
] as const;

export const Layout = (props: LayoutProps) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="color-scheme" content="light dark" />
      <title>{`${props.title} · Katto`}</title>
      <link rel="stylesheet" href="/dashboard/assets/dashboard.css" />
      <script src="/dashboard/assets/dashboard.js" defer></script>
    </head>
    <body>
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <a class="brand" href="/dashboard" aria-label="Katto dashboard">
          <span class="logo" aria-hidden="true">✂</span> Katto
        </a>
        {props.account && (
          <nav aria-label="Sections">
            {NAV.map(([id, href, label]) => (
              <a href={href} aria-current={props.active === id ? "page" : undefined}>{label}</a>
            ))}
          </nav>
        )}
        {props.account && (
          <form method="post" action="/dashboard/sign-out" class="signout">
            <span class="who" title={props.account.email}>{props.account.email}</span>
            <button type="submit" class="btn ghost">Sign out</button>
          </form>
        )}
      </header>
      <main id="main">{props.children}</main>
    </body>
  </html>
);

/** Renders a page as a complete HTML document. */
export async function renderPage(el: unknown): Promise<string> {
  return "<!doctype html>" + (await String(el));
}
