import assert from "node:assert/strict";
import {
  deliveryErrorKey,
  endpointProblem,
  httpPostHead,
  isRefusedAddress,
  newWebhookSecret,
  pinnedAddress,
  responseStatus,
  retryDelaySeconds,
  signatureHeaders,
  verifySignature,
  webhookParticipation,
} from "../../lib/rules/webhooks.ts";
import { Webhook } from "standardwebhooks";
import { segmentTransitions } from "../../lib/rules/webhook_transitions.ts";
import { WEBHOOK_MAX_ATTEMPTS } from "../../lib/rules/constants.ts";
import { translator } from "../../app/i18n.ts";
import { LANGUAGES } from "../../lib/rules/i18n.ts";

Deno.test("webhook signature - a receiver verifies it; a changed body, another secret or an old timestamp fail", async () => {
  const body = JSON.stringify({ event: "vote.closed", data: { interaction_id: 4 } });
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const headers = new Headers(await signatureHeaders([secret], "42", 1_700_000_000, body));
  assert.equal(headers.get("webhook-id"), "42");
  assert.equal(headers.get("webhook-timestamp"), "1700000000");
  assert.match(headers.get("webhook-signature") ?? "", /^v1,[A-Za-z0-9+/]{43}=$/);
  assert.equal(await verifySignature(secret, headers, body, 1_700_000_010), true);
  // what the standardwebhooks package verifies too
  new Webhook(secret).verify(body, {
    "webhook-id": "42",
    "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
    ...await signatureHeaders([secret], "42", Math.floor(Date.now() / 1000), body),
  });
  assert.equal(await verifySignature(secret, headers, body + " ", 1_700_000_010), false);
  assert.equal(await verifySignature("whsec_b3RoZXI=", headers, body, 1_700_000_010), false);
  assert.equal(await verifySignature(secret, headers, body, 1_700_001_000), false);
  const noSignature = new Headers({ "webhook-id": "42", "webhook-timestamp": "1700000000" });
  assert.equal(await verifySignature(secret, noSignature, body, 1_700_000_000), false);
});

Deno.test("webhook signature - two secrets give two signatures, each verifying alone; a hex secret of before still works", async () => {
  const body = "{}";
  const now = Math.floor(Date.now() / 1000);
  const hexSecret = `whsec_${"0123456789abcdef".repeat(4)}`;
  const fresh = newWebhookSecret();
  assert.match(fresh, /^whsec_[A-Za-z0-9+/]{32}$/);
  const headers = await signatureHeaders([fresh, hexSecret], "7", now, body);
  assert.equal(headers["webhook-signature"].split(" ").length, 2);
  for (const secret of [fresh, hexSecret]) {
    assert.equal(await verifySignature(secret, new Headers(headers), body, now), true);
    assert.deepEqual(new Webhook(secret).verify(body, headers), {});
  }
});

Deno.test("webhook addresses - private, loopback, link-local and mapped forms are refused; public ones pass", () => {
  for (
    const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "0:0:0:0:0:0:0:1",
      "64:ff9b::a00:1",
      "2002:a00:1::1",
      "not-an-ip",
    ]
  ) assert.equal(isRefusedAddress(a), true, a);
  for (const a of ["93.184.216.34", "172.32.0.1", "8.8.8.8", "2606:4700::1111"]) {
    assert.equal(isRefusedAddress(a), false, a);
  }
});

Deno.test("webhook connection - the address pinned, the request head written by hand, the status read", () => {
  assert.equal(pinnedAddress(["2606:4700::1111", "93.184.216.34"]), "93.184.216.34");
  assert.equal(pinnedAddress(["2606:4700::1111"]), "2606:4700::1111");
  assert.equal(pinnedAddress([]), null);
  assert.equal(
    httpPostHead(new URL("https://hooks.example.org/in?a=1"), { "X-Signature": "t=1,v1=ab" }, 12),
    "POST /in?a=1 HTTP/1.1\r\nHost: hooks.example.org\r\nX-Signature: t=1,v1=ab\r\nContent-Length: 12\r\n" +
      "Connection: close\r\n\r\n",
  );
  // the port when not the scheme's, an IPv6 host in brackets, no header injection through a value
  const head = httpPostHead(new URL("https://[2606:4700::1111]:8443"), { "X-A": "b\r\nX-Evil: 1" }, 0);
  assert.match(head, /^POST \/ HTTP\/1\.1\r\nHost: \[2606:4700::1111\]:8443\r\nX-A: b X-Evil: 1\r\n/);
  assert.equal(responseStatus("HTTP/1.1 204 No Content\r\nA: b\r\n\r\n"), 204);
  assert.equal(responseStatus("HTTP/1.0 302\r\n"), 302);
  assert.equal(responseStatus("SSH-2.0-OpenSSH\r\n"), null);
  assert.equal(responseStatus("HTTP/1.1 20 OK\r\n"), null);
});

