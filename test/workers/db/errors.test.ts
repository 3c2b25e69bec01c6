// src/db/errors.ts on real D1 errors: drizzle wraps the driver's error (the reason is its cause),
// a raw D1 statement throws the driver's own; both are recognised, other failures are not.
import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "../../../src/db/errors";
import { jobs } from "../../../src/db/schema";
import { createAccount } from "../helpers";

const caught = async (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

describe("isUniqueViolation", () => {
  it("recognises a UNIQUE violation through drizzle's wrapper and from raw D1, and nothing else", async () => {
    const client = await createAccount();
    const now = new Date().toISOString();
    const row = (id: string) => ({ id, accountId: client.account.id, status: "completed", progressStep: "done", progressPct: 100, source: "url", sourceUrl: "https://example.com/v.mp4", config: "{}", createdMs: 1_700_000_000_777, updatedAt: now });
    const first = crypto.randomUUID();
    await drizzle(env.DB).insert(jobs).values(row(first));
    // the same account and created_ms (jobs_account_created is unique): drizzle's error, D1's as cause
    const wrapped = await caught(drizzle(env.DB).insert(jobs).values(row(crypto.randomUUID())));
    expect(wrapped).toBeInstanceOf(Error);
    expect(String(wrapped)).not.toMatch(/UNIQUE/);
    expect(isUniqueViolation(wrapped)).toBe(true);
    // the same row again through a raw statement (its id is the primary key): D1's own error
    const raw = await caught(env.DB.prepare("INSERT INTO jobs SELECT * FROM jobs WHERE id = ?").bind(first).run());
    expect(String(raw)).toMatch(/UNIQUE/);
    expect(isUniqueViolation(raw)).toBe(true);
    // another failure (no such table) is not one
    expect(isUniqueViolation(await caught(env.DB.prepare("INSERT INTO no_such_table VALUES (1)").run()))).toBe(false);
    expect(isUniqueViolation(new Error("boom"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
