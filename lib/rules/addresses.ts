// Which IP addresses a server-side request (a webhook delivery) may reach: only globally reachable
// unicast ones. The ranges are those of the IANA special-purpose registries (RFC 6890 and its updates); an
// IPv6 address that carries an IPv4 one (mapped, IPv4-compatible, NAT64, 6to4) is judged by the IPv4 address
// it leads to. Pure: addresses are parsed here, never resolved.

/** Why an address is refused: the name of its range. */
export type RefusedRange =
  | "invalid"
  | "unspecified"
  | "loopback"
  | "private"
  | "carrier_nat"
  | "link_local"
  | "unique_local"
  | "site_local"
  | "multicast"
  | "broadcast"
  | "documentation"
  | "benchmarking"
  | "reserved"
  | "tunnel"
  | "not_global";

/** The four bytes of a dotted IPv4 address (decimal, no leading zeros), or null. */
export function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^(0|[1-9]\d{0,2})$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a dotted IPv4 tail), or null. */
export function parseIpv6(text: string): number[] | null {
  let a = text.toLowerCase();
  const zone = a.indexOf("%");
  if (zone >= 0) a = a.slice(0, zone);
  const tail = /(?:^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (tail) {
    const v4 = parseIpv4(tail[1]);
    if (!v4) return null;
    a = a.slice(0, a.length - tail[1].length) +
      `${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = a.split("::");
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

function ipv4Range([a, b, c, d]: number[]): RefusedRange | null {
  if (a === 0) return "unspecified"; // 0.0.0.0/8, "this network"
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return "private";
  if (a === 100 && b >= 64 && b <= 127) return "carrier_nat";
  if (a === 127) return "loopback";
  if (a === 169 && b === 254) return "link_local"; // cloud metadata lives here
  if (a === 192 && b === 0 && c === 0) return "reserved"; // IETF protocol assignments
  if (
    (a === 192 && b === 0 && c === 2) || (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113)
  ) {
    return "documentation";
  }
  if (a === 192 && b === 88 && c === 99) return "tunnel"; // 6to4 relay anycast, deprecated
  if (a === 198 && (b === 18 || b === 19)) return "benchmarking";
  if (a >= 224 && a <= 239) return "multicast";
  if (a === 255 && b === 255 && c === 255 && d === 255) return "broadcast";
  if (a >= 240) return "reserved";
  return null;
}

function embeddedIpv4(hi: number, lo: number): number[] {
  return [hi >> 8, hi & 255, lo >> 8, lo & 255];
}

function ipv6Range(g: number[]): RefusedRange | null {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return "unspecified";
  if (zeros(0, 7) && g[7] === 1) return "loopback";
  if (zeros(0, 5) && g[5] === 0xffff) return ipv4Range(embeddedIpv4(g[6], g[7])); // ::ffff:a.b.c.d
  if (zeros(0, 6)) return "reserved"; // ::a.b.c.d, IPv4-compatible, deprecated
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return ipv4Range(embeddedIpv4(g[6], g[7])); // NAT64
  // 6to4, deprecated (RFC 7526): refused whatever IPv4 address it leads to, named after it when not public
  if (g[0] === 0x2002) return ipv4Range(embeddedIpv4(g[1], g[2])) ?? "tunnel";
  if ((g[0] & 0xfe00) === 0xfc00) return "unique_local"; // fc00::/7
  if ((g[0] & 0xffc0) === 0xfe80) return "link_local"; // fe80::/10
  if ((g[0] & 0xffc0) === 0xfec0) return "site_local"; // fec0::/10, deprecated
  if ((g[0] & 0xff00) === 0xff00) return "multicast";
  // only 2000::/3 is global unicast; within it, the special blocks
  if ((g[0] & 0xe000) !== 0x2000) return "not_global";
  if (g[0] === 0x2001 && g[1] === 0x0db8) return "documentation";
  if (g[0] === 0x3fff && g[1] <= 0x0fff) return "documentation"; // 3fff::/20
  if (g[0] === 0x2001 && g[1] === 0) return "tunnel"; // Teredo, hides an IPv4 address
  if (g[0] === 0x2001 && g[1] >= 0x0010 && g[1] <= 0x002f) return "reserved"; // ORCHID
  if (g[0] === 0x2001 && g[1] === 0x0002 && g[2] === 0) return "benchmarking";
  if (g[0] === 0x2001 && g[1] < 0x0200) return "reserved"; // the rest of 2001::/23, IETF assignments
  return null;
}

/**
 * The range that makes an address unreachable for the platform's own requests, or null for a globally
 * reachable unicast address. Brackets around an IPv6 address are allowed; anything else than an IP
 * address is "invalid".
 * @example refusedRange("169.254.169.254") // "link_local"
 * @example refusedRange("::ffff:10.0.0.1") // "private"
 * @example refusedRange("2606:4700::1111") // null
 */
export function refusedRange(address: string): RefusedRange | null {
  const a = address.trim().replace(/^\[(.*)\]$/, "$1");
  const v4 = parseIpv4(a);
  if (v4) return ipv4Range(v4);
  const v6 = a.includes(":") ? parseIpv6(a) : null;
  return v6 ? ipv6Range(v6) : "invalid";
}
