import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { type BeginResult, fingerprintRequest, idempotencyStub, type StoredResult } from "../durable-objects/idempotency-lock";
import { ApiError } from "../errors";
import type { AppEnv } from "../middleware/types";

export const IdempotencyKeyHeader = z
  .string()
  .min(1, { error: "Idempotency-Key must not be empty" })
  .max(255, { error: "Idempotency-Key must be at most 255 characters" })
  .optional()
  .openapi({
    param: { name: "Idempotency-Key", in: "header" },
    description: "Optional. A fresh unique value per distinct submission, reused when retrying it. Remembered for at least 24 hours, per API key.",
    example: "5f1c2a0e-8d6b-4c1e-9a57-2b3f0c9d7e11",
  });

/**
 * Runs `fn` at most once per (API key, Idempotency-Key), held by the IdempotencyLock Durable
 * Object (spec POST /jobs rules 1-3): a repeat after completion replays the stored result with 200
 * and idempotent_replay: true; a duplicate while the first is in flight gets 409; the same key with
 * a different body gets 400. Errors are not remembered: the lock is released so a retry can succeed.
 */
export async function withIdempotency(
  c: Context<AppEnv>,
  key: string | undefined,
  rawBody: string,
  fn: () => Promise<StoredResult>,
): Promise<StoredResult> {
  if (key === undefined) return fn();
  const stub = idempotencyStub(c.env.IDEMPOTENCY, c.get("principal").keyId, key);
  const fp = await fingerprintRequest(c.req.method, new URL(c.req.url).pathname, rawBody);
  // RPC typing erases `unknown` bodies; the DO returns exactly BeginResult.
  const begun = (await stub.begin(fp)) as BeginResult;
  switch (begun.state) {
    case "in_flight":
      throw new ApiError("idempotency_in_flight", "A request with this Idempotency-Key is still in progress. Retry shortly.");
    case "mismatch":
      throw new ApiError("bad_request", "This Idempotency-Key was already used with a different request body. Use a new key for a different submission.");
    case "completed":
      return { status: 200, body: { ...(begun.result.body as object), idempotent_replay: true } };
  }
  let result: StoredResult;
  try {
    result = await fn();
  } catch (e) {
    await stub.release(begun.token);
    throw e;
  }
  await stub.complete(begun.token, fp, result);
  return result;
}
