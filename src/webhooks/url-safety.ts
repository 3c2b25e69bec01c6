// Where the service may send callbacks. A webhook URL is chosen by the caller, so without these
// rules it is a server-side request forgery vector: the Worker would POST to internal addresses
// (cloud metadata at 169.254.169.254, the render backend, a LAN). Two layers:
//  1. checkWebhookUrl at job creation: scheme, credentials, IP literals, local-only names;
//  2. resolveAndCheck before every delivery attempt: the name's A and AAAA answers, so a
//     public name that later resolves to a private address (DNS rebinding) is refused.
// Ranges: IANA IPv4/IPv6 Special-Purpose Address Registries (RFC 6890 and updates).

export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const PUBLIC_HTTPS_ERROR =
  "webhook_url must be a public https URL; private, loopback and link-local addresses are not allowed";
export const DOH_ENDPOINT = "https://cloudflare-dns.com/dns-query";
const DOH_TIMEOUT_MS = 5_000;

type Fetcher = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

// ---------- IP parsing ----------

/** Strict dotted-quad parse (the form URL parsing and DNS answers produce). */
export function parseIPv4(s: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

/** Eight 16-bit groups, or null. Accepts "::" compression, an embedded dotted IPv4 tail, a zone. */
export function parseIPv6(input: string): number[] | null {
  let s = input.split("%")[0];
  if (!/^[0-9a-fA-F:.]+$/.test(s) || !s.includes(":")) return null;
  if (s.includes(".")) {
    const last = s.lastIndexOf(":");
    const v4 = parseIPv4(s.slice(last + 1));
    if (!v4) return null;
    s = s.slice(0, last + 1) + ((v4[0] << 8) | v4[1]).toString(16) + ":" + ((v4[2] << 8) | v4[3]).toString(16);
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const split = (h: string) => (h === "" ? [] : h.split(":"));
  const head = split(halves[0]);
  const tail = halves.length === 2 ? split(halves[1]) : [];
  const groups = [...head, ...tail];
  if (!groups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  if (halves.length === 1 && groups.length !== 8) return null;
  if (halves.length === 2 && groups.length > 7) return null;
  const zeros = Array(8 - groups.length).fill(0);
  return [...head.map((g) => parseInt(g, 16)), ...(halves.length === 2 ? zeros : []), ...tail.map((g) => parseInt(g, 16))];
}

const v4ToInt = (p: number[]) => ((p[0] << 24) | (p[1] << 16) | (p[2] << 8) | p[3]) >>> 0;
const cidr4 = (base: string, bits: number) => ({ base: v4ToInt(parseIPv4(base)!), bits });
const inCidr4 = (ip: number, { base, bits }: { base: number; bits: number }) =>
  bits === 0 || ip >>> (32 - bits) === base >>> (32 - bits);

/** Not globally reachable IPv4 ranges. */
const BLOCKED_V4 = [
  cidr4("0.0.0.0", 8), // "this network", incl. 0.0.0.0 unspecified
  cidr4("10.0.0.0", 8), // private (RFC 1918)
  cidr4("100.64.0.0", 10), // shared address space / CGNAT (RFC 6598)
  cidr4("127.0.0.0", 8), // loopback
  cidr4("169.254.0.0", 16), // link-local, incl. cloud metadata 169.254.169.254
  cidr4("172.16.0.0", 12), // private
  cidr4("192.0.0.0", 24), // IETF protocol assignments
  cidr4("192.0.2.0", 24), // TEST-NET-1
  cidr4("192.88.99.0", 24), // deprecated 6to4 relay anycast
  cidr4("192.168.0.0", 16), // private
  cidr4("198.18.0.0", 15), // benchmarking
  cidr4("198.51.100.0", 24), // TEST-NET-2
  cidr4("203.0.113.0", 24), // TEST-NET-3
  cidr4("224.0.0.0", 4), // multicast
  cidr4("240.0.0.0", 4), // reserved, incl. 255.255.255.255 broadcast
];

function isPrivateV4(p: number[]): boolean {
  const ip = v4ToInt(p);
  return BLOCKED_V4.some((c) => inCidr4(ip, c));
}

function isPrivateV6(g: number[]): boolean {
  const embeddedV4 = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return isPrivateV4(embeddedV4(g[6], g[7])); // ::ffff:0:0/96 mapped
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return isPrivateV4(embeddedV4(g[6], g[7])); // NAT64 64:ff9b::/96
  if (g[0] === 0x2002) return isPrivateV4(embeddedV4(g[1], g[2])); // 6to4 2002::/16
  // Everything outside global unicast 2000::/3 is not public: ::/128, ::1, IPv4-compatible ::/96,
  // 64:ff9b:1::/48, 100::/64 discard, fc00::/7 unique local, fe80::/10 link-local, fec0::/10, ff00::/8 multicast.
  if ((g[0] & 0xe000) !== 0x2000) return true;
  if (g[0] === 0x2001 && g[1] < 0x200) return true; // 2001::/23 IETF protocol assignments, incl. Teredo 2001::/32
  if (g[0] === 0x2001 && g[1] === 0x0db8) return true; // documentation 2001:db8::/32
  if (g[0] === 0x3fff && g[1] < 0x1000) return true; // documentation 3fff::/20 (RFC 9637)
  return false;
}

/** Host-part parse for URL hostnames and DNS answers: brackets and a trailing dot are removed,
 * legacy IPv4 forms (2130706433, 0177.0.0.1, 0x7f.1) are normalised as the URL parser does. */
function parseIp(input: string): { v: 4; p: number[] } | { v: 6; g: number[] } | null {
  let s = input.trim().toLowerCase();
  if (s.startsWith("[") && s.endsWith("]")) s = s.slice(1, -1);
  if (s.endsWith(".")) s = s.slice(0, -1);
  const v4 = parseIPv4(s);
  if (v4) return { v: 4, p: v4 };
  const v6 = parseIPv6(s);
  if (v6) return { v: 6, g: v6 };
  if (/^[0-9a-fx.]+$/.test(s) && /^[0-9]/.test(s)) {
    try {
      const norm = parseIPv4(new URL(`http://${s}/`).hostname);
      if (norm) return { v: 4, p: norm };
    } catch {
      // not an IPv4 number in any form
    }
  }
  return null;
}

/**
 * True if `ip` is an IP address that is not publicly routable (private, loopback, link-local,
 * CGNAT, multicast, unspecified, documentation, reserved), including IPv4-mapped IPv6.
 * False for public addresses and for strings that are not IP addresses at all.
 */
export function isPrivateAddress(ip: string): boolean {
  const a = parseIp(ip);
  if (!a) return false;
  return a.v === 4 ? isPrivateV4(a.p) : isPrivateV6(a.g);
}

/** 127.0.0.0/8, ::1 and ::ffff:127.0.0.0/104. */
export function isLoopbackAddress(ip: string): boolean {
  const a = parseIp(ip);
  if (!a) return false;
  if (a.v === 4) return a.p[0] === 127;
  const g = a.g;
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true;
  return g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff && g[6] >> 8 === 127;
}

const normaliseHost = (h: string) => h.toLowerCase().replace(/\.$/, "");
const isLocalhostName = (h: string) => h === "localhost" || h.endsWith(".localhost");
/** Names that only mean something on a local network (RFC 6761, 6762, 8375; ICANN .internal). */
function localOnlyName(h: string): boolean {
  return (
    isLocalhostName(h) ||
    ["local", "internal", "home.arpa", "lan", "intranet", "localdomain"].some((tld) => h === tld || h.endsWith(`.${tld}`))
  );
}

// ---------- URL check (job creation, and again before each delivery) ----------

export type UrlCheck = { ok: true; url: URL } | { ok: false; error: string };

/**
 * Validates a caller-supplied webhook_url. Production: https, no credentials, a public host.
 * Local mode additionally allows http or https to loopback (127.0.0.0/8, ::1, localhost).
 * Ports are not restricted (docs/webhooks.md).
 */
export function checkWebhookUrl(raw: string, opts: { localMode: boolean }): UrlCheck {
  if (typeof raw !== "string" || raw.trim() === "") return { ok: false, error: "webhook_url must be a non-empty URL" };
  if (raw.length > WEBHOOK_URL_MAX_LENGTH) return { ok: false, error: `webhook_url must be at most ${WEBHOOK_URL_MAX_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, error: "webhook_url must be an absolute URL, e.g. https://example.com/hooks/katto" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { ok: false, error: `webhook_url must be a public https URL (got ${url.protocol})` };
  }
  if (url.username || url.password) {
    return { ok: false, error: "webhook_url must not contain a user name or password; put any token in the path or query instead" };
  }
  const host = normaliseHost(url.hostname);
  if (host === "") return { ok: false, error: "webhook_url must have a host name" };
  const ip = parseIp(host);
  const loopback = ip ? isLoopbackAddress(host) : isLocalhostName(host);
  if (opts.localMode && loopback) return { ok: true, url };
  if (url.protocol !== "https:") {
    return {
      ok: false,
      error: opts.localMode
        ? "webhook_url must be a public https URL (http is only allowed to loopback addresses in local mode)"
        : "webhook_url must be a public https URL (got http:)",
    };
  }
  if (ip) {
    return isPrivateAddress(host) ? { ok: false, error: PUBLIC_HTTPS_ERROR } : { ok: true, url };
  }
  if (localOnlyName(host)) {
    return { ok: false, error: `${PUBLIC_HTTPS_ERROR} (the host name "${host}" only exists on a local network)` };
  }
  if (!host.includes(".")) {
    return { ok: false, error: `webhook_url must use a fully qualified public host name (got "${host}")` };
  }
  return { ok: true, url };
}

// ---------- DNS check (before each delivery attempt) ----------

/** `refused`: the addresses are not allowed (policy); otherwise the lookup itself failed (transient). */
export type DnsCheck = { ok: true } | { ok: false; error: string; refused: boolean };

interface DohAnswer {
  Status?: number;
  Answer?: { name?: string; type?: number; data?: string }[];
}

const DNS_TYPE = { A: 1, AAAA: 28 } as const;

/**
 * Resolves A and AAAA over DNS-over-HTTPS (Cloudflare's JSON API) and refuses the host if any
 * answer is not public. IP literals are checked directly. In local mode loopback targets skip
 * resolution and loopback answers are allowed. `fetcher` and `opts.dohUrl` are injectable so tests
 * can stand in for the remote DNS service.
 */
export async function resolveAndCheck(
  hostname: string,
  fetcher: Fetcher = fetch,
  opts: { localMode?: boolean; dohUrl?: string } = {},
): Promise<DnsCheck> {
  const host = normaliseHost(hostname.replace(/^\[|\]$/g, ""));
  const allowed = (ip: string) => !isPrivateAddress(ip) || (!!opts.localMode && isLoopbackAddress(ip));
  const refuse = (error: string): DnsCheck => ({ ok: false, error, refused: true });
  if (parseIp(host)) return allowed(host) ? { ok: true } : refuse(PUBLIC_HTTPS_ERROR);
  if (opts.localMode && isLocalhostName(host)) return { ok: true };
  if (localOnlyName(host)) return refuse(PUBLIC_HTTPS_ERROR);

  const lookup = async (type: keyof typeof DNS_TYPE): Promise<string[]> => {
    const u = new URL(opts.dohUrl ?? DOH_ENDPOINT);
    u.searchParams.set("name", host);
    u.searchParams.set("type", type);
    const res = await fetcher(u.toString(), {
      headers: { accept: "application/dns-json" },
      signal: AbortSignal.timeout(DOH_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`DNS lookup failed with HTTP ${res.status}`);
    const body = (await res.json()) as DohAnswer;
    // Status 3 (NXDOMAIN) and NOERROR without data both mean "no addresses of this type".
    if (body.Status !== 0 && body.Status !== 3) throw new Error(`DNS lookup failed with rcode ${body.Status}`);
    // CNAMEs (type 5) are followed by the resolver; the final A/AAAA records are in the answer too.
    return (body.Answer ?? []).filter((a) => a.type === DNS_TYPE[type]).map((a) => String(a.data ?? ""));
  };

  let addrs: string[];
  try {
    const [a, aaaa] = await Promise.all([lookup("A"), lookup("AAAA")]);
    addrs = [...a, ...aaaa];
  } catch (e) {
    const why = e instanceof Error && e.name === "TimeoutError" ? "timed out" : e instanceof Error ? e.message : String(e);
    return { ok: false, error: `could not resolve ${host}: ${why}`, refused: false };
  }
  if (addrs.length === 0) return { ok: false, error: `${host} has no A or AAAA records`, refused: false };
  for (const ip of addrs) {
    if (!parseIp(ip)) return refuse(`${host} resolved to an unexpected answer`);
    if (!allowed(ip)) return refuse(`${PUBLIC_HTTPS_ERROR} (${host} resolves to ${ip})`);
  }
  return { ok: true };
}

// ---------- Connect time (the DNS-rebinding window) ----------

/** The compatibility flag under which the Workers runtime's fetch() reaches only the public Internet. */
export const STRICTLY_PUBLIC_FLAG = "global_fetch_strictly_public";

/** The running Worker's compatibility flags (workerd's `Cloudflare` global); empty elsewhere. */
export function runtimeCompatibilityFlags(): Record<string, boolean> {
  const cf = (globalThis as { Cloudflare?: { compatibilityFlags?: Record<string, boolean> } }).Cloudflare;
  return cf?.compatibilityFlags ?? {};
}

/**
 * resolveAndCheck looks the name up a moment before the POST, but fetch() resolves it again when it
 * connects, and an attacker's DNS server can answer a private address the second time (TTL 0). A
 * Worker cannot pin the address it checked (fetch takes no resolved IP for another zone's host),
 * so the last check is the platform's: with global_fetch_strictly_public, production fetch()
 * goes out as a request from the public Internet and cannot reach private or loopback addresses,
 * whatever the name resolves to at connect time (docs/threat-model.md). Production therefore
 * refuses to send without the flag rather than send with an open window. Local mode has no such
 * platform (workerd on a laptop connects anywhere) and allows loopback receivers by design.
 */
export function connectTimeGuard(opts: { localMode: boolean; flags?: Record<string, boolean> }): { ok: true } | { ok: false; error: string } {
  if (opts.localMode) return { ok: true };
  const flags = opts.flags ?? runtimeCompatibilityFlags();
  return flags[STRICTLY_PUBLIC_FLAG]
    ? { ok: true }
    : { ok: false, error: `webhook not sent: the Worker must run with the ${STRICTLY_PUBLIC_FLAG} compatibility flag (wrangler.toml), which keeps callbacks off private addresses` };
}
