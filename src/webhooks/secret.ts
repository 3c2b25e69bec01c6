// The per-account webhook signing secret: generated on first access (spec "Webhook signing
// details"), stored only sealed (AES-256-GCM under a key derived from APP_SECRET) in
// accounts.webhook_secret_enc. During an APP_SECRET rotation a value sealed under the previous
// secret is still read, and resealed under the new one the first time it is read.
import { and, eq, isNotNull, isNull, notLike } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { accounts } from "../db/schema";
import { NotFoundError } from "../errors";
import { type Keyring, keyId, legacyV1, open, randomToken, seal } from "../lib/crypto";

export const SECRET_PREFIX = "whsec_";
/** HKDF purpose; unchanged since the first format, so older values open with the same key. */
const PURPOSE = "katto webhook secret v1";

/** "whsec_" + 32 random bytes, base64url without padding (43 characters). */
export const generateSigningSecret = (): string => SECRET_PREFIX + randomToken(32);

/** The stored form: "v2:<key id>:<base64url(iv || ciphertext)>" under the current APP_SECRET. */
export const encryptSecret = (ring: Keyring, plaintext: string): Promise<string> => seal(ring, PURPOSE, plaintext);

/** What deployments before key ids stored ("v1:..."); still read, and resealed when read. */
export const encryptSecretV1 = (appSecret: string, plaintext: string): Promise<string> => legacyV1(appSecret, PURPOSE, plaintext);

/** Opens a stored value with the current or previous APP_SECRET; throws if neither opens it. */
export const decryptSecret = (ring: Keyring, enc: string) => open(ring, PURPOSE, enc, { legacyV1: true });

/**
 * The account's signing secret, generated and stored on first access. Concurrency-safe: the
 * write is a conditional UPDATE that only fills an empty column, and everyone then re-reads, so
 * concurrent first accesses all return the single stored value. A value opened with the previous
 * APP_SECRET is rewritten under the current one (conditional on the old value, so a concurrent
 * reseal is harmless: both wrote the same plaintext).
 * Throws NotFoundError if the account does not exist.
 */
export async function getOrCreateWebhookSecret(db: D1Database, ring: Keyring, accountId: string): Promise<string> {
  const d = drizzle(db);
  const read = async () => {
    const rows = await d.select({ enc: accounts.webhookSecretEnc }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
    if (rows.length === 0) throw new NotFoundError(`Account ${accountId} not found.`);
    return rows[0].enc;
  };
  let enc = await read();
  if (enc == null) {
    const fresh = await encryptSecret(ring, generateSigningSecret());
    await d
      .update(accounts)
      .set({ webhookSecretEnc: fresh })
      .where(and(eq(accounts.id, accountId), isNull(accounts.webhookSecretEnc)));
    enc = await read();
    if (enc == null) throw new Error("webhook secret was not stored");
  }
  const opened = await decryptSecret(ring, enc);
  if (opened.resealed) {
    await d
      .update(accounts)
      .set({ webhookSecretEnc: opened.resealed })
      .where(and(eq(accounts.id, accountId), eq(accounts.webhookSecretEnc, enc)));
  }
  return opened.plaintext;
}

/**
 * During an APP_SECRET rotation, rewrites up to `limit` stored secrets that are not sealed under
 * the current key (run by the cron trigger), so every account is moved over even if its secret is
 * never read. Returns how many were rewritten; when that reaches 0, APP_SECRET_PREVIOUS can go.
 */
export async function resealWebhookSecrets(db: D1Database, ring: Keyring, limit = 100): Promise<number> {
  if (!ring.previous || !ring.current) return 0;
  const current = `v2:${await keyId(ring.current)}:%`;
  const results = await drizzle(db)
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(isNotNull(accounts.webhookSecretEnc), notLike(accounts.webhookSecretEnc, current)))
    .limit(limit)
    .all();
  let resealed = 0;
  for (const { id } of results) {
    try {
      await getOrCreateWebhookSecret(db, ring, id);
      resealed++;
    } catch (e) {
      // Sealed under neither key: left as it is (the account's next GET /webhook reports it).
      console.log(JSON.stringify({ msg: "webhook secret opens under neither APP_SECRET nor APP_SECRET_PREVIOUS", account_id: id, error: String(e) }));
    }
  }
  if (results.length) console.log(JSON.stringify({ msg: "webhook secrets resealed under the current APP_SECRET", resealed, batch: results.length }));
  return resealed;
}
