import assert from "node:assert/strict";
import {
  canonicalAddress,
  clientAddressOf,
  isProxyLikeAddress,
  limitKeyOf,
  MAX_PROXY_HOPS,
  parseTrustProxy,
  SINGLE_PROXY_WARNING_AFTER,
  singleProxyWatch,
  type TrustProxy,
} from "../../lib/rules/client_address.ts";
import { ConfigError, loadConfig } from "../../lib/platform/config.ts";

const trust = (value: string) => parseTrustProxy(value) as TrustProxy;

Deno.test("client address - TRUST_PROXY spellings", async (t) => {
  await t.step("off, 0 and unset trust nobody; on is one hop", () => {
    assert.deepEqual(parseTrustProxy("off"), { kind: "hops", hops: 0 });
    assert.deepEqual(parseTrustProxy("0"), { kind: "hops", hops: 0 });
    assert.deepEqual(parseTrustProxy(undefined), { kind: "hops", hops: 0 });
    assert.deepEqual(parseTrustProxy("on"), { kind: "hops", hops: 1 });
    assert.deepEqual(parseTrustProxy("2"), { kind: "hops", hops: 2 });
  });
  await t.step("a list of addresses and CIDR ranges, IPv4 and IPv6", () => {
    const list = parseTrustProxy("10.0.0.0/8, 192.0.2.1 ,fd00::/8,::1");
    assert.equal(list?.kind, "addresses");
    assert.equal(list?.kind === "addresses" && list.ranges.length, 4);
  });
  await t.step("malformed values are refused, and the configuration says so", () => {
    for (
      const bad of ["yes", "10.0.0.0/33", "10.0.0/8", "::1/129", "1.2.3.4/8/1", "", "11", "10.0.0.1,", "-1"]
    ) {
      if (bad === "") continue; // empty is unset
      assert.equal(parseTrustProxy(bad), null, bad);
      assert.throws(() => loadConfig({ TRUST_PROXY: bad }), ConfigError, bad);
    }
    assert.equal(parseTrustProxy(String(MAX_PROXY_HOPS))?.kind, "hops");
    assert.equal(loadConfig({ TRUST_PROXY: "10.0.0.0/8" }).TRUST_PROXY, "10.0.0.0/8");
  });
});

Deno.test("client address - the right-most hop no trusted proxy wrote", async (t) => {
  await t.step("off: the socket, whatever the header says", () => {
    assert.equal(clientAddressOf(trust("off"), "203.0.113.9", "192.0.2.7"), "192.0.2.7");
  });
  await t.step("1 hop: what nginx appended, not what the client wrote before it", () => {
    assert.equal(clientAddressOf(trust("on"), "6.6.6.6, 203.0.113.9", "10.0.0.2"), "203.0.113.9");
    assert.equal(clientAddressOf(trust("1"), "203.0.113.9", "10.0.0.2"), "203.0.113.9");
    assert.equal(clientAddressOf(trust("1"), null, "10.0.0.2"), "10.0.0.2", "no header: the socket");
    assert.equal(clientAddressOf(trust("1"), " , ", "10.0.0.2"), "10.0.0.2", "empty hops skipped");
  });
  await t.step("2 hops: a CDN then nginx", () => {
    assert.equal(
      clientAddressOf(trust("2"), "6.6.6.6, 203.0.113.9, 198.51.100.1", "10.0.0.2"),
      "203.0.113.9",
    );
    assert.equal(
      clientAddressOf(trust("2"), "203.0.113.9", "10.0.0.2"),
      "203.0.113.9",
      "fewer hops: the farthest",
    );
  });
  await t.step("a CIDR list: walk left while the hop is a trusted proxy", () => {
    const t2 = trust("10.0.0.0/8, 2001:db8:ffff::/48");
    assert.equal(clientAddressOf(t2, "6.6.6.6, 203.0.113.9, 10.1.2.3", "10.0.0.2"), "203.0.113.9");
    assert.equal(
      clientAddressOf(t2, "6.6.6.6, 203.0.113.9", "192.0.2.50"),
      "192.0.2.50",
      "the socket is no proxy",
    );
    assert.equal(clientAddressOf(t2, "203.0.113.9", "2001:db8:ffff:1::5"), "203.0.113.9");
    assert.equal(clientAddressOf(t2, "203.0.113.9", "::ffff:10.0.0.2"), "203.0.113.9", "IPv4-mapped socket");
  });
  await t.step("malformed hops end the walk at the hop that reported them", () => {
    assert.equal(clientAddressOf(trust("2"), "203.0.113.9, not-an-ip", "10.0.0.2"), "10.0.0.2");
    assert.equal(clientAddressOf(trust("2"), "<script>, 198.51.100.1", "10.0.0.2"), "198.51.100.1");
    assert.equal(clientAddressOf(trust("1"), "999.1.1.1", "10.0.0.2"), "10.0.0.2");
  });
  await t.step("ports, brackets and IPv4-mapped IPv6 hops are read as their address", () => {
    assert.equal(clientAddressOf(trust("1"), "203.0.113.9:5123", null), "203.0.113.9");
    assert.equal(clientAddressOf(trust("1"), "[2001:db8::1]:443", null), "2001:db8:0:0:0:0:0:1");
    assert.equal(clientAddressOf(trust("1"), "::FFFF:203.0.113.9", null), "203.0.113.9");
    assert.equal(clientAddressOf(trust("1"), null, null), null);
  });
});

