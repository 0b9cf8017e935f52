import assert from "node:assert/strict";
import { transcriptSegments, vttTime, webVtt } from "../../lib/rules/webvtt.ts";

Deno.test("webvtt - times are hh:mm:ss.ttt", () => {
  assert.equal(vttTime(0), "00:00:00.000");
  assert.equal(vttTime(3.2), "00:00:03.200");
  assert.equal(vttTime(3723.0456), "01:02:03.046");
  assert.equal(vttTime(-1), "00:00:00.000");
});

Deno.test("webvtt - one cue per segment, in order, escaped", () => {
  const segments = transcriptSegments([
    { start: 2.5, end: 4, text: " ma sœur <b> & --> toi " },
    { start: 0, end: 2.5, text: "Bonjour la radio," },
    { start: 5, end: 4, text: "backwards" },
    { start: 6, end: 7, text: "  " },
    { start: "1", end: 2, text: "not a number" },
  ]);
  assert.deepEqual(segments.map((s) => s.start), [0, 2.5]);
  assert.equal(
    webVtt("ignored", segments, 4000),
    "WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.500\nBonjour la radio,\n\n2\n00:00:02.500 --> 00:00:04.000\n" +
      "ma sœur &lt;b&gt; &amp; --&gt; toi\n",
  );
});

Deno.test("webvtt - without segments, one cue for the whole clip", () => {
  assert.equal(
    webVtt("Hello\n\nthere", [], 2040),
    "WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.040\nHello\nthere\n",
  );
  assert.match(webVtt("Hi", [], null), /00:00:00\.000 --> 01:00:00\.000\nHi/);
  assert.deepEqual(transcriptSegments(undefined), []);
});
