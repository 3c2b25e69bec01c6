import type { Command } from "../command";
import { table } from "../output";

export const usage: Command = {
  words: ["usage"],
  summary: "Show this period's video quota: used, limit, remaining.",
  usage: "katto usage",
  args: 0,
  examples: ["katto usage", "katto usage --json | jq .videos_remaining"],
  async run(ctx) {
    const katto = ctx.katto();
    const u = await katto.unwrap(katto.api.GET("/api/v1/usage"));
    ctx.ui.result(u, () => `plan:      ${u.plan}\nused:      ${u.videos_used} of ${u.videos_limit} videos\nremaining: ${u.videos_remaining}`);
  },
};

export const me: Command = {
  words: ["me"],
  summary: "Show the account and key you are using.",
  usage: "katto me",
  args: 0,
  examples: ["katto me", "katto me --json"],
  async run(ctx) {
    const katto = ctx.katto();
    const a = await katto.unwrap(katto.api.GET("/api/v1/me"));
    ctx.ui.result(a, () => `user:     ${a.user_id}\nplan:     ${a.plan}\nkey:      ${a.key.id} (${a.key.scopes.join(", ")})\nbase URL: ${ctx.creds.baseUrl}`);
  },
};

export const brandKit: Command = {
  words: ["brand-kit"],
  summary: "List your brand kits (colours, caption font and position, default layout).",
  usage: "katto brand-kit",
  args: 0,
  examples: ["katto brand-kit", "katto brand-kit --json"],
  async run(ctx) {
    const katto = ctx.katto();
    const b = await katto.unwrap(katto.api.GET("/api/v1/brand-kit"));
    ctx.ui.result(b, () =>
      b.brand_kits.length
        ? table(["name", "primary", "accent", "font", "captions", "layout"], b.brand_kits.map((k) => [k.name, k.primary_color, k.accent_color, k.caption_font, k.caption_position, k.default_layout]))
        : "No brand kits (create one in the dashboard).",
    );
  },
};
