import { describe, expect, it } from "vitest";
import { PUBLIC_HTTPS_ERROR, checkWebhookUrl, isPrivateAddress, resolveAndCheck } from "../../../src/webhooks/url-safety";

const prod = { localMode: false };
const local = { localMode: true };

describe("checkWebhookUrl", () => {
  const cases: [string, boolean, boolean][] = [
    // url, allowed in production, allowed in local mode
    ["https://example.com/hooks/katto", true, true],
    ["https://hooks.example.com:8443/x?token=abc", true, true],
    ["https://8.8.8.8/hook", true, true],
    ["https://[2606:4700:4700::1111]/hook", true, true],
    ["http://example.com/hook", false, false],
    ["ftp://example.com/hook", false, false],
    ["https://user:pass@example.com/hook", false, false],
    ["https://10.1.2.3/hook", false, false],
    ["https://192.168.1.10/hook", false, false],
    ["https://172.16.0.1/hook", false, false],
    ["https://172.31.255.255/hook", false, false],
    ["https://172.32.0.1/hook", true, true],
    ["https://169.254.169.254/latest/meta-data", false, false],
    ["https://100.64.0.1/hook", false, false],
    ["https://0.0.0.0/hook", false, false],
    ["https://224.0.0.1/hook", false, false],
    ["https://127.0.0.1/hook", false, true],
    ["http://127.0.0.1:9000/hook", false, true],
    ["http://127.8.9.10:9000/hook", false, true],
    ["https://[::1]/hook", false, true],
    ["http://[::1]:9000/hook", false, true],
    ["http://localhost:9000/hook", false, true],
    ["https://localhost/hook", false, true],
    ["https://api.localhost/hook", false, true],
    ["https://localhost./hook", false, true],
    ["https://printer.local/hook", false, false],
    ["https://db.internal/hook", false, false],
    ["https://router.home.arpa/hook", false, false],
    ["https://intranethost/hook", false, false],
    ["https://[::ffff:127.0.0.1]/hook", false, true],
    ["https://[::ffff:10.0.0.1]/hook", false, false],
    ["https://[::ffff:8.8.8.8]/hook", true, true],
    ["https://[fc00::1]/hook", false, false],
    ["https://[fd12:3456::1]/hook", false, false],
    ["https://[fe80::1]/hook", false, false],
    ["https://[::]/hook", false, false],
    ["https://[ff02::1]/hook", false, false],
    ["https://[64:ff9b::a9fe:a9fe]/hook", false, false], // NAT64 of 169.254.169.254
    ["https://[2002:c0a8:0101::1]/hook", false, false], // 6to4 of 192.168.1.1
    ["https://[2001:db8::1]/hook", false, false],
    ["https://2130706433/hook", false, true], // decimal 127.0.0.1
    ["https://0177.0.0.1/hook", false, true], // octal 127.0.0.1
    ["https://0x7f.1/hook", false, true], // hex 127.0.0.1
    ["https://0xa9fea9fe/hook", false, false], // hex 169.254.169.254
    ["https://167772161/hook", false, false], // decimal 10.0.0.1
    ["not a url", false, false],
    ["", false, false],
  ];
  it.each(cases)("%s -> production %s, local %s", (url, okProd, okLocal) => {
    expect(checkWebhookUrl(url, prod).ok).toBe(okProd);
    expect(checkWebhookUrl(url, local).ok).toBe(okLocal);
  });

  it("gives messages a person can act on", () => {
    const err = (u: string, o = prod) => {
      const r = checkWebhookUrl(u, o);
      return r.ok ? "" : r.error;
    };
    expect(err("https://10.0.0.1/x")).toBe(PUBLIC_HTTPS_ERROR);
    expect(err("https://10.0.0.1/x")).toBe(
      "webhook_url must be a public https URL; private, loopback and link-local addresses are not allowed",
    );
    expect(err("http://example.com/x")).toMatch(/must be a public https URL/);
    expect(err("http://example.com/x", local)).toMatch(/http is only allowed to loopback/);
    expect(err("https://a:b@example.com/")).toMatch(/user name or password/);
    expect(err("example.com/hook")).toMatch(/absolute URL/);
    expect(err(`https://example.com/${"a".repeat(2100)}`)).toMatch(/at most 2048/);
    expect(err("https://nas.local/x")).toMatch(/local network/);
  });

  it("returns the parsed URL", () => {
    const r = checkWebhookUrl("https://Example.COM/hooks", prod);
    expect(r.ok && r.url.hostname).toBe("example.com");
  });
});

