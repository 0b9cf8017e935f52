import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { TEXTS_VERSION } from "../../app/i18n.ts";

// GET /api/v1/locales/{lang} is public: only the asked top-level sections of our five languages, never
// an object's inherited properties, and anything else is refused as bad input (never a 500).
Deno.test("locales - a stranger gets only asked sections of our languages", async () => {
  const ctx = await testApp();
  try {
    const res = await ctx.request("/api/v1/locales/pt?ns=widget,constructor,nope");
    assert.equal(res.status, 200);
    const body = await res.json();
    const keys = Object.keys(body);
    assert.ok(keys.length > 0);
    // resolved texts of the asked section only: "widget.…" keys, strings, in Portuguese
    assert.ok(keys.every((k) => k.startsWith("widget.")), String(keys.find((k) => !k.startsWith("widget."))));
    assert.ok(Object.values(body).every((v) => typeof v === "string"));
    assert.equal(typeof body["widget.unavailable"], "string");
    const fr = await (await ctx.request("/api/v1/locales/fr?ns=widget")).json();
    assert.notEqual(body["widget.unavailable"], fr["widget.unavailable"]);
    assert.equal((await ctx.request("/api/v1/locales/de?ns=widget")).status, 400);
    assert.equal((await ctx.request("/api/v1/locales/en?ns=<script>")).status, 400);
    // paths inside sections (a later screen's texts): inherited properties are nothing, at any depth
    for (
      const ns of [
        "__proto__",
        "constructor.prototype",
        "widget.__proto__",
        "widget.constructor",
        "channel_widget.login.__proto__.tostring",
        "common.hasownproperty",
        "..",
        ".widget.",
      ]
    ) {
      const odd = await ctx.request(`/api/v1/locales/en?ns=${ns}`);
      assert.equal(odd.status, 200, ns);
      assert.deepEqual(await odd.json(), {}, ns);
    }
    const login = await (await ctx.request("/api/v1/locales/en?ns=channel_widget.login")).json();
    assert.ok(Object.keys(login).length > 0);
    assert.ok(Object.keys(login).every((k) => k.startsWith("channel_widget.login.")));
    // more than 500 characters of sections, or anything but sections, is refused as bad input
    assert.equal((await ctx.request(`/api/v1/locales/en?ns=${"widget,".repeat(80)}`)).status, 400);
    assert.equal((await ctx.request("/api/v1/locales/en?ns=widget%00")).status, 400);
  } finally {
    await ctx.close();
  }
});

// The texts' version `v` (the page's `tv`): it changes only how long an answer may be kept, never what it
// holds, and a stranger cannot make another version's address keep today's texts.
Deno.test("locales - the texts' version: same texts whatever is sent, odd values refused, never a 500", async () => {
  const ctx = await testApp();
  try {
    const base = "/api/v1/locales/en?ns=channel_widget.login";
    const plain = await (await ctx.request(base)).json();
    for (const v of [TEXTS_VERSION, "0123456789abcdef", "ffffffffffffffff"]) {
      const res = await ctx.request(`${base}&v=${v}`);
      assert.equal(res.status, 200, v);
      assert.deepEqual(await res.json(), plain, v);
      const kept = res.headers.get("cache-control");
      assert.equal(kept, v === TEXTS_VERSION ? "public, max-age=31536000, immutable" : "public, no-cache", v);
    }
    for (
      const v of [
        "%00",
        `${TEXTS_VERSION.slice(0, 15)}%00`,
        "a".repeat(5000),
        "zzzzzzzzzzzzzzzz",
        TEXTS_VERSION.toUpperCase(),
        "%C3%A9".repeat(16),
        `${TEXTS_VERSION}&v=${TEXTS_VERSION}`, // twice: an array where one string is expected
        "",
      ]
    ) {
      const res = await ctx.request(`${base}&v=${v}`);
      assert.equal(res.status, 400, v.slice(0, 40));
      const body = await res.json();
      assert.equal(body.code, "validation", JSON.stringify(body).slice(0, 200));
      assert.deepEqual(Object.keys(body.fields), ["v"]);
      assert.equal(typeof body.message, "string");
      assert.doesNotMatch(JSON.stringify(body), /at .*\.ts:\d+/, "no stack trace");
    }
  } finally {
    await ctx.close();
  }
});
