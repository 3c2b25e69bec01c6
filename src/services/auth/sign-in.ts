// Email + password sign-in for the dashboard and the hosted MCP server's OAuth approval screen.
// Plain function of D1: any route (dashboard, /oauth/authorize) calls it and maps its errors.
// Throttling (docs/api-decisions.md "Dashboard sign-in"): failures are counted per e-mail address
// (known or not, so the counter says nothing about which accounts exist) and per client address;
// after a few free failures each further attempt must wait an exponentially growing delay, and past
// a threshold the subject is locked out for 15 minutes. Refused attempts are not checked or counted.
import { eq, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { accounts, signInFailures } from "../../db/schema";
import { ForbiddenError, ServiceError, UnauthorizedError, ValidationError } from "../../errors";
import { createAccount, setAccountPassword } from "../accounts/admin";
import { checkPasswordRules, hashPassword, needsRehash, verifyPassword, type StoredPassword } from "./passwords";

/** The one message for an unknown e-mail, a wrong password and an account without a password. */
export const SIGN_IN_FAILED_MESSAGE = "Email or password is incorrect.";

export class InvalidCredentialsError extends UnauthorizedError {
  constructor() {
    super(SIGN_IN_FAILED_MESSAGE);
  }
}
export class SignInThrottledError extends ServiceError {
  constructor(readonly retryAfterSeconds: number) {
    super("rate_limited", `Too many failed sign-in attempts. Try again in ${retryAfterSeconds} seconds.`);
  }
}

export interface ThrottlePolicy {
  /** Failures allowed with no delay. */
  free: number;
  /** Failures at which the subject is locked out for `lockSeconds`. */
  lockAt: number;
  lockSeconds: number;
  maxDelaySeconds: number;
  /** A failure older than this starts the count again. */
  windowSeconds: number;
}
export const ACCOUNT_THROTTLE: ThrottlePolicy = { free: 3, lockAt: 10, lockSeconds: 900, maxDelaySeconds: 60, windowSeconds: 900 };
export const ADDRESS_THROTTLE: ThrottlePolicy = { free: 10, lockAt: 50, lockSeconds: 900, maxDelaySeconds: 60, windowSeconds: 900 };

/** Seconds to wait after the n-th failure: 0 while free, then 1, 2, 4, ... capped, then the lock-out. */
export function throttleDelaySeconds(failures: number, p: ThrottlePolicy): number {
  if (failures >= p.lockAt) return p.lockSeconds;
  if (failures <= p.free) return 0;
  return Math.min(2 ** (failures - p.free - 1), p.maxDelaySeconds);
}

export const emailSubject = (email: string) => `email:${email.trim().toLowerCase()}`;
export const addressSubject = (ip: string) => `ip:${ip}`;

// A fixed hash to verify against when the e-mail is unknown, so both paths cost one PBKDF2.
let dummy: Promise<StoredPassword> | undefined;

export interface SignedIn {
  accountId: string;
  email: string;
  plan: string;
}

export async function signIn(input: { db: D1Database; email: string; password: string; ip?: string | null; now?: Date }): Promise<SignedIn> {
  const now = input.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  const subjects: [string, ThrottlePolicy][] = [[emailSubject(email), ACCOUNT_THROTTLE]];
  if (input.ip) subjects.push([addressSubject(input.ip), ADDRESS_THROTTLE]);
  const d = drizzle(input.db);

  const blocks = await d.select({ blockedUntil: signInFailures.blockedUntil }).from(signInFailures).where(inArray(signInFailures.subject, subjects.map(([s]) => s))).all();
  const until = Math.max(0, ...blocks.map((b) => (b.blockedUntil ? Date.parse(b.blockedUntil) : 0)));
  if (until > now.getTime()) throw new SignInThrottledError(Math.ceil((until - now.getTime()) / 1000));

  const row = email && input.password.length <= 1024
    ? await d
        .select({ id: accounts.id, email: accounts.email, plan: accounts.plan, hash: accounts.passwordHash, salt: accounts.passwordSalt, algorithm: accounts.passwordAlgorithm, iterations: accounts.passwordIterations })
        .from(accounts)
        .where(eq(accounts.email, email))
        .get()
    : undefined;
  const stored = row?.hash && row.salt && row.algorithm && row.iterations ? { hash: row.hash, salt: row.salt, algorithm: row.algorithm, iterations: row.iterations } : undefined;
  const ok = stored ? await verifyPassword(input.password, stored) : (await verifyPassword(input.password, await (dummy ??= hashPassword("not a password"))), false);
  if (!ok || !row || !stored) {
    for (const [subject, policy] of subjects) await recordFailure(input.db, subject, policy, now);
    throw new InvalidCredentialsError();
  }
  await d.delete(signInFailures).where(eq(signInFailures.subject, emailSubject(email))).run();
  if (needsRehash(stored)) await setAccountPassword(input.db, row.id, input.password);
  return { accountId: row.id, email: row.email, plan: row.plan };
}

/** Counts one failure atomically (one upsert), then sets how long the subject must wait. */
async function recordFailure(d1: D1Database, subject: string, p: ThrottlePolicy, now: Date) {
  const db = drizzle(d1);
  const windowStart = new Date(now.getTime() - p.windowSeconds * 1000).toISOString();
  const r = await db
    .insert(signInFailures)
    .values({ subject, failures: 1, lastFailureAt: now.toISOString() })
    .onConflictDoUpdate({
      target: signInFailures.subject,
      set: { failures: sql`CASE WHEN ${signInFailures.lastFailureAt} < ${windowStart} THEN 1 ELSE ${signInFailures.failures} + 1 END`, lastFailureAt: now.toISOString() },
    })
    .returning({ failures: signInFailures.failures })
    .get();
  const delay = throttleDelaySeconds(r?.failures ?? 1, p);
  await db
    .update(signInFailures)
    .set({ blockedUntil: delay ? new Date(now.getTime() + delay * 1000).toISOString() : null })
    .where(eq(signInFailures.subject, subject));
}

/** Self sign-up (operator setting SELF_SIGNUP="true", WorkerConfig.selfSignUp; refused by default): a free-plan account. */
export async function signUp(input: { db: D1Database; selfSignUp: boolean; email: string; password: string }): Promise<SignedIn> {
  if (!input.selfSignUp) throw new ForbiddenError("Sign-up is closed on this server. Ask its operator for an account.");
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new ValidationError("email must be an e-mail address");
  checkPasswordRules(input.password);
  const a = await createAccount(input.db, { email, plan: "free", password: input.password });
  return { accountId: a.id, email: a.email, plan: a.plan };
}
