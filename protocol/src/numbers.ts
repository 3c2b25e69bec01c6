// Small rules both sides apply to numbers and hosts, written once.

/** A time or score rounded to the millisecond (3 decimals): what the protocol's numbers carry. */
export const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** A time rounded to 0.1 ms (4 decimals): a clip timeline's crop keys, at the precision the render keys its crop (its ffmpeg expressions). */
export const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** `v` held within [lo, hi]. */
export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * A loopback host name or address: localhost (and any *.localhost, RFC 6761 §6.3), 127.0.0.0/8,
 * ::1, with or without the brackets a URL puts around IPv6. Local mode's "direct" sources and the
 * backend's egress rule accept these and nothing else that is private.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^127\.\d+\.\d+\.\d+$/.test(h);
}
