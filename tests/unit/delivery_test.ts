import assert from "node:assert/strict";
import { netiaXml, remoteName } from "../../lib/delivery/service.ts";

Deno.test("delivery - remote names from the channel's pattern and the netia sidecar", async (t) => {
  const v = {
    channel: 1,
    segment: 4,
    id: 9,
    type: "recording_question",
    author: "Zoé Martin",
    createdAt: new Date("2026-01-02T03:04:05Z"),
  };
  await t.step("placeholders", () => {
    assert.equal(remoteName("{channel}_{segment}_{date}_{id}", v, "mp3"), "1_4_20260102_9.mp3");
    assert.equal(
      remoteName("{author}-{time}-{type}", v, "webm"),
      "Zoe-Martin-030405-recording_question.webm",
    );
  });
  await t.step("XML escapes what visitors wrote", () => {
    const xml = netiaXml(
      {
        id: 9,
        created_at: v.createdAt,
        author_name: "A & B <script>",
        author_city: null,
        duration_ms: 42_500,
        text: null,
        transcript: "Bonjour",
      },
      { id: 1, label: "Radio Horizon" },
      { id: 4, title: "Dédicaces" },
      "1_4_20260102_9.mp3",
    );
    assert.match(xml, /<name>A &amp; B &lt;script&gt;<\/name>/);
    assert.match(xml, /<duration_seconds>42.5<\/duration_seconds>/);
    assert.match(xml, /<file>1_4_20260102_9.mp3<\/file>/);
    assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>/);
  });
});