Deno.test("webhook delivery log - the platform's own refusals in the staff's five languages, others as they are", () => {
  assert.deepEqual(deliveryErrorKey("webhook_address_refused 127.0.0.1"), {
    key: "webhooks.error_address_refused",
    address: "127.0.0.1",
  });
  assert.deepEqual(deliveryErrorKey("webhook_host_unknown"), {
    key: "webhooks.error_host_unknown",
    address: "",
  });
  assert.deepEqual(deliveryErrorKey("timeout"), { key: "webhooks.error_timeout", address: "" });
  assert.equal(deliveryErrorKey("HTTP 500"), null);
  assert.equal(deliveryErrorKey("connection refused"), null);
  const texts = new Set<string>();
  for (const lng of LANGUAGES) {
    const t = translator(lng);
    for (const error of ["webhook_address_refused ::1", "webhook_host_unknown", "timeout"]) {
      const { key, address } = deliveryErrorKey(error)!;
      const text = t(key, { address });
      assert.notEqual(text, key, `${lng}: ${key}`);
      if (address) assert.ok(text.includes("::1"), `${lng}: ${text}`);
      texts.add(text);
    }
  }
  assert.equal(texts.size, 15, "each language has its own texts");
});

Deno.test("webhook URL - https only, plain http for an allowed host, no credentials", () => {
  const allowed = new Set(["127.0.0.1"]);
  assert.equal(endpointProblem("https://hooks.example.org/in", allowed), null);
  assert.equal(endpointProblem("http://hooks.example.org/in", allowed), "webhook_https_required");
  assert.equal(endpointProblem("http://127.0.0.1:8080/in", allowed), null);
  assert.equal(endpointProblem("ftp://example.org", allowed), "webhook_https_required");
  assert.equal(endpointProblem("https://user:pw@example.org", allowed), "webhook_url_invalid");
  assert.equal(endpointProblem("not a url", allowed), "webhook_url_invalid");
});

Deno.test("webhook retries - the delay doubles from the base and stops after the last attempt (about 25 h)", () => {
  assert.equal(retryDelaySeconds(1, 90), 90);
  assert.equal(retryDelaySeconds(2, 90), 180);
  assert.equal(retryDelaySeconds(WEBHOOK_MAX_ATTEMPTS, 90), null);
  let total = 0;
  for (let n = 1; n < WEBHOOK_MAX_ATTEMPTS; n++) total += retryDelaySeconds(n, 90)!;
  assert.ok(total > 22 * 3600 && total < 28 * 3600, String(total));
});

Deno.test("webhook participation - the public projection, absolute media links, nothing else", () => {
  const p = webhookParticipation({
    id: 7,
    segment_id: 3,
    type: "voice",
    created_at: new Date("2026-11-25T08:00:00Z"),
    content: { text: "Bonjour", email: "x@example.org", choice_text: null },
    duration_ms: 42_400,
    nickname: "Jeanne",
    author_city: "Nantes",
    playable_path: "participations/a-delivery.mp3",
    poster_path: null,
    transcript: "Bonjour à tous",
    choice_ids: null,
  }, "https://im.example.org");
  assert.deepEqual(Object.keys(p).sort(), [
    "author_city",
    "author_name",
    "choice_ids",
    "choice_text",
    "created_at",
    "duration_seconds",
    "id",
    "interaction_id",
    "media_url",
    "poster_url",
    "text",
    "transcript",
    "type",
  ]);
  assert.equal(p.media_url, "https://im.example.org/media/participations/a-delivery.mp3");
  assert.equal(p.duration_seconds, 42);
  assert.ok(!JSON.stringify(p).includes("x@example.org"));
});

Deno.test("webhook transitions - revealed when results become public, closed when the end date passes", () => {
  const now = new Date("2026-11-25T10:00:00Z");
  const past = new Date("2026-11-25T09:59:00Z");
  assert.deepEqual(segmentTransitions({ show_results: false }, { show_results: true }, now), [
    "results.revealed",
  ]);
  assert.deepEqual(segmentTransitions({ show_results: true }, { show_results: true }, now), []);
  assert.deepEqual(
    segmentTransitions(
      { show_results: true, hide_results_until_end: true, end_date: null },
      { show_results: true, hide_results_until_end: true, end_date: past },
      now,
    ),
    ["results.revealed", "vote.closed"],
  );
  assert.deepEqual(segmentTransitions({ end_date: past }, { end_date: past }, now), []);
  assert.deepEqual(segmentTransitions({ show_results: true }, { show_results: false }, now), []);
});
