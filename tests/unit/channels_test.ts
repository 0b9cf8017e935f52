import assert from "node:assert/strict";
import {
  channelPublicState,
  channelView,
  isValidNaming,
  monetisation,
  monetisationSince,
  newChannelDefaults,
  parentCreatesCycle,
  publicChannelView,
  stockBackgroundNumber,
} from "../../lib/rules/channels.ts";
import {
  channelCreateSchema,
  channelFieldsSchema,
  customisationSchema,
} from "../../lib/rules/channel_schema.ts";
import {
  contrastRatio,
  defaultCustomisation,
  isEmptyCustomisation,
  toggleConsent,
} from "../../lib/rules/customisation.ts";
import { decryptSecret, encryptSecret } from "../../lib/platform/crypto.ts";
import { renderMarkdown } from "../../lib/rules/markdown.ts";
import { checkUpload, contentTypeOfKey, parseRange } from "../../lib/media/upload.ts";

Deno.test("channels - defaults of a new channel (spec §3)", () => {
  const d = newChannelDefaults();
  assert.equal(d.type, "radio");
  assert.equal(d.status, "demo");
  assert.equal(d.interaction_available_voice, true);
  assert.equal(d.interaction_available_video, false);
  assert.equal(d.primary_color, "#1b2a4a");
  assert.equal(d.background, "bg-1");
  assert.deepEqual(d.segment_customisation, { character_text_zone_length: 250 });
  assert.equal(channelCreateSchema.safeParse({}).success, false);
  assert.equal(channelCreateSchema.safeParse({ label: "A" }).success, true);
});

Deno.test("channels - public state from the status", async (t) => {
  await t.step("closed: interactions not available", () => {
    assert.deepEqual(channelPublicState({ status: "closed" }), {
      interactionsAvailable: false,
      demo: false,
      noticeKey: "channels.widget_closed",
    });
  });
  await t.step("demo: available and marked", () => {
    const s = channelPublicState({ status: "demo" });
    assert.equal(s.interactionsAvailable, true);
    assert.equal(s.demo, true);
  });
  await t.step("active: no notice", () => {
    assert.deepEqual(channelPublicState({ status: "active" }), {
      interactionsAvailable: true,
      demo: false,
      noticeKey: null,
    });
  });
});

Deno.test("channels - monetisation: 4,000 messages from 500 participants in 12 months", async (t) => {
  await t.step("both thresholds reached", () => {
    const m = monetisation({ messages: 4000, participants: 500 });
    assert.equal(m.eligible, true);
    assert.equal(m.messages.percent, 100);
  });
  await t.step("one short is not eligible; percent rounds down and caps", () => {
    const m = monetisation({ messages: 9000, participants: 499 });
    assert.equal(m.eligible, false);
    assert.equal(m.messages.percent, 100);
    assert.equal(m.participants.percent, 99);
    assert.equal(monetisation({ messages: 1, participants: 0 }).messages.percent, 0);
  });
  await t.step("the window starts 12 months earlier", () => {
    assert.equal(
      monetisationSince(new Date("2026-11-22T03:00:00Z")).toISOString(),
      "2025-11-22T03:00:00.000Z",
    );
  });
});

Deno.test("channels - parent cycles, stock backgrounds and naming patterns", () => {
  const parents = new Map<number, number | null>([[1, null], [2, 1], [3, 2]]);
  assert.equal(parentCreatesCycle(1, 3, parents), true);
  assert.equal(parentCreatesCycle(3, 1, parents), false);
  assert.equal(parentCreatesCycle(null, 3, parents), false);
  assert.equal(stockBackgroundNumber("bg-8"), 8);
  assert.equal(stockBackgroundNumber("bg-9"), null);
  assert.equal(stockBackgroundNumber("bg-0"), null);
  assert.equal(isValidNaming("{channel}_{segment}_{date}_{id}"), true);
  assert.equal(isValidNaming("{nope}"), false);
  assert.equal(isValidNaming("a/b"), false);
  assert.equal(isValidNaming("a}b"), false);
});

Deno.test("channels - the API view hides the FTP password and names the stock background", () => {
  const row = {
    background_url: "/static/backgrounds/bg-4.jpg",
    background_preset: 4,
    ftp_password_enc: "v1.x.y",
  } as Parameters<typeof channelView>[0];
  const view = channelView(row);
  assert.equal(view.background, "bg-4");
  assert.equal(view.ftp_password_set, true);
  assert.equal("ftp_password_enc" in view, false);
  const uploaded = channelView({ ...row, background_url: "/media/channels/1/background-x.jpg" });
  assert.equal(uploaded.background, null);
});

Deno.test("channels - field schema rules", () => {
  const ok = (v: unknown) => channelFieldsSchema.safeParse(v).success;
  assert.equal(ok({ primary_color: "#A1b2C3" }), true);
  assert.equal(ok({ primary_color: "#abc" }), false);
  assert.equal(ok({ header_url: "" }), true);
  assert.equal(ok({ header_url: "ftp://x" }), false);
  assert.equal(ok({ ftp_host: "ftp.example.com" }), true);
  assert.equal(ok({ ftp_host: "192.168.1.10" }), true);
  assert.equal(ok({ ftp_host: "a b" }), false);
  assert.equal(ok({ ftp_port: 0 }), false);
  assert.equal(ok({ segment_customisation: { character_text_zone_length: 250 } }), true);
  assert.equal(ok({ label: "   " }), false);
});

