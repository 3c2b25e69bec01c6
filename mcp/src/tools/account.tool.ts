// Account reads: usage, account, brand kit, webhook signing secret. All free and read-only.
import { AccountSchema, BrandKitListSchema, UsageSchema, WebhookDetailsSchema } from "@katto/protocol/api";
import { defineTool, unwrap } from "../tool";

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const getUsage = defineTool({
  name: "service_get_usage",
  title: "Get quota usage",
  description: "This month's quota: plan, videos used, limit and remaining. Each new clip job uses one video; re-renders and dubbing are free. Free and read-only.",
  input: {},
  output: UsageSchema,
  annotations: readOnly,
  run: (_args, { api }) => unwrap(api.GET("/api/v1/usage")),
  summary: (u) => `Plan ${u.plan}: ${u.videos_used} of ${u.videos_limit} videos used this month, ${u.videos_remaining} remaining.`,
});

export const getAccount = defineTool({
  name: "service_get_account",
  title: "Get the account",
  description: "The signed-in account: user id, plan, the credential's id and scopes (read, write) and the quota with the start of the current period. Free and read-only.",
  input: {},
  output: AccountSchema,
  annotations: readOnly,
  run: (_args, { api }) => unwrap(api.GET("/api/v1/me")),
  summary: (a) => `Account ${a.user_id}, plan ${a.plan}, scopes ${a.key.scopes.join(" ")}, ${a.quota.videos_remaining} video(s) remaining.`,
});

export const getBrandKit = defineTool({
  name: "service_get_brand_kit",
  title: "Get the brand kit",
  description: "The account's brand kits (caption colours, font, position, default layout, watermark) applied to rendered clips. Free and read-only.",
  input: {},
  output: BrandKitListSchema,
  annotations: readOnly,
  run: (_args, { api }) => unwrap(api.GET("/api/v1/brand-kit")),
  summary: (b) => (b.brand_kits.length ? `Brand kit(s): ${b.brand_kits.map((k) => k.name).join(", ")}.` : "No brand kit: clips use the default style."),
});

export const getWebhookSecret = defineTool({
  name: "service_get_webhook_secret",
  title: "Get the webhook signing secret",
  description: "The secret that signs job-completion callbacks (HMAC-SHA256 over `timestamp.body`), with the header names. Use it only to verify callbacks; treat it as a secret. Free and read-only.",
  input: {},
  output: WebhookDetailsSchema,
  annotations: readOnly,
  run: (_args, { api }) => unwrap(api.GET("/api/v1/webhook")),
  summary: (w) => `Webhook signing secret retrieved (scheme ${w.scheme}; headers ${w.signature_header}, ${w.timestamp_header}).`,
});
