import { describe, expect, it } from "vitest";
import {
  hmacSha256Hex,
  keyId,
  legacyV1,
  open,
  pbkdf2Sha256,
  randomToken,
  seal,
  sha256Hex,
  timingSafeEqual,
  verifyWithKeyring,
  signWithKeyring,
} from "../../../src/lib/crypto";

const OLD = "old-app-secret-0123456789abcdef0";
const NEW = "new-app-secret-0123456789abcdef0";
const PURPOSE = "katto test purpose v1";

describe("primitives", () => {
  it("HMAC-SHA256 matches RFC 4231 test case 2", async () => {
    expect(await hmacSha256Hex("Jefe", "what do ya want for nothing?")).toBe("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  });

  it("SHA-256 matches the FIPS 180-2 'abc' vector", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("PBKDF2-HMAC-SHA256 matches the RFC 7914 section 11 vector", async () => {
    const out = await pbkdf2Sha256("passwd", new Uint8Array(new TextEncoder().encode("salt")), 1, 512);
    expect([...out].map((b) => b.toString(16).padStart(2, "0")).join("")).toBe(
      "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783",
    );
  });

  it("timingSafeEqual compares strings, unequal lengths are unequal", () => {
    expect(timingSafeEqual("abc", "abc")).toBe(true);
    expect(timingSafeEqual("abc", "abd")).toBe(false);
    expect(timingSafeEqual("abc", "abcd")).toBe(false);
    expect(timingSafeEqual("", "")).toBe(true);
    expect(timingSafeEqual("é", "e")).toBe(false);
  });

  it("random tokens are 256-bit base64url and distinct", () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(a);
  });

  it("refuses an empty HMAC key instead of signing with it", async () => {
    await expect(hmacSha256Hex("", "x")).rejects.toThrow(/APP_SECRET/);
  });
});

describe("APP_SECRET rotation", () => {
  it("seal names the key; open under the same key needs no reseal", async () => {
    const ring = { current: NEW };
    const sealed = await seal(ring, PURPOSE, "whsec_plain");
    expect(sealed).toMatch(new RegExp(`^v2:${await keyId(NEW)}:[A-Za-z0-9_-]+$`));
    expect(sealed).not.toContain("whsec_plain");
    expect(await open(ring, PURPOSE, sealed)).toEqual({ plaintext: "whsec_plain" });
  });

  it("a value sealed under the previous APP_SECRET opens during rotation and comes back resealed under the new one", async () => {
    const before = await seal({ current: OLD }, PURPOSE, "whsec_plain");
    const ring = { current: NEW, previous: OLD };
    const opened = await open(ring, PURPOSE, before);
    expect(opened.plaintext).toBe("whsec_plain");
    expect(opened.resealed!.split(":")[1]).toBe(await keyId(NEW));
    // The resealed value opens with the new secret alone, so the previous one can be removed.
    expect(await open({ current: NEW }, PURPOSE, opened.resealed!)).toEqual({ plaintext: "whsec_plain" });
    // Without APP_SECRET_PREVIOUS the old value is unreadable, with a message naming both settings.
    await expect(open({ current: NEW }, PURPOSE, before)).rejects.toThrow(/APP_SECRET_PREVIOUS/);
  });

  it("opens v1 values (no key id) under either key, and always reseals them", async () => {
    const v1 = await legacyV1(OLD, PURPOSE, "whsec_plain");
    expect(v1).toMatch(/^v1:/);
    const opened = await open({ current: NEW, previous: OLD }, PURPOSE, v1, { legacyV1: true });
    expect(opened.plaintext).toBe("whsec_plain");
    expect(opened.resealed).toMatch(/^v2:/);
    await expect(open({ current: NEW, previous: OLD }, PURPOSE, v1)).rejects.toThrow(/unknown format/);
  });

  it("refuses a tampered, truncated or other-purpose value", async () => {
    const ring = { current: NEW };
    const sealed = await seal(ring, PURPOSE, "whsec_plain");
    const [v, kid, body] = sealed.split(":");
    const flipped = body.slice(0, 20) + (body[20] === "A" ? "B" : "A") + body.slice(21);
    await expect(open(ring, PURPOSE, `${v}:${kid}:${flipped}`)).rejects.toThrow(/cannot decrypt/);
    await expect(open(ring, PURPOSE, `${v}:${kid}:${body.slice(0, 30)}`)).rejects.toThrow(/truncated/);
    await expect(open(ring, "another purpose", sealed)).rejects.toThrow(/cannot decrypt/);
  });

  it("HMAC tokens made under either key verify during rotation, tokens of a third key do not", async () => {
    const ring = { current: NEW, previous: OLD };
    expect(await verifyWithKeyring(ring, "m", await signWithKeyring({ current: OLD }, "m"))).toBe(true);
    expect(await verifyWithKeyring(ring, "m", await signWithKeyring(ring, "m"))).toBe(true);
    expect(await verifyWithKeyring(ring, "m", await hmacSha256Hex("third-secret-0123456789abcdef", "m"))).toBe(false);
    expect(await verifyWithKeyring(ring, "other", await signWithKeyring(ring, "m"))).toBe(false);
    expect(await verifyWithKeyring({ current: NEW }, "m", await signWithKeyring({ current: OLD }, "m"))).toBe(false);
    expect(await verifyWithKeyring(ring, "m", undefined)).toBe(false);
  });
});
