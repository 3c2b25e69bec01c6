// How both sides read settings from environment variables (the Worker's vars and secrets, the
// backend's process.env): an empty value counts as unset (`KATTO_X=` in a shell, `X = ""` in
// wrangler.toml), and every error names its variable and says what it may be, echoing the value
// only when the setting is not a secret. src/config.ts and container/src/runtime/config.ts each declare
// their schema; this is the one place the reading rule lives.
import type { z } from "zod";

export type Environment = Readonly<Record<string, unknown>>;

export type SettingsResult<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/** Only string values of the named variables are read: bindings beside them (D1, R2, ...) are not settings. */
export function parseSettings<T>(schema: z.ZodType<T>, names: readonly string[], env: Environment, secrets: ReadonlySet<string>): SettingsResult<T> {
  const raw: Record<string, string> = {};
  for (const k of names) {
    const v = env[k];
    if (typeof v === "string" && v !== "") raw[k] = v;
  }
  const r = schema.safeParse(raw);
  if (r.success) return { ok: true, value: r.data };
  return {
    ok: false,
    errors: r.error.issues.map((i) => {
      const name = String(i.path[0] ?? "configuration");
      const value = raw[name];
      if (value === undefined || secrets.has(name)) return `${name} ${i.message}`;
      return `${name}=${/^[\w.:/@+-]+$/.test(value) ? value : JSON.stringify(value)} ${i.message}`;
    }),
  };
}

/** Every bad setting of one side at once, one per line. */
export class ConfigError extends Error {
  readonly name = "ConfigError";
  constructor(readonly errors: string[], of: string) {
    super(`invalid ${of} configuration:\n${errors.map((e) => `  ${e}`).join("\n")}`);
  }
}
