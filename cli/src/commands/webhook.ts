import { readFileSync } from "node:fs";
import { verifyWebhook } from "@katto/sdk";
import type { Command } from "../command";
import { CliError, EXIT, usageError } from "../exit-codes";

export const webhookSecret: Command = {
  words: ["webhook", "secret"],
  summary: "Print the signing secret of your completion callbacks, with the header names.",
  usage: "katto webhook secret",
  args: 0,
  examples: ["katto webhook secret", "export KATTO_WEBHOOK_SECRET=$(katto webhook secret --json | jq -r .signing_secret)"],
  async run(ctx) {
    const katto = ctx.katto();
    const w = await katto.unwrap(katto.api.GET("/api/v1/webhook"));
    ctx.ui.result(w, () => `${w.signing_secret}\n`);
    ctx.ui.note(`Signed as ${w.signature_header}: sha256=<hex HMAC> over "<${w.timestamp_header}>.<raw body>" (${w.scheme}).`);
  },
};

function readFile(file: string, what: string): Buffer {
  try {
    return readFileSync(file);
  } catch {
    throw usageError(`Cannot read ${what} file ${file}.`);
  }
}

/** Headers saved as a JSON object or as raw `Name: value` lines (curl -D, an HTTP dump). */
export function parseHeaderFile(text: string): Record<string, string> {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    try {
      const obj = JSON.parse(trimmed) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? String(v[0]) : String(v)]));
    } catch {
      throw usageError("The headers file looks like JSON but does not parse.");
    }
  }
  const out: Record<string, string> = {};
  for (const line of trimmed.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

export const webhookVerify: Command = {
  words: ["webhook", "verify"],
  summary: "Check a saved callback (raw body + headers) against your signing secret; exit 8 if it is not valid.",
  usage: "katto webhook verify --body FILE (--headers FILE | --timestamp TS --signature sha256=HEX) [--secret whsec_… | KATTO_WEBHOOK_SECRET] [--tolerance SECONDS]",
  args: 0,
  noAuth: true,
  options: { body: { type: "string" }, headers: { type: "string" }, timestamp: { type: "string" }, signature: { type: "string" }, secret: { type: "string" }, tolerance: { type: "string" } },
  examples: [
    "katto webhook verify --secret $KATTO_WEBHOOK_SECRET --body body.json --headers headers.txt",
    "katto webhook verify --body body.json --timestamp 1767254400 --signature sha256=3f…",
  ],
  async run(ctx, _args, v) {
    if (!v.body) throw usageError("--body FILE is required: the raw request body exactly as received.");
    if (!v.headers && !(v.timestamp && v.signature)) throw usageError("Give --headers FILE, or both --timestamp and --signature.");
    const tolerance = v.tolerance === undefined ? undefined : Number(v.tolerance);
    if (tolerance !== undefined && (!Number.isFinite(tolerance) || tolerance < 0)) throw usageError(`--tolerance must be seconds (0 or more), got "${v.tolerance}".`);
    let secret = (v.secret as string | undefined) ?? process.env.KATTO_WEBHOOK_SECRET;
    if (!secret) {
      // No secret given: ask the API for the account's (needs a key).
      const katto = ctx.katto();
      secret = (await katto.unwrap(katto.api.GET("/api/v1/webhook"))).signing_secret;
    }
    const result = await verifyWebhook({
      body: new Uint8Array(readFile(v.body as string, "body")),
      secret,
      headers: v.headers ? parseHeaderFile(readFile(v.headers as string, "headers").toString("utf8")) : undefined,
      timestamp: v.timestamp as string | undefined,
      signature: v.signature as string | undefined,
      toleranceSeconds: tolerance,
    });
    if (ctx.ui.json) ctx.ui.result({ valid: result.ok, ...(result.ok ? {} : { reason: result.reason }) }, () => "");
    else if (result.ok) ctx.ui.result(null, () => "valid");
    if (!result.ok) {
      if (ctx.ui.json) return EXIT.invalidSignature;
      throw new CliError(EXIT.invalidSignature, `Invalid webhook: ${result.reason}.`);
    }
  },
};
