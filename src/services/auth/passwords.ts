// Dashboard passwords: PBKDF2-SHA256 from WebCrypto with a per-account random salt. The parameters
// are stored beside each hash, so raising them later rehashes on the next successful sign-in.
import { ValidationError } from "../../errors";
import { base64, fromBase64, pbkdf2Sha256, randomBytes, timingSafeEqual } from "../../lib/crypto";

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

const derive = async (password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<string> =>
  base64(await pbkdf2Sha256(password, salt, iterations, KEY_BITS));

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<StoredPassword> {
  const salt = randomBytes(SALT_BYTES);
  return { hash: await derive(password, salt, iterations), salt: base64(salt), algorithm: PASSWORD_ALGORITHM, iterations };
}

/** Constant-time comparison of the derived key with the stored one. */
export async function verifyPassword(password: string, stored: StoredPassword): Promise<boolean> {
  if (stored.algorithm !== PASSWORD_ALGORITHM) return false;
  return timingSafeEqual(await derive(password, fromBase64(stored.salt), stored.iterations), stored.hash);
}

/** True when the stored hash was made with other parameters than today's. */
export const needsRehash = (stored: Pick<StoredPassword, "algorithm" | "iterations">) =>
  stored.algorithm !== PASSWORD_ALGORITHM || stored.iterations !== PBKDF2_ITERATIONS;

export function checkPasswordRules(password: string) {
  if (password.length < PASSWORD_MIN_LENGTH) throw new ValidationError(`password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (password.length > 1024) throw new ValidationError("password must be at most 1024 characters");
}