describe("isPrivateAddress", () => {
  it.each([
    ["10.0.0.1", true],
    ["127.0.0.1", true],
    ["169.254.169.254", true],
    ["100.127.255.255", true],
    ["100.128.0.1", false],
    ["192.0.2.5", true],
    ["198.18.0.1", true],
    ["255.255.255.255", true],
    ["1.1.1.1", false],
    ["::1", true],
    ["[::1]", true],
    ["::", true],
    ["::ffff:127.0.0.1", true],
    ["::ffff:7f00:1", true],
    ["::ffff:1.1.1.1", false],
    ["fe80::1%eth0", true],
    ["fd00::1", true],
    ["2606:4700:4700::1111", false],
    ["2001::1", true], // Teredo
    ["2130706433", true],
    ["example.com", false],
  ])("%s -> %s", (ip, expected) => {
    expect(isPrivateAddress(ip as string)).toBe(expected);
  });
});

describe("resolveAndCheck", () => {
  // Stand-in for the remote DNS-over-HTTPS service: answers from a table, records queries.
  const fakeDoh = (table: Record<string, { type: number; data: string }[]>, queries: string[] = []) =>
    (async (input: string | URL | Request, init?: RequestInit) => {
      const u = new URL(String(input));
      queries.push(`${u.origin}${u.pathname} ${u.searchParams.get("name")} ${u.searchParams.get("type")} ${new Headers(init?.headers).get("accept")}`);
      const type = u.searchParams.get("type") === "A" ? 1 : 28;
      const Answer = (table[u.searchParams.get("name")!] ?? []).filter((a) => a.type === type || a.type === 5);
      return Response.json({ Status: 0, Answer });
    }) as typeof fetch;

  it("accepts a name whose A and AAAA answers are public, asking with application/dns-json", async () => {
    const queries: string[] = [];
    const doh = fakeDoh({ "hooks.example.com": [{ type: 5, data: "edge.example.net." }, { type: 1, data: "93.184.216.34" }, { type: 28, data: "2606:2800:220:1::1" }] }, queries);
    expect(await resolveAndCheck("hooks.example.com", doh)).toEqual({ ok: true });
    expect(queries.sort()).toEqual([
      "https://cloudflare-dns.com/dns-query hooks.example.com A application/dns-json",
      "https://cloudflare-dns.com/dns-query hooks.example.com AAAA application/dns-json",
    ]);
  });

  it("refuses a name with any private answer (DNS rebinding)", async () => {
    const doh = fakeDoh({ "rebind.example.com": [{ type: 1, data: "93.184.216.34" }, { type: 1, data: "169.254.169.254" }] });
    const r = await resolveAndCheck("rebind.example.com", doh);
    expect(r).toMatchObject({ ok: false, refused: true });
    if (!r.ok) expect(r.error).toMatch(/169\.254\.169\.254/);
    const v6 = fakeDoh({ "v6.example.com": [{ type: 28, data: "fd00::5" }] });
    expect((await resolveAndCheck("v6.example.com", v6)).ok).toBe(false);
  });

  it("reports a name without addresses and a failing resolver as transient", async () => {
    expect(await resolveAndCheck("nothing.example.com", fakeDoh({}))).toMatchObject({ ok: false, refused: false });
    const down = (async () => new Response("no", { status: 502 })) as typeof fetch;
    expect(await resolveAndCheck("x.example.com", down)).toMatchObject({ ok: false, refused: false, error: expect.stringMatching(/HTTP 502/) });
  });

  it("uses an injectable DoH endpoint", async () => {
    const queries: string[] = [];
    await resolveAndCheck("a.example.com", fakeDoh({ "a.example.com": [{ type: 1, data: "1.1.1.1" }] }, queries), { dohUrl: "https://dns.test/q" });
    expect(queries[0]).toMatch(/^https:\/\/dns\.test\/q a\.example\.com/);
  });

  it("checks IP literals without DNS and skips DNS for loopback in local mode", async () => {
    const never = (async () => {
      throw new Error("DNS must not be queried");
    }) as typeof fetch;
    expect((await resolveAndCheck("[::1]", never)).ok).toBe(false);
    expect((await resolveAndCheck("[::1]", never, { localMode: true })).ok).toBe(true);
    expect((await resolveAndCheck("127.0.0.1", never, { localMode: true })).ok).toBe(true);
    expect((await resolveAndCheck("localhost", never, { localMode: true })).ok).toBe(true);
    expect((await resolveAndCheck("localhost", never)).ok).toBe(false);
    expect((await resolveAndCheck("10.0.0.1", never, { localMode: true })).ok).toBe(false);
    expect((await resolveAndCheck("8.8.8.8", never)).ok).toBe(true);
  });
});
