import assert from "node:assert/strict";
import { parseIpv4, parseIpv6, refusedRange } from "../../lib/rules/addresses.ts";

Deno.test("addresses - IPv4 and IPv6 are parsed in their written forms; anything else is not an address", async (t) => {
  await t.step("IPv4: four decimal bytes, no leading zero, nothing over 255", () => {
    assert.deepEqual(parseIpv4("192.168.0.1"), [192, 168, 0, 1]);
    for (
      const text of ["192.168.0", "1.2.3.4.5", "256.1.1.1", "01.2.3.4", "0x7f.0.0.1", "1.2.3.-4", "a.b.c.d"]
    ) {
      assert.equal(parseIpv4(text), null, text);
    }
  });
  await t.step("IPv6: compressed, full, a dotted IPv4 tail, a zone; at most one ::", () => {
    assert.deepEqual(parseIpv6("::1"), [0, 0, 0, 0, 0, 0, 0, 1]);
    assert.deepEqual(parseIpv6("0:0:0:0:0:0:0:1"), [0, 0, 0, 0, 0, 0, 0, 1]);
    assert.deepEqual(parseIpv6("::ffff:127.0.0.1"), [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    assert.deepEqual(parseIpv6("FE80::1%eth0"), [0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    assert.deepEqual(parseIpv6("2001:db8::"), [0x2001, 0xdb8, 0, 0, 0, 0, 0, 0]);
    for (
      const text of ["1::2::3", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", "12345::", "::g", "::1.2.3.256", ":"]
    ) {
      assert.equal(parseIpv6(text), null, text);
    }
  });
});

Deno.test("addresses - every non-public IPv4 range is refused, with its edges", () => {
  const refused: [string, string][] = [
    ["0.0.0.0", "unspecified"],
    ["0.255.255.255", "unspecified"],
    ["10.0.0.0", "private"],
    ["10.255.255.255", "private"],
    ["100.64.0.0", "carrier_nat"],
    ["100.127.255.255", "carrier_nat"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["169.254.169.254", "link_local"],
    ["172.16.0.0", "private"],
    ["172.31.255.255", "private"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.1", "documentation"],
    ["192.88.99.1", "tunnel"],
    ["192.168.0.0", "private"],
    ["192.168.255.255", "private"],
    ["198.18.0.0", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.255", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
  ];
  for (const [address, range] of refused) assert.equal(refusedRange(address), range, address);
  const allowed = [
    "9.255.255.255",
    "11.0.0.0",
    "100.63.255.255",
    "100.128.0.0",
    "126.255.255.255",
    "128.0.0.0",
    "169.253.255.255",
    "172.15.255.255",
    "172.32.0.0",
    "192.0.1.1",
    "192.0.3.1",
    "192.167.255.255",
    "192.169.0.0",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.255",
    "93.184.216.34",
    "8.8.8.8",
  ];
  for (const address of allowed) assert.equal(refusedRange(address), null, address);
});

Deno.test("addresses - IPv6: loopback, local, multicast and special blocks refused; IPv4 inside judged as IPv4", () => {
  const refused: [string, string][] = [
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["[::1]", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "link_local"],
    ["::127.0.0.1", "reserved"],
    ["::8.8.8.8", "reserved"],
    ["64:ff9b::10.0.0.1", "private"],
    ["64:ff9b::7f00:1", "loopback"],
    ["2002:7f00:1::", "loopback"],
    ["2002:c0a8:101::1", "private"],
    ["2002:5db8:d822::1", "tunnel"], // 6to4 is deprecated: refused even towards a public IPv4 address
    ["2001::1", "tunnel"],
    ["2001:db8::1", "documentation"],
    ["3fff::1", "documentation"],
    ["2001:10::1", "reserved"],
    ["2001:2::1", "benchmarking"],
    ["fc00::1", "unique_local"],
    ["fdff:ffff::1", "unique_local"],
    ["fe80::1", "link_local"],
    ["febf::1", "link_local"],
    ["fec0::1", "site_local"],
    ["ff02::1", "multicast"],
    ["100::1", "not_global"],
    ["4000::1", "not_global"],
    ["fe80::1%eth0", "link_local"],
  ];
  for (const [address, range] of refused) assert.equal(refusedRange(address), range, address);
  const allowed = [
    "2606:4700::1111",
    "2a00:1450:4007:80f::200e",
    "::ffff:93.184.216.34",
    "64:ff9b::8.8.8.8",
    "2001:200::1",
    "3fff:1000::1",
  ];
  for (const address of allowed) assert.equal(refusedRange(address), null, address);
});

Deno.test("addresses - what is not an IP address is refused as invalid", () => {
  for (
    const text of ["", "localhost", "example.org", "0x7f000001", "2130706433", "127.1", "[::1", "1.2.3.4:80"]
  ) {
    assert.equal(refusedRange(text), "invalid", text);
  }
});
