import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { randomToken, sha256Hex } from "../lib/crypto";

/** What the first request answered, replayed to later requests with the same key. */
export type StoredResult = { status: number; body: unknown };

export type BeginResult =
  | { state: "acquired"; token: string }
  | { state: "in_flight" }
  | { state: "mismatch" }
  | { state: "completed"; result: StoredResult };

type Lock =
  | { fingerprint: string; state: "in_flight"; leaseUntil: number; owner: string }
  | { fingerprint: string; state: "completed"; completedAt: number; result: StoredResult };

const LOCK_KEY = "lock";
/** Results are kept at least 24 hours after completion, plus a margin for clock/alarm slack. */
export const RETENTION_MS = 24 * 60 * 60 * 1000;
const RETENTION_MARGIN_MS = 60 * 60 * 1000;

/** When a lock stops mattering and its object may forget everything. */
const expiresAt = (l: Lock) =>
  l.state === "in_flight" ? l.leaseUntil : l.completedAt + RETENTION_MS + RETENTION_MARGIN_MS;

/**
 * One object per `${apiKeyId}:${Idempotency-Key}` (spec "POST /jobs" rules 1-3; also used by
 * complete upload). The caller's flow:
 *
 *   begin(fp) -> "acquired" with an owner token: do the work, then complete(token, fp, result),
 *                            or release(token) on an error that should not be remembered
 *                            (validation, quota);
 *             -> "in_flight": 409, the client retries shortly (rule 2);
 *             -> "completed": replay result with 200 and idempotent_replay (rule 1);
 *             -> "mismatch": the key was used for a different request (409/422, caller's choice).
 *
 * The owner token makes a holder whose lease lapsed harmless: once another request acquired the
 * lock (a retry with the same body after the lease), the old holder's release or complete no
 * longer matches the owner and changes nothing, so it cannot free the lock under the new holder
 * and let a third request run the work again.
 *
 * Every method reads and writes through the synchronous KV API with no `await` in between,
 * so concurrent callers are serialised by the object's input gate: exactly one acquires.
 * An alarm deletes all storage once the lease lapsed (abandoned lock) or the retention ended.
 */
export class IdempotencyLock extends DurableObject<Env> {
  async begin(fingerprint: string, leaseSeconds = 120): Promise<BeginResult> {
    const kv = this.ctx.storage.kv;
    const now = Date.now();
    const lock = kv.get<Lock>(LOCK_KEY);
    // A lapsed lease means the first request died mid-flight: the lock counts as released.
    if (!lock || (lock.state === "in_flight" && lock.leaseUntil <= now)) {
      const leaseUntil = now + leaseSeconds * 1000;
      const token = randomToken(16);
      kv.put<Lock>(LOCK_KEY, { fingerprint, state: "in_flight", leaseUntil, owner: token });
      await this.ctx.storage.setAlarm(leaseUntil);
      return { state: "acquired", token };
    }
    if (lock.fingerprint !== fingerprint) return { state: "mismatch" };
    if (lock.state === "in_flight") return { state: "in_flight" };
    return { state: "completed", result: lock.result };
  }

  /** Stores the result of the holder `token`. False when another holder owns the key now, or a
   * result is already stored (it may have been replayed): then nothing changes. */
  async complete(token: string, fingerprint: string, result: StoredResult): Promise<boolean> {
    const kv = this.ctx.storage.kv;
    const lock = kv.get<Lock>(LOCK_KEY);
    if (lock && (lock.state === "completed" || lock.owner !== token)) return false;
    // No lock at all also lands here (our lease lapsed and was cleared, nobody took the key):
    // the work was done, so remember it.
    const done: Lock = { fingerprint, state: "completed", completedAt: Date.now(), result };
    kv.put<Lock>(LOCK_KEY, done);
    await this.ctx.storage.setAlarm(expiresAt(done));
    return true;
  }

  /** Drops the in-flight lock of the holder `token`; anything else (another holder, a stored result) stays. */
  async release(token: string): Promise<boolean> {
    const lock = this.ctx.storage.kv.get<Lock>(LOCK_KEY);
    if (lock?.state !== "in_flight" || lock.owner !== token) return false;
    await this.ctx.storage.deleteAll();
    return true;
  }

  async alarm(): Promise<void> {
    const lock = this.ctx.storage.kv.get<Lock>(LOCK_KEY);
    // A late alarm from an earlier lease must not drop a lock that is still live.
    if (lock && expiresAt(lock) > Date.now()) {
      await this.ctx.storage.setAlarm(expiresAt(lock));
      return;
    }
    await this.ctx.storage.deleteAll();
  }
}

/** The lock for one API key and Idempotency-Key (no I/O; `await` on it is harmless). */
export function idempotencyStub(
  ns: DurableObjectNamespace<IdempotencyLock>,
  apiKeyId: string,
  key: string,
): DurableObjectStub<IdempotencyLock> {
  return ns.get(ns.idFromName(`${apiKeyId}:${key}`));
}

/**
 * SHA-256 hex of method, path and raw body text. A retry of the same submission sends the
 * same bytes (spec rule 3), so a different fingerprint under the same key is a different
 * request. Method and path cannot contain a newline, so the joined string is unambiguous.
 */
export async function fingerprintRequest(method: string, path: string, body: string): Promise<string> {
  return sha256Hex(`${method.toUpperCase()} ${path}\n${body}`);
}
