// One shape for every command: its words ("jobs list"), options for node:util parseArgs, help
// text with examples, and run(). main.ts finds the command, parses, and maps errors to exit codes.
import type { ParseArgsConfig } from "node:util";
import { createKatto, type Katto } from "@katto/sdk";
import type { Credentials } from "./config";
import { CliError, EXIT } from "./exit-codes";
import type { Ui } from "./output";

export type Options = NonNullable<ParseArgsConfig["options"]>;
export type Values = Record<string, string | boolean | string[] | undefined>;

export interface Context {
  ui: Ui;
  creds: Credentials;
  /** The SDK client; throws the "no API key" error when none is configured. */
  katto(): Katto;
  version: string;
}

export interface Command {
  words: string[];
  summary: string;
  usage: string;
  /** Lines shown under the usage in --help (what to know before running it). */
  notes?: string[];
  options?: Options;
  /** Positional arguments: exact count, or [min, max]. */
  args?: number | [number, number];
  examples: string[];
  /** Commands that work without an API key (login, webhook verify). */
  noAuth?: boolean;
  run(ctx: Context, args: string[], values: Values): Promise<number | void>;
}

export const GLOBAL_OPTIONS: Options = {
  json: { type: "boolean" },
  debug: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

export function makeKatto(creds: Credentials, ui: Ui, version: string): () => Katto {
  let katto: Katto | undefined;
  return () => {
    if (!creds.apiKey) throw new CliError(EXIT.auth, "No API key. Run `katto login`, or set KATTO_API_KEY.");
    katto ??= createKatto({
      apiKey: creds.apiKey,
      baseUrl: creds.baseUrl,
      headers: { "User-Agent": `katto-cli/${version}` },
      retry: {
        onRetry: ({ delayMs, reason }) =>
          ui.note(reason === "rate_limited" ? `Rate limited; retrying in ${Math.ceil(delayMs / 1000)} s…` : `Network error; retrying in ${Math.ceil(delayMs / 1000)} s…`),
      },
    });
    return katto;
  };
}

export function helpText(c: Command): string {
  const opts = Object.entries(c.options ?? {}).map(([name, o]) => `  --${name}${o.type === "string" ? " <value>" : ""}${o.multiple ? " (repeatable)" : ""}`);
  return [
    c.summary,
    "",
    `Usage: ${c.usage}`,
    ...(c.notes?.length ? ["", ...c.notes] : []),
    ...(opts.length ? ["", "Options:", ...opts] : []),
    "",
    "Global options:",
    "  --json     print only JSON on stdout",
    "  --debug    show a stack trace on errors",
    "  -h, --help show this help",
    "",
    "Examples:",
    ...c.examples.map((e) => `  ${e}`),
  ].join("\n");
}

/** A positional that must be a non-negative integer (clip index). */
export function intArg(value: string, name: string): number {
  if (!/^\d+$/.test(value)) throw new CliError(EXIT.usage, `${name} must be a whole number, got "${value}".`);
  return Number(value);
}

export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new CliError(EXIT.usage, `--${flag} must be one of ${allowed.join(", ")}; got "${value}".`);
  return value as T;
}
