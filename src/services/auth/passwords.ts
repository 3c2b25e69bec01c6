// Dashboard passwords: PBKDF2-SHA256 from WebCrypto with a per-account random salt. The parameters
// are stored beside each hash, so raising them later rehashes on the next successful sign-in.
import { ValidationError } from "../../errors";
import { timingSafeEqualStr } from "../../lib/ids";

/** The most production Workers accept: deriveBits refuses more than 100,000 PBKDF2 iterations
 * (local workerd does not enforce it, so test/workers/dashboard/passwords.test.ts asserts this). */
export const PBKDF2_ITERATIONS = 100_000;
export const PASSWORD_ALGORITHM = "pbkdf2-sha256";
export const PASSWORD_MIN_LENGTH = 12;
const SALT_BYTES = 16;
const KEY_BITS = 256;

export interface StoredPassword {
  hash: string;
  salt: string;
  algorithm: string;
  iterations: number;
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (s: string) => Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, KEY_BITS);
  return b64(new Uint8Array(bits));
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<StoredPassword> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return { hash: await derive(password, salt, iterations), salt: b64(salt), algorithm: PASSWORD_ALGORITHM, iterations };
}

/** Constant-time comparison of the derived key with the stored one. */
export async function verifyPassword(password: string, stored: StoredPassword): Promise<boolean> {
  if (stored.algorithm !== PASSWORD_ALGORITHM) return false;
  return timingSafeEqualStr(await derive(password, unb64(stored.salt), stored.iterations), stored.hash);
}

/** True when the stored hash was made with other parameters than today's. */
export const needsRehash = (stored: Pick<StoredPassword, "algorithm" | "iterations">) =>
  stored.algorithm !== PASSWORD_ALGORITHM || stored.iterations !== PBKDF2_ITERATIONS;

export function checkPasswordRules(password: string) {
  if (password.length < PASSWORD_MIN_LENGTH) throw new ValidationError(`password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (password.length > 1024) throw new ValidationError("password must be at most 1024 characters");
}
