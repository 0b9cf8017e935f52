import assert from "node:assert/strict";
import { brotliDecompressSync } from "node:zlib";
import { testApp } from "../_helpers.ts";
import { randomChannel, randomSegment } from "./_participation.ts";
import { CHANNEL_WIDGET_PAGE_TEXTS, CHANNEL_WIDGET_TEXTS } from "../../lib/rules/channel_home.ts";
import { LOCALES, TEXTS_VERSION, textsVersion } from "../../app/i18n.ts";

const islandsData = (html: string) =>
  JSON.parse(html.match(/<script type="application\/json" id="__islands">(.*?)<\/script>/)![1]) as {
    lang: string;
    texts: Record<string, string>;
    ns: string[];
    tv?: string;
  };

Deno.test("channel widget texts - the home carries its first screen's texts; a later part's come from the locales route", async (t) => {
  const ctx = await testApp();
  try {
    const channelId = await randomChannel(ctx.sql);
    await randomSegment(ctx.sql, channelId, {}, ["A", "B"]);
    await t.step(
      "the home's inline texts hold the flow's and leave out the login panel and my space",
      async () => {
        const res = await ctx.request(`/widgets/channel/${channelId}/?lang=fr`);
        assert.equal(res.status, 200);
        assert.match(res.headers.get("content-type") ?? "", /text\/html/);
        const data = islandsData(await res.text());
        assert.equal(data.texts["channel_widget.home.participate"], "Participer");
        assert.deepEqual(data.ns, [...new Set(["common", ...CHANNEL_WIDGET_PAGE_TEXTS])].sort());
        // a tap on Participate asks for no text (on a phone network, a round trip before the first control)
        assert.equal(data.texts["channel_widget.flow.your_choice"], "Quel est votre choix ?");
        for (
          const later of [
            "channel_widget.login.",
            "channel_widget.space.",
            "data_rights.",
          ]
        ) {
          assert.deepEqual(Object.keys(data.texts).filter((k) => k.startsWith(later)), [], later);
        }
      },
    );
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
    await t.step(
      "texts fetched with the page's version are kept for a year, others are checked again",
      async () => {
        const page = islandsData(await (await ctx.request(`/widgets/channel/${channelId}/?lang=fr`)).text());
        assert.equal(page.tv, TEXTS_VERSION);
        assert.match(TEXTS_VERSION, /^[0-9a-f]{16}$/);
        const path = `/api/v1/locales/en?ns=${CHANNEL_WIDGET_TEXTS.login.join(",")}`;
        const current = await ctx.request(`${path}&v=${TEXTS_VERSION}`);
        assert.equal(current.status, 200);
        assert.equal(current.headers.get("cache-control"), "public, max-age=31536000, immutable");
        const texts = await current.json();
        assert.equal(texts["channel_widget.login.log_in"], "Log in");
        // a page made by another build (before or after a deploy), or none: the texts of now, checked each time
        for (const other of [`&v=${"0".repeat(16)}`, ""]) {
          const res = await ctx.request(`${path}${other}`);
          assert.equal(res.status, 200);
          assert.equal(res.headers.get("cache-control"), "public, no-cache");
          assert.deepEqual(await res.json(), texts);
        }
        for (const bad of ["abc", TEXTS_VERSION.toUpperCase(), `${TEXTS_VERSION}0`, "%00"]) {
          assert.equal((await ctx.request(`${path}&v=${bad}`)).status, 400, bad);
        }
      },
    );
    await t.step("the version changes with any text and only then", () => {
      const copy = structuredClone(LOCALES) as unknown as Record<string, Record<string, unknown>>;
      assert.equal(textsVersion(copy), TEXTS_VERSION);
      (copy.pl.common as Record<string, unknown>).__changed = "x";
      assert.notEqual(textsVersion(copy), TEXTS_VERSION);
    });
  } finally {
    await ctx.close();
  }
});