Deno.test("customisation - defaults, consent toggles and contrast", () => {
  const d = defaultCustomisation("en");
  assert.equal(d.title_consent, "Consent Personal Data");
  assert.equal(d.language, "en");
  assert.equal(customisationSchema.safeParse(d).success, true);
  assert.equal(isEmptyCustomisation({}), true);
  assert.equal(isEmptyCustomisation(d), false);
  const on = toggleConsent({ ...d, consent_checkbox: true }, "consent_gdpr", true);
  assert.equal(on.consent_gdpr, true);
  assert.equal(on.consent_checkbox, false);
  const img = toggleConsent({ ...d, consent_checkbox_image_right: true }, "image_right", false);
  assert.equal(img.consent_checkbox_image_right, false);
  assert.equal(Math.round(contrastRatio("#000000", "#ffffff")), 21);
  assert.ok(contrastRatio("#c48b9f", "#ffffff") < 4.5);
});

Deno.test("crypto - FTP secrets round-trip, differ each time, refuse tampering and other keys", async () => {
  const key = new TextEncoder().encode("k".repeat(40));
  const a = await encryptSecret(key, "pa55-word");
  const b = await encryptSecret(key, "pa55-word");
  assert.notEqual(a, b);
  assert.ok(!a.includes("pa55"));
  assert.equal(await decryptSecret(key, a), "pa55-word");
  const [v, iv, data] = a.split(".");
  const flipped = `${v}.${iv}.${data.slice(0, -4)}${data.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
  await assert.rejects(() => decryptSecret(key, flipped));
  await assert.rejects(() => decryptSecret(new TextEncoder().encode("z".repeat(40)), a));
  await assert.rejects(() => decryptSecret(key, "plain"));
});

Deno.test("markdown - renders and strips scripts, handlers and javascript links", () => {
  const html = renderMarkdown(
    "# Hi\n\n**bold** <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>",
  );
  assert.match(html, /<h1>Hi<\/h1>/);
  assert.match(html, /<strong>bold<\/strong>/);
  assert.doesNotMatch(html, /script|onerror|javascript:/);
  assert.match(renderMarkdown("[a](https://x.example)"), /rel="noopener noreferrer"/);
});

Deno.test("upload - type from content, size limit, ranges", async (t) => {
  await t.step("png accepted whatever its name; text refused with 415; big refused with 413", async () => {
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0])], "a.txt");
    assert.equal((await checkUpload(png)).type.mime, "image/png");
    await assert.rejects(() => checkUpload(new File(["hello"], "a.png")), { status: 415 });
    await assert.rejects(() => checkUpload(new File([new Uint8Array(11)], "a.png"), { maxBytes: 10 }), {
      status: 413,
    });
    await assert.rejects(() => checkUpload(null), { status: 400 });
    const webm = new File(
      [new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new TextEncoder().encode("..webm")])],
      "v",
    );
    await assert.rejects(() => checkUpload(webm), { status: 415 });
    assert.equal((await checkUpload(webm, { video: true })).type.mime, "video/webm");
  });
  await t.step("ranges", () => {
    assert.deepEqual(parseRange("bytes=0-99", 1000), { start: 0, end: 99 });
    assert.deepEqual(parseRange("bytes=900-", 1000), { start: 900, end: 999 });
    assert.deepEqual(parseRange("bytes=-100", 1000), { start: 900, end: 999 });
    assert.deepEqual(parseRange("bytes=990-2000", 1000), { start: 990, end: 999 });
    assert.equal(parseRange("bytes=1000-", 1000), "unsatisfiable");
    assert.equal(parseRange("bytes=5-1", 1000), "unsatisfiable");
    assert.equal(parseRange("bytes=0-1,5-6", 1000), null);
    assert.equal(parseRange(undefined, 1000), null);
  });
  await t.step("content types of stored keys", () => {
    assert.equal(contentTypeOfKey("a/b.webm"), "video/webm");
    assert.equal(contentTypeOfKey("a/b.MP3"), "audio/mpeg");
    assert.equal(contentTypeOfKey("a/b.bin"), "application/octet-stream");
  });
});

Deno.test("channels - the public view carries no FTP settings and says the public state", () => {
  const row = {
    id: 7,
    label: "Neo",
    status: "closed",
    background_url: null,
    background_preset: 2,
    ftp_host: "ftp.example",
    ftp_password_enc: "v1.a.b",
    interaction_available_voice: true,
  } as unknown as Parameters<typeof publicChannelView>[0];
  const view = publicChannelView(row);
  assert.equal(view.background_url, "/static/backgrounds/bg-2.jpg");
  assert.equal(view.public_state.interactionsAvailable, false);
  assert.equal(view.interaction_available_voice, true);
  assert.equal(JSON.stringify(view).includes("ftp"), false);
});
