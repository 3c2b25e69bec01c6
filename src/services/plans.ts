// Plans and their limits. The spec fixes free and creator; pro, internal and load_test are ours
// (docs/api-decisions.md "Plans"). Rate limits per plan: src/durable-objects/rate-limits.ts.
const GB = 1024 ** 3;

export const plans = {
  free: { videosPerMonth: 2, uploadCapBytes: 1 * GB, refundsPerMonth: 1 },
  creator: { videosPerMonth: 25, uploadCapBytes: 5 * GB, refundsPerMonth: 5 },
  pro: { videosPerMonth: 100, uploadCapBytes: 10 * GB, refundsPerMonth: 20 },
  /** Operators' own accounts: effectively unlimited, still metered. */
  internal: { videosPerMonth: 1_000_000, uploadCapBytes: 20 * GB, refundsPerMonth: 1_000_000 },
  /** An operator load-testing their own deployment (`npm run bench -- load`): 1,000 times the rate limits. */
  load_test: { videosPerMonth: 1_000, uploadCapBytes: 1 * GB, refundsPerMonth: 1_000 },
} as const;

export type PlanName = keyof typeof plans;
export const planNames = Object.keys(plans) as [PlanName, ...PlanName[]];
export const planOf = (name: string) => plans[(name in plans ? name : "free") as PlanName];

/** Start of the UTC calendar month that contains `now`: quota periods are calendar months. */
export function monthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}
