// Everything made under APP_SECRET keeps working while it rotates (README "Configuration"):
// sealed webhook secrets (test/workers/webhooks/secret.test.ts), upload URLs
// (presigned-urls.test.ts), render callback tokens of work already dispatched, and publishing
// tokens sealed by a vault that has no key of its own.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { UnauthorizedError } from "../../../src/errors";
import { TokenVault } from "../../../src/services/publishing/token-vault";
import { renderCallbackToken, requireCallbackToken } from "../../../src/render-backend/callbacks";

const OLD = "old-app-secret-0123456789abcdef3";
const NEW = "new-app-secret-0123456789abcdef3";
const before = { ...env, APP_SECRET: OLD, APP_SECRET_PREVIOUS: undefined };
const during = { ...env, APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD };
const after = { ...env, APP_SECRET: NEW, APP_SECRET_PREVIOUS: undefined };

describe("APP_SECRET rotation", () => {
  it("a render backend dispatched before the rotation still reports with its token; after APP_SECRET_PREVIOUS is removed it cannot", async () => {
    const job = crypto.randomUUID();
    const token = await renderCallbackToken(OLD, job);
    await expect(requireCallbackToken(before, job, token)).resolves.toBeUndefined();
    await expect(requireCallbackToken(during, job, token)).resolves.toBeUndefined();
    await expect(requireCallbackToken(during, job, await renderCallbackToken(NEW, job))).resolves.toBeUndefined();
    await expect(requireCallbackToken(after, job, token)).rejects.toBeInstanceOf(UnauthorizedError);
    // A token stays bound to its job under either key.
    await expect(requireCallbackToken(during, crypto.randomUUID(), token)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it("publishing tokens sealed under APP_SECRET (no PUBLISH_TOKEN_KEY) open during the rotation and are marked for resealing", async () => {
    const sealed = await (await TokenVault.fromEnv(before)).seal("refresh-token-xyz", "con_1");
    const opened = await (await TokenVault.fromEnv(during)).open(sealed, "con_1");
    expect(opened).toEqual({ plaintext: "refresh-token-xyz", stale: true });
    await expect((await TokenVault.fromEnv(after)).open(sealed, "con_1")).rejects.toThrow(/unknown key/);
  });
});