Deno.test("client address - canonical spelling", () => {
  assert.equal(canonicalAddress("::ffff:c633:6401"), "198.51.100.1");
  assert.equal(canonicalAddress("2001:DB8::1"), "2001:db8:0:0:0:0:0:1");
  assert.equal(canonicalAddress("fe80::1%eth0"), "fe80:0:0:0:0:0:0:1");
  assert.equal(canonicalAddress("1.2.3"), null);
  assert.equal(canonicalAddress("01.2.3.4"), null);
  assert.equal(canonicalAddress("unknown"), null);
});

Deno.test("client address - limits key IPv6 by its /64, IPv4 as it is", () => {
  assert.equal(limitKeyOf("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
  assert.equal(limitKeyOf("2001:db8:1:2:ffff:ffff:ffff:ffff"), "2001:db8:1:2::/64");
  assert.notEqual(limitKeyOf("2001:db8:1:3::1"), limitKeyOf("2001:db8:1:2::1"));
  assert.equal(limitKeyOf("203.0.113.9"), "203.0.113.9");
  assert.equal(limitKeyOf("::ffff:203.0.113.9"), "203.0.113.9");
  assert.equal(limitKeyOf(null), "unknown");
});

Deno.test("client address - a run of requests from one private proxy warns once to set TRUST_PROXY", () => {
  assert.ok(
    isProxyLikeAddress("127.0.0.1") && isProxyLikeAddress("10.0.0.2") && isProxyLikeAddress("fd00::1"),
  );
  assert.ok(!isProxyLikeAddress("203.0.113.9") && !isProxyLikeAddress(null));
  const watch = singleProxyWatch();
  const messages: (string | null)[] = [];
  for (let i = 0; i < SINGLE_PROXY_WARNING_AFTER - 1; i++) messages.push(watch("10.0.0.2", true));
  assert.ok(messages.every((m) => m === null));
  assert.equal(watch("10.0.0.3", true), null, "another address starts the run again");
  for (let i = 0; i < SINGLE_PROXY_WARNING_AFTER - 2; i++) assert.equal(watch("10.0.0.3", true), null);
  const warning = watch("10.0.0.3", true);
  assert.match(warning ?? "", /TRUST_PROXY=1/);
  assert.equal(watch("10.0.0.3", true), null, "once");

  const direct = singleProxyWatch();
  for (let i = 0; i < 2 * SINGLE_PROXY_WARNING_AFTER; i++) {
    assert.equal(direct("10.0.0.2", false), null, "no header: clients on the server's own network");
    assert.equal(direct("203.0.113.9", true), null, "a public address is no proxy");
  }
});
