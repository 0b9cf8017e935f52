import assert from "node:assert/strict";
import { brotliDecompressSync } from "node:zlib";
import { testApp } from "../_helpers.ts";
import { randomChannel, randomSegment } from "./_participation.ts";
import { CHANNEL_WIDGET_TEXTS } from "../../lib/rules/channel_home.ts";

const islandsData = (html: string) =>
  JSON.parse(html.match(/<script type="application\/json" id="__islands">(.*?)<\/script>/)![1]) as {
    lang: string;
    texts: Record<string, string>;
    ns: string[];
  };

Deno.test("channel widget texts - the home carries its first screen's texts; a later part's come from the locales route", async (t) => {
  const ctx = await testApp();
  try {
    const channelId = await randomChannel(ctx.sql);
    await randomSegment(ctx.sql, channelId, {}, ["A", "B"]);
    await t.step("the home's inline texts leave out the login panel, my space and the flow", async () => {
      const res = await ctx.request(`/widgets/channel/${channelId}/?lang=fr`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /text\/html/);
      const data = islandsData(await res.text());
      assert.equal(data.texts["channel_widget.home.participate"], "Participer");
      assert.deepEqual(data.ns, ["common", ...CHANNEL_WIDGET_TEXTS.home].sort());
      for (
        const later of [
          "channel_widget.login.",
          "channel_widget.space.",
          "channel_widget.flow.",
          "data_rights.",
        ]
      ) {
        assert.deepEqual(Object.keys(data.texts).filter((k) => k.startsWith(later)), [], later);
      }
    });
    await t.step(
      "a part's sections: only them, in the asked language, compressed, with an ETag",
      async () => {
        const path = `/api/v1/locales/en?ns=${CHANNEL_WIDGET_TEXTS.login.join(",")}`;
        const res = await ctx.request(path, { headers: { "accept-encoding": "br" } });
        assert.equal(res.status, 200);
        assert.match(res.headers.get("content-type") ?? "", /application\/json/);
        assert.equal(res.headers.get("content-encoding"), "br");
        assert.match(res.headers.get("cache-control") ?? "", /public/);
        const etag = res.headers.get("etag");
        assert.ok(etag);
        const body = brotliDecompressSync(new Uint8Array(await res.arrayBuffer()));
        const texts = JSON.parse(new TextDecoder().decode(body)) as Record<string, string>;
        assert.equal(texts["channel_widget.login.log_in"], "Log in");
        assert.equal(texts["channel_widget.password_short"].length > 0, true);
        assert.ok(
          Object.keys(texts).every((k) =>
            CHANNEL_WIDGET_TEXTS.login.some((s) => k === s || k.startsWith(`${s}.`))
          ),
        );
        assert.equal(texts["channel_widget.home.participate"], undefined);
        const again = await ctx.request(path, {
          headers: { "accept-encoding": "br", "if-none-match": etag },
        });
        assert.equal(again.status, 304);
      },
    );
  } finally {
    await ctx.close();
  }
});
