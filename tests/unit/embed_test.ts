import assert from "node:assert/strict";
import { embedCode, fitSize, widgetTarget } from "../../lib/rules/embed.ts";

const BASE = "https://im.example.org";

Deno.test("embedCode - an iframe allowed to record, sized, escaped, with the sizing script", () => {
  const html = embedCode(BASE, "/widgets/channel/3/", { title: 'Radio "A" <b>' });
  assert.match(html, /^<iframe src="https:\/\/im\.example\.org\/widgets\/channel\/3\/"/);
  assert.match(html, /allow="microphone; camera; autoplay; clipboard-write"/);
  assert.match(html, /data-im-widget/);
  assert.match(html, /title="Radio &quot;A&quot; &lt;b&gt;"/);
  assert.match(html, /width="420" height="720"/);
  assert.match(html, /<script async src="https:\/\/im\.example\.org\/static\/embed\.js"><\/script>$/);
});

Deno.test("widgetTarget - only this server's widget and share addresses", async (t) => {
  await t.step("channel widget", () => {
    assert.deepEqual(widgetTarget(BASE, `${BASE}/widgets/channel/12/?ref=x`), {
      kind: "channel",
      channelId: 12,
    });
  });
  await t.step("single interaction", () => {
    assert.deepEqual(widgetTarget(BASE, `${BASE}/widgets/1/34`), {
      kind: "segment",
      channelId: 1,
      segmentId: 34,
    });
  });
  await t.step("share link", () => {
    const uuid = "0b7f8c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e";
    assert.deepEqual(widgetTarget(BASE, `${BASE}/s/${uuid.toUpperCase()}`), { kind: "share", uuid });
  });
  await t.step("anything else is null", () => {
    for (
      const bad of [
        "https://evil.example/widgets/channel/1/",
        `${BASE}/interactions/1`,
        "nope",
        `${BASE}/s/123`,
      ]
    ) {
      assert.equal(widgetTarget(BASE, bad), null, bad);
    }
  });
});

Deno.test("fitSize - within the consumer's limits, however small (oEmbed maxwidth/maxheight)", () => {
  assert.deepEqual(fitSize(null, null), { width: 420, height: 720 });
  assert.deepEqual(fitSize(300, 500), { width: 300, height: 500 });
  assert.deepEqual(fitSize(50, 5000), { width: 50, height: 720 });
  assert.deepEqual(fitSize(100, 150), { width: 100, height: 150 });
});
