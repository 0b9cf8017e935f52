import assert from "node:assert/strict";
import { overlayLanguage } from "../../lib/rules/i18n.ts";
import { overlayViews, shownView } from "../../lib/rules/overlay.ts";
import { loginAddress, safeNext } from "../../lib/rules/accounts.ts";
import { INBOX_SHORTCUTS, KEY_NAME_LABELS } from "../../lib/rules/inbox_keys.ts";
import { LOCALES } from "../../app/i18n.ts";
import { templateMediaType, typeLabelKey } from "../../lib/rules/segments.ts";

Deno.test("overlay language - the address's lang, else the channel's, never the browser's", async (t) => {
  await t.step("the channel's language", () => assert.equal(overlayLanguage({ channel: "pt" }), "pt"));
  await t.step("?lang= first", () => assert.equal(overlayLanguage({ query: "pl-PL", channel: "pt" }), "pl"));
  await t.step(
    "an unknown ?lang= is skipped",
    () => assert.equal(overlayLanguage({ query: "de", channel: "es" }), "es"),
  );
  await t.step("fr without either", () => assert.equal(overlayLanguage({}), "fr"));
});

Deno.test("login address - takes the staff member back to the page they were on", () => {
  // location.pathname + location.search, as the browser gives them (already percent-encoded)
  const address = loginAddress("/participations/12?tab=liked&q=caf%C3%A9");
  assert.equal(address, "/login?next=%2Fparticipations%2F12%3Ftab%3Dliked%26q%3Dcaf%25C3%25A9");
  const next = new URL(address, "http://x").searchParams.get("next");
  assert.equal(safeNext(next), "/participations/12?tab=liked&q=caf%C3%A9");
});

Deno.test("login address - carries the page's language, with the way back last for the browser to append", () => {
  assert.equal(loginAddress("", "pl"), "/login?lang=pl&next=");
  const url = new URL(loginAddress("", "pt") + encodeURIComponent("/interactions?x=1"), "http://x");
  assert.equal(url.searchParams.get("lang"), "pt");
  assert.equal(url.searchParams.get("next"), "/interactions?x=1");
});

Deno.test("inbox keyboard help - every key named with a word has its name in the five languages", () => {
  const named = INBOX_SHORTCUTS.flatMap((s) => s.keys).filter((k) => k.length > 1 && /^\w+$/.test(k));
  assert.deepEqual(named.filter((k) => !(k in KEY_NAME_LABELS)), []);
  for (const [lang, texts] of Object.entries(LOCALES)) {
    for (const label of Object.values(KEY_NAME_LABELS)) {
      const [section, key] = label.split(".");
      const text = (texts as Record<string, Record<string, string>>)[section]?.[key];
      assert.ok(typeof text === "string" && text.length > 0, `${label} in ${lang}`);
    }
  }
});

Deno.test("interaction kind - a video interaction that takes photos reads Photo; every kind has its text", async (t) => {
  await t.step(
    "photo",
    () => assert.equal(typeLabelKey({ type: "video", media_type: "image" }), "interactions.types.photo"),
  );
  await t.step(
    "video",
    () => assert.equal(typeLabelKey({ type: "video", media_type: "video" }), "interactions.types.video"),
  );
  await t.step(
    "others by type",
    () => assert.equal(typeLabelKey({ type: "message" }), "interactions.types.message"),
  );
  await t.step("the image template's media", () => assert.equal(templateMediaType("image"), "image"));
  for (const [lang, texts] of Object.entries(LOCALES)) {
    const types = (texts as { interactions: { types: Record<string, string> } }).interactions.types;
    assert.ok(types.photo, `photo in ${lang}`);
  }
});

Deno.test("overlay views - vote bars only where listeners pick among choices", async (t) => {
  await t.step(
    "a vote offers all three",
    () => assert.deepEqual(overlayViews(true), ["results", "qr", "message"]),
  );
  await t.step(
    "a text interaction has no bars",
    () => assert.deepEqual(overlayViews(false), ["qr", "message"]),
  );
  await t.step(
    "its stored bars show the message",
    () => assert.equal(shownView("results", false), "message"),
  );
  await t.step("its QR code stays", () => assert.equal(shownView("qr", false), "qr"));
  await t.step("a vote keeps its bars", () => assert.equal(shownView("results", true), "results"));
});
