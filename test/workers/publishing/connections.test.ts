import { env, SELF } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connections, connectionStates } from "../../../src/db/schema";
import { availability } from "../../../src/services/publishing/config";
import { platforms } from "../../../src/services/publishing/platforms";
import { PLATFORM_IDS } from "../../../src/services/publishing/platforms/platform";
import { TokenVault } from "../../../src/services/publishing/token-vault";
import { ConnectionListSchema, DisconnectedSchema } from "@katto/protocol/api";
import { api, BASE, createAccount } from "../helpers";
import { connect, standInState } from "./helpers";

const list = async (client: Awaited<ReturnType<typeof createAccount>>) => ConnectionListSchema.parse(await (await api(client, "/connections")).json());

describe("connections", () => {
  it("lists every platform with its availability: registered and configured ones available, the rest with the reason", async () => {
    const client = await createAccount();
    const { platforms: listed } = await list(client);
    expect(listed.map((p) => p.platform)).toEqual([...PLATFORM_IDS]);
    for (const p of listed) {
      if (platforms[p.platform]) {
        expect(p).toMatchObject({ available: true, unavailable_reason: null, connection: null });
        expect(p.limits).not.toBeNull();
        // the shapes it takes, said before anything is rendered (protocol PLATFORM_SHAPES)
        expect(p.aspects.length).toBeGreaterThan(0);
        expect(p.shapes).toContain(p.aspects[0]);
      } else {
        expect(p).toMatchObject({ available: false, unavailable_reason: expect.stringMatching(/does not publish/), connection: null });
      }
    }
  });

  it("says which shapes each platform takes: Facebook only 9:16 (Reels), YouTube every shape, 16:9 as a regular video", async () => {
    const client = await createAccount();
    const byId = new Map((await list(client)).platforms.map((p) => [p.platform, p]));
    expect(byId.get("facebook")).toMatchObject({ aspects: ["9:16"], shapes: "only 9:16 (a Reel)" });
    expect(byId.get("youtube")).toMatchObject({ aspects: ["9:16", "1:1", "4:5", "16:9"], shapes: "9:16, 1:1 and 4:5 as a Short, 16:9 as a regular video" });
  });

  it("connects YouTube through the OAuth code flow with PKCE and a state bound to the account", async () => {
    const client = await createAccount();
    const started = await api(client, "/connections", { method: "POST", json: { platform: "youtube" } });
    const { authorization_url } = (await started.json()) as { authorization_url: string };
    const u = new URL(authorization_url);
    expect(u.searchParams.get("code_challenge_method")).toBe("S256");
    expect(u.searchParams.get("state")?.length).toBeGreaterThanOrEqual(43);
    // The state is stored only as its hash.
    const states = await drizzle(env.DB).select().from(connectionStates).where(eq(connectionStates.accountId, client.account.id)).all();
    expect(states.length).toBe(1);
    expect(states[0].stateHash).not.toBe(u.searchParams.get("state"));

    const landed = await connect(client, "youtube");
    expect(landed.pathname).toBe("/dashboard/connections");
    expect(landed.searchParams.get("connected")).toBe("youtube");
    const yt = (await list(client)).platforms.find((p) => p.platform === "youtube")!;
    expect(yt.connection).toMatchObject({ platform: "youtube", status: "connected", handle: "@standin", restriction: expect.stringMatching(/private/) });
    expect(yt.daily_posts).toEqual({ limit: 6, used: 0 });
  });

  it("stores tokens sealed: no column of the row holds a token the platform issued, and the sealed value opens to them", async () => {
    const client = await createAccount();
    await connect(client, "youtube");
    const row = await drizzle(env.DB).select().from(connections).where(eq(connections.accountId, client.account.id)).get();
    const raw = JSON.stringify(row);
    const state = await standInState<{ issued_tokens: string[]; refresh_tokens: string[] }>("youtube");
    for (const t of [...state.issued_tokens, ...state.refresh_tokens]) expect(raw).not.toContain(t);
    const vault = await TokenVault.fromEnv(env);
    expect(row!.keyId).toBe(vault.keyId);
    const opened = JSON.parse((await vault.open(row!.tokensSealed, row!.id)).plaintext) as { accessToken: string; refreshToken: string };
    expect(state.issued_tokens).toContain(opened.accessToken);
    expect(state.refresh_tokens).toContain(opened.refreshToken);
    // Bound to its row: the same ciphertext does not open as another connection's.
    await expect(vault.open(row!.tokensSealed, "con_other")).rejects.toThrow();
  });

  it("a state is used once; an unknown state lands on the page with the reason", async () => {
    const client = await createAccount();
    const started = await api(client, "/connections", { method: "POST", json: { platform: "youtube" } });
    const { authorization_url } = (await started.json()) as { authorization_url: string };
    const callback = (await fetch(authorization_url, { redirect: "manual" })).headers.get("location")!;
    expect((await SELF.fetch(callback, { redirect: "manual" })).headers.get("location")).toMatch(/connected=youtube/);
    const again = new URL((await SELF.fetch(callback, { redirect: "manual" })).headers.get("location")!);
    expect(again.searchParams.get("connect_error")).toMatch(/unknown or expired/);
    const forged = new URL((await SELF.fetch(`${BASE}/connections/callback/youtube?code=x&state=forged`, { redirect: "manual" })).headers.get("location")!);
    expect(forged.searchParams.get("connect_error")).toMatch(/unknown or expired/);
  });

  it("a platform whose operator credentials are missing is unavailable with the secrets to set; the others stay available", () => {
    const without = { ...env, YOUTUBE_CLIENT_SECRET: "" } as typeof env;
    expect(availability(without, "youtube")).toMatchObject({ available: false, reason: expect.stringMatching(/YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET/) });
    expect(availability(without, "tiktok").available).toBe(true);
  });

  it("a read-only key cannot connect", async () => {
    const client = await createAccount("creator", ["read"]);
    const r = await api(client, "/connections", { method: "POST", json: { platform: "youtube" } });
    expect(r.status).toBe(403);
  });

  it("disconnect revokes at the platform and forgets the tokens", async () => {
    const client = await createAccount();
    await connect(client, "youtube");
    const row = await drizzle(env.DB).select().from(connections).where(eq(connections.accountId, client.account.id)).get();
    const vault = await TokenVault.fromEnv(env);
    const { refreshToken } = JSON.parse((await vault.open(row!.tokensSealed, row!.id)).plaintext) as { refreshToken: string };
    const r = await api(client, "/connections/youtube", { method: "DELETE" });
    expect(r.status).toBe(200);
    expect(DisconnectedSchema.parse(await r.json())).toEqual({ platform: "youtube", disconnected: true, revoked_at_platform: true });
    expect((await standInState<{ refresh_tokens: string[] }>("youtube")).refresh_tokens).not.toContain(refreshToken);
    expect(await drizzle(env.DB).select().from(connections).where(eq(connections.accountId, client.account.id)).all()).toEqual([]);
    expect((await api(client, "/connections/youtube", { method: "DELETE" })).status).toBe(404);
  });
});
