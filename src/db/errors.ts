// What a failed D1 statement was, read through the wrappers: drizzle throws its own error with the
// driver's (D1's) error as `cause`, so a message test on the outer error alone misses the reason.

/** Whether a D1 error, at any depth of its `cause` chain, is a UNIQUE constraint violation. */
export function isUniqueViolation(e: unknown): boolean {
  for (let x: unknown = e, depth = 0; x !== null && x !== undefined && depth < 8; x = (x as { cause?: unknown }).cause, depth++) {
    const message = x instanceof Error ? x.message : String(x);
    if (/UNIQUE constraint failed/i.test(message)) return true;
  }
  return false;
}
