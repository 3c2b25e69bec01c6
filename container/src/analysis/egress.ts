// Where the backend's plain GETs (sources, watermarks) may connect. The URL comes from a caller
// (a source URL, a brand kit's watermark_url), so without rules a redirect or a DNS answer could
// point the backend at cloud metadata (169.254.169.254), the Worker's own network or a LAN.
//
// The rule is set by the URL the backend was given:
//  - a public host: every hop, redirects included, must connect to public addresses only. The
//    check runs in the connection's own DNS lookup, so the address checked is the address used
//    (no window for DNS rebinding between a check and the connect);
//  - a loopback host (the local stack: npm start, tests): the first hop is trusted, and a
//    redirect may stay on that same host and port or go to a public address, nowhere else.
// Ranges: IANA IPv4/IPv6 Special-Purpose Address Registries (RFC 6890 and updates), the same
// list as the Worker's webhook check (src/webhooks/url-safety.ts).
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { BlockList, isIP } from "node:net";
import { isLoopbackHost } from "@katto/protocol";

const denied4 = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15],
  ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) denied4.addSubnet(net, bits, "ipv4");
const global6 = new BlockList();
global6.addSubnet("2000::", 3, "ipv6");
const denied6 = new BlockList();
for (const [net, bits] of [["2001::", 23], ["2001:db8::", 32], ["2002::", 16], ["3fff::", 20]] as const) denied6.addSubnet(net, bits, "ipv6");

/** True for a globally reachable address; false for private, loopback, link-local, mapped, reserved ones and non-addresses. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "").split("%")[0];
  const family = isIP(ip);
  if (family === 4) return !denied4.check(ip, "ipv4");
  // Everything outside 2000::/3 (incl. ::1, ::ffff:0:0/96 mapped IPv4, fc00::/7, fe80::/10) is not public.
  return family === 6 && global6.check(ip, "ipv6") && !denied6.check(ip, "ipv6");
}

/** A refused connection; download.ts turns it into the stage's user-facing error. */
export class EgressRefused extends Error {
  readonly name = "EgressRefused";
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type LookupFn = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;
type Resolver = (hostname: string, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const systemResolver: Resolver = (hostname, cb) => dnsLookup(hostname, { all: true }, cb);

export interface Egress {
  /** Refuses a hop before any connection when its host is an address (or name) the rule forbids. */
  check(url: URL): void;
  /** The lookup for node:http's `lookup` option: resolves, then refuses forbidden answers. */
  lookup(url: URL): LookupFn;
}

/** The rule for a chain of requests that starts at `first`. `resolver` stands in for DNS in tests. */
export function egressFor(first: URL, resolver: Resolver = systemResolver): Egress {
  const local = isLoopbackHost(first.hostname);
  const origin = first.host.toLowerCase();
  const trusted = (url: URL) => local && url.host.toLowerCase() === origin;
  const refused = (url: URL, address: string) =>
    new EgressRefused(
      url.host.toLowerCase() === origin
        ? `the source URL resolves to a private address (${address}); only public addresses are fetched`
        : `the source URL redirects to a private address (${url.hostname} is ${address}); only public addresses are fetched`,
    );
  return {
    check(url) {
      if (trusted(url)) return;
      const host = url.hostname.replace(/^\[|\]$/g, "");
      if (isIP(host) && !isPublicAddress(host)) throw refused(url, host);
      if (isLoopbackHost(host)) throw refused(url, "loopback");
    },
    lookup(url) {
      return (hostname, options, callback) => {
        resolver(hostname, (err, addresses) => {
          if (err) return callback(err, []);
          if (!trusted(url)) {
            const bad = addresses.find((a) => !isPublicAddress(a.address));
            if (bad) return callback(refused(url, bad.address) as NodeJS.ErrnoException, []);
          }
          const family = options.family === 4 || options.family === 6 ? options.family : 0;
          const usable = addresses.filter((a) => !family || a.family === family);
          if (usable.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), []);
          if (options.all) callback(null, usable);
          else callback(null, usable[0].address, usable[0].family);
        });
      };
    },
  };
}
