import assert from "node:assert/strict";
import {
  burstTimeline,
  issueDeviceId,
  isValidDeviceId,
  resultsArePublic,
  resultsReadSegment,
  voteCapKey,
  voteIntegrity,
} from "../../lib/rules/vote_integrity.ts";
import { isDeviceIdShape } from "../../lib/rules/widget.ts";
import { fastLookup } from "../../app/front.ts";
import { fastRoutes, routes } from "../../routes.gen.ts";
import { publicSegmentView, type SegmentForWidget } from "../../lib/segments/view.ts";

const secret = new TextEncoder().encode("a-secret-of-at-least-32-characters-long");
const other = new TextEncoder().encode("another-secret-of-32-characters-or-more");

Deno.test("issueDeviceId - a new signed id each time, of the shape the widget keeps", () => {
  const a = issueDeviceId(secret);
  const b = issueDeviceId(secret);
  assert.notEqual(a, b);
  assert.ok(isDeviceIdShape(a));
  assert.ok(a.length <= 100, "fits the device_id field");
  assert.equal(issueDeviceId(secret, new Uint8Array(16)), issueDeviceId(secret, new Uint8Array(16)));
});

Deno.test("isValidDeviceId - accepts its own ids, refuses made-up, altered and foreign ones", () => {
  const id = issueDeviceId(secret);
  assert.equal(isValidDeviceId(secret, id), true);
  assert.equal(isValidDeviceId(other, id), false);
  const [prefix, nonce, signature] = id.split(".");
  const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
  assert.equal(isValidDeviceId(secret, `${prefix}.${flip(nonce)}.${signature}`), false);
  assert.equal(isValidDeviceId(secret, `${prefix}.${nonce}.${flip(signature)}`), false);
  for (const bad of ["", crypto.randomUUID(), "d1..", `${id}x`, `d2.${nonce}.${signature}`]) {
    assert.equal(isValidDeviceId(secret, bad), false, bad);
  }
});

Deno.test("voteIntegrity - counted up to the cap included, suspicious past it", () => {
  assert.equal(voteIntegrity(1, 20), "counted");
  assert.equal(voteIntegrity(20, 20), "counted");
  assert.equal(voteIntegrity(21, 20), "suspicious");
  assert.equal(voteIntegrity(2, 1), "suspicious");
});

Deno.test("voteCapKey - per interaction and address, without the address in clear", () => {
  const key = voteCapKey(secret, 7, "203.0.113.5");
  assert.match(key, /^vote:7:[A-Za-z0-9_-]{22}$/);
  assert.ok(!key.includes("203.0.113.5"));
  assert.equal(key, voteCapKey(secret, 7, "203.0.113.5"));
  assert.notEqual(key, voteCapKey(secret, 8, "203.0.113.5"));
  assert.notEqual(key, voteCapKey(secret, 7, "203.0.113.6"));
});

Deno.test("resultsArePublic - show_results, and hidden until the end date when asked", () => {
  const now = new Date("2026-01-01T12:00:00Z");
  assert.equal(resultsArePublic({ show_results: true }, now), true);
  assert.equal(resultsArePublic({ show_results: false }, now), false);
  const hidden = { show_results: true, hide_results_until_end: true };
  assert.equal(resultsArePublic({ ...hidden, end_date: null }, now), false, "no end: never public");
  assert.equal(resultsArePublic({ ...hidden, end_date: new Date("2026-01-01T12:00:01Z") }, now), false);
  assert.equal(resultsArePublic({ ...hidden, end_date: "2026-01-01T12:00:00Z" }, now), true);
  assert.equal(resultsArePublic({ ...hidden, show_results: false, end_date: "2025-01-01" }, now), false);
});

Deno.test("burstTimeline - minutes in order with totals per choice and the peak", () => {
  const t = burstTimeline([
    { minute: "2026-01-01T12:01Z", choice_id: 1, counted: 2, suspicious: 30 },
    { minute: "2026-01-01T12:00Z", choice_id: 1, counted: 3, suspicious: 0 },
    { minute: "2026-01-01T12:00Z", choice_id: 2, counted: 4, suspicious: 1 },
  ]);
  assert.deepEqual(t.minutes.map((m) => m.minute), ["2026-01-01T12:00Z", "2026-01-01T12:01Z"]);
  assert.deepEqual(t.minutes[0], {
    minute: "2026-01-01T12:00Z",
    counted: 7,
    suspicious: 1,
    byChoice: { 1: 3, 2: 5 },
  });
  assert.equal(t.peak, 32);
  assert.deepEqual(burstTimeline([]), { minutes: [], peak: 0 });
});

Deno.test("publicSegmentView - results hidden until the end show no results to the widget before", () => {
  const base = { show_results: true, to_mode: "permanent", end_date: null, customisation: {} };
  const view = (s: Record<string, unknown>) =>
    publicSegmentView({ ...base, ...s } as unknown as SegmentForWidget, [], null);
  assert.equal(view({}).show_results, true);
  assert.equal(view({ hide_results_until_end: true }).show_results, false);
  assert.equal(
    view({ hide_results_until_end: true, end_date: new Date(Date.now() - 1000) }).show_results,
    true,
  );
  assert.equal(view({ high_stakes: true }).high_stakes, true);
});

Deno.test("resultsReadSegment - only the public results read of one segment, as sent", () => {
  // the route found through the manifest as the app finds it, then the interaction's id as its parameter spells it
  const lookup = fastLookup(fastRoutes, routes);
  const resultsRead = (path: string) => {
    const match = lookup(path);
    return match?.fast.front === "results" ? resultsReadSegment(match.params[match.fast.segment]) : null;
  };
  assert.equal(resultsRead("/api/v1/show_segments/12/vote-results"), 12);
  assert.equal(resultsRead("/api/v1/show_segments/999999999999999/vote-results"), 999999999999999);
  for (
    const path of [
      "/api/v1/show_segments/12/vote-results/",
      "/api/v1/show_segments/12/vote-results/live",
      "/api/v1/show_segments/012/vote-results",
      "/api/v1/show_segments/0/vote-results",
      "/api/v1/show_segments/1000000000000000/vote-results",
      "/api/v1/show_segments/%31/vote-results",
      "/api/v1/show_segments/12",
      "/API/v1/show_segments/12/vote-results",
    ]
  ) assert.equal(resultsRead(path), null, path);
});
