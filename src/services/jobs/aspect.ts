// The shape of a job's clips, decided once when the job is created (STYLE.md "Decide a parameter
// once"; issue 41): the job's config names it, else the account's default brand kit, else 9:16.
// Stored with the job (jobs.aspect); every render task of the job carries it from there.
import { AspectSchema, DEFAULT_ASPECT, type Aspect } from "@katto/protocol";
import type { Config } from "@katto/protocol/api";
import { kitsOf } from "../accounts/brand-kit-rows";

/** The job's shape: its config's, else the default kit's (the account's oldest), else 9:16. */
export async function resolveJobAspect(db: D1Database, accountId: string, config: Config | undefined): Promise<Aspect> {
  if (config?.aspect) return config.aspect;
  const kit = await kitsOf(db, accountId).limit(1).get();
  return AspectSchema.safeParse(kit?.aspect).data ?? DEFAULT_ASPECT;
}

/** The shape stored with a job (jobs.aspect, NOT NULL): read with the protocol's schema, so a task never carries anything else. */
export function jobAspect(value: string): Aspect {
  const a = AspectSchema.safeParse(value);
  if (!a.success) throw new Error(`jobs.aspect holds ${JSON.stringify(value)}, not a shape (${a.error.issues[0]?.message})`);
  return a.data;
}

