// Which address a request comes from, when proxies stand in front (README "TRUST_PROXY"). A proxy appends
// the address it saw to X-Forwarded-For after whatever the client wrote there, so only the right-hand hops
// are facts: the client is the right-most hop that no trusted proxy wrote, as Express's `trust proxy` and
// Hono's conventions read it. Caps and throttles then key an IPv6 client by its /64 (one home or phone owns
// a whole /64). Pure: addresses are parsed here, never resolved.
import { parseIpv4, parseIpv6, refusedRange } from "./addresses.ts";

/** Who may write X-Forwarded-For: nobody, the nearest `hops` proxies, or proxies at these addresses. */
export type TrustProxy =
  | { kind: "hops"; hops: number }
  | { kind: "addresses"; ranges: AddressRange[] };

/** An address range (CIDR): the bits of its first address and how many of them count. */
export interface AddressRange {
  family: 4 | 6;
  bits: number[];
  prefix: number;
}

/** The longest TRUST_PROXY hop count taken (more is a typing slip, not a network). */
export const MAX_PROXY_HOPS = 10;

/**
 * TRUST_PROXY read: `off` (or 0) trusts nobody, `on` the one proxy in front (1 hop), a number that many
 * hops, a comma-separated list of proxy addresses or CIDR ranges those proxies; null when malformed.
 * @example parseTrustProxy("on") // { kind: "hops", hops: 1 }
 * @example parseTrustProxy("10.0.0.0/8, ::1") // addresses
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const text = (value ?? "off").trim().toLowerCase();
  if (text === "off" || text === "false" || text === "") return { kind: "hops", hops: 0 };
  if (text === "on" || text === "true") return { kind: "hops", hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_PROXY_HOPS ? { kind: "hops", hops } : null;
  }
  const ranges: AddressRange[] = [];
  for (const item of text.split(",").map((s) => s.trim())) {
    const range = parseRange(item);
    if (!range) return null;
    ranges.push(range);
  }
  return { kind: "addresses", ranges };
}

/** `a.b.c.d`, `a.b.c.d/n`, an IPv6 address with or without `/n`; null when malformed. */
export function parseRange(text: string): AddressRange | null {
  const [address, prefixText, extra] = text.split("/");
  if (extra !== undefined) return null;
  const canonical = canonicalAddress(address);
  if (!canonical) return null;
  const family = canonical.includes(":") ? 6 : 4;
  const max = family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  return { family, bits: bitsOf(canonical), prefix };
}

/**
 * An address in one spelling: IPv4 dotted, IPv6 in lower case without zone, an IPv4-mapped IPv6
 * address as its IPv4 address; brackets and a port (`[::1]:443`, `1.2.3.4:80`) dropped; null when it is
 * no IP address.
 */
export function canonicalAddress(text: string): string | null {
  let a = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(a);
  if (bracketed) a = bracketed[1];
  else if (/^[\d.]+:\d{1,5}$/.test(a)) a = a.slice(0, a.indexOf(":"));
  if (parseIpv4(a)) return a;
  const groups = a.includes(":") ? parseIpv6(a) : null;
  if (!groups) return null;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  }
  return groups.map((g) => g.toString(16)).join(":");
}

function bitsOf(canonical: string): number[] {
  if (!canonical.includes(":")) return canonical.split(".").map(Number);
  return parseIpv6(canonical)!;
}

/** Whether a canonical address falls in a range. */
export function inRange(canonical: string, range: AddressRange): boolean {
  const family = canonical.includes(":") ? 6 : 4;
  if (family !== range.family) return false;
  const bits = bitsOf(canonical);
  const width = family === 4 ? 8 : 16;
  let left = range.prefix;
  for (let i = 0; i < bits.length && left > 0; i++) {
    const take = Math.min(width, left);
    const mask = ((1 << take) - 1) << (width - take);
    if ((bits[i] & mask) !== (range.bits[i] & mask)) return false;
    left -= take;
  }
  return true;
}

/**
 * The client's address: the socket's peer when nobody is trusted; else walking X-Forwarded-For from the
 * right, past the trusted hops, the first untrusted one. A hop that is no address (a client's own
 * scribble reached through too many trusted hops) ends the walk at the hop that reported it. Null when
 * not even the socket's address is known (a request handed in without one, as tests do).
 * @example clientAddressOf({ kind: "hops", hops: 1 }, "6.6.6.6, 203.0.113.9", "10.0.0.2") // "203.0.113.9"
 */
export function clientAddressOf(
  trust: TrustProxy,
  forwardedFor: string | null | undefined,
  socketAddress: string | null | undefined,
): string | null {
  let address = socketAddress ? canonicalAddress(socketAddress) ?? socketAddress.slice(0, 64) : null;
  if (trust.kind === "hops" && trust.hops === 0) return address;
  const hops = (forwardedFor ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "").reverse();
  for (let i = 0; i < hops.length; i++) {
    const known = address !== null && canonicalAddress(address) === address;
    const trusted = trust.kind === "hops"
      ? i < trust.hops
      : known && trust.ranges.some((r) => inRange(address!, r));
    if (!trusted) break;
    const next = canonicalAddress(hops[i]);
    if (!next) break;
    address = next;
  }
  return address;
}

/**
 * The key caps and throttles count an address under: an IPv4 address as it is, an IPv6 one by its /64
 * (`2001:db8:1:2::/64`), since a home or a phone is handed a whole /64 and picks any address in it.
 * @example limitKeyOf("2001:db8:1:2:aaaa::1") // "2001:db8:1:2::/64"
 */
export function limitKeyOf(address: string | null): string {
  if (address === null) return "unknown";
  const canonical = canonicalAddress(address);
  if (!canonical) return address.slice(0, 64);
  if (!canonical.includes(":")) return canonical;
  return `${canonical.split(":").slice(0, 4).join(":")}::/64`;
}

/** Whether an address is the server's own (127.0.0.0/8, ::1, or ::ffff:127.x). */
export function isLoopbackAddress(address: string | null): boolean {
  return address !== null && refusedRange(address) === "loopback";
}

/** Whether an address is one a proxy on the server's own network would have (loopback, private, ULA). */
export function isProxyLikeAddress(address: string | null): boolean {
  if (address === null) return false;
  const range = refusedRange(address);
  return range === "loopback" || range === "private" || range === "unique_local" || range === "carrier_nat";
}

/** Requests in a row from one proxy-like address, with X-Forwarded-For ignored, before the startup warning. */
export const SINGLE_PROXY_WARNING_AFTER = 50;

/**
 * Watches requests while TRUST_PROXY is off: when `SINGLE_PROXY_WARNING_AFTER` requests in a row come
 * from one loopback or private address and carry X-Forwarded-For, a proxy in front hides every client, and
 * the returned text says to set TRUST_PROXY (once).
 */
export function singleProxyWatch(): (socket: string | null, forwarded: boolean) => string | null {
  let last: string | null = null, count = 0, warned = false;
  return (socket, forwarded) => {
    if (warned) return null;
    if (!forwarded || !isProxyLikeAddress(socket) || socket !== last) {
      last = forwarded && isProxyLikeAddress(socket) ? socket : null;
      count = last ? 1 : 0;
      return null;
    }
    if (++count < SINGLE_PROXY_WARNING_AFTER) return null;
    warned = true;
    return `Every request comes from ${socket} with an X-Forwarded-For header: a proxy stands in front and ` +
      "every listener shares its address (vote caps, login throttles). Set TRUST_PROXY=1 (or the proxy's " +
      "address, e.g. TRUST_PROXY=" + socket + ") so the address the proxy saw counts.";
  };
}
