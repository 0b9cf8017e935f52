import assert from "node:assert/strict";
import { qrCodeUrl, segmentPreviewPath, shareUrl, widgetEmbed } from "../../lib/rules/share.ts";
import {
  EXPORT_HEADER,
  exportCells,
  type ExportFormat,
  exportStream,
} from "../../lib/segments/export_csv.ts";
import { translator } from "../../app/i18n.ts";
import { dateInput, formatDateTime, fromInputs, timeInput } from "../../islands/browser/dates.ts";
import type { ExportRow } from "../../db/segments.ts";

const row = (id: number, over: Partial<ExportRow> = {}): ExportRow => ({
  id,
  created_at: new Date("2026-01-02T03:04:05Z"),
  updated_at: new Date("2026-01-02T03:04:05Z"),
  type: "message",
  text: "hello",
  transcript: null,
  recording_url: null,
  duration_ms: 12_345,
  choice_ids: [7, 8],
  author_name: null,
  author_city: null,
  nickname: null,
  first_name: null,
  last_name: null,
  email: null,
  phone: null,
  extra_user_information: {},
  consent_gdpr: false,
  consent_image_right: false,
  status: "received",
  liked: false,
  winner: false,
  broadcast_status: "none",
  ...over,
});

Deno.test("share - links, QR address and embed code", async (t) => {
  await t.step("the share URL is PUBLIC_URL/s/{uuid}; the QR page encodes it", () => {
    const url = shareUrl("https://im.example", "abc");
    assert.equal(url, "https://im.example/s/abc");
    assert.equal(qrCodeUrl(url), "/qr-code?qrData=https%3A%2F%2Fim.example%2Fs%2Fabc");
  });
  await t.step("a widget configuration becomes the channel widget with its query parameters", () => {
    const w = widgetEmbed("https://im.example", {
      channel_id: 3,
      name: "Player",
      width: 360,
      height: 560,
      background: "#ffffff",
      segment_id: 9,
      site_ref: "site.example/page",
    });
    assert.equal(
      w.url,
      "https://im.example/widgets/channel/3/?width=360&height=560&background=%23ffffff&interaction_id=9&ref=site.example%2Fpage",
    );
    assert.match(w.embed, /width="360" height="560"/);
    assert.match(w.embed, /<script async src="https:\/\/im\.example\/static\/embed\.js">/);
  });
});

const FORMAT: ExportFormat = {
  separator: "comma",
  t: translator("en"),
  timeZone: "Europe/Paris",
  origin: "https://im.example",
};

Deno.test("export - cells and stream of export.csv", async (t) => {
  await t.step("choice ids become labels; durations are seconds; formulas are neutralised", () => {
    const cells = exportCells(
      row(1, { text: "+33 6 12", extra_user_information: { city: "Lyon" } }),
      new Map([["7", "Yes"], ["8", "No"]]),
      FORMAT,
    );
    const at = (name: string) => cells[EXPORT_HEADER.indexOf(name)];
    assert.equal(at("choices"), "Yes | No");
    assert.equal(at("duration_seconds"), "12.3");
    // with ";" between columns (fr, pt, es, pl Excel) the decimal mark is ","
    const semicolon = exportCells(row(1), new Map(), { ...FORMAT, separator: "semicolon" });
    assert.equal(semicolon[EXPORT_HEADER.indexOf("duration_seconds")], "12,3");
    assert.equal(at("text"), "'+33 6 12");
    assert.equal(at("info_city"), "Lyon");
    assert.equal(cells.length, EXPORT_HEADER.length);
  });
  await t.step("the stream starts with the BOM and reads batch after batch by last id", async () => {
    const asked: number[] = [];
    const rows = [row(1), row(2), row(3)];
    const stream = exportStream(
      (after, limit) => {
        asked.push(after);
        return Promise.resolve(rows.filter((r) => r.id > after).slice(0, limit));
      },
      [],
      FORMAT,
      2,
    );
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    assert.equal(text.trim().split("\r\n").length, 4);
    assert.deepEqual(asked, [0, 2]);
  });
});

Deno.test("dates - availability inputs and the §9 display format", async (t) => {
  await t.step("local date and time inputs round-trip", () => {
    const iso = fromInputs("2026-05-04", "08:30")!;
    assert.equal(dateInput(iso), "2026-05-04");
    assert.equal(timeInput(iso), "08:30");
    assert.equal(fromInputs("nope", "08:30"), null);
    assert.equal(dateInput(null), "");
  });
  await t.step("weekday DD/MM/YYYY -HH:mm", () => {
    assert.match(formatDateTime(fromInputs("2026-05-04", "08:30"), "en"), /^Monday 04\/05\/2026 -08:30$/);
    // on the channel's clock, whatever the browser's
    assert.equal(formatDateTime("2026-07-14T12:05:00Z", "fr", "Europe/Paris"), "mardi 14/07/2026 -14:05");
    assert.equal(
      formatDateTime("2026-07-14T02:00:00Z", "en", "America/New_York"),
      "Monday 13/07/2026 -22:00",
    );
  });
});

Deno.test("segmentPreviewPath - the staff preview speaks the back office's language, not the browser's", async (t) => {
  await t.step("each widget language is asked for by the address, which the widget's rule puts first", () => {
    for (const lang of ["fr", "en", "es", "pt", "pl"]) {
      assert.equal(segmentPreviewPath(3, 7, lang), `/widgets/3/7/?preview=1&lang=${lang}`);
    }
  });
  await t.step("the technical language, which the widget has not, leaves the widget's own rule", () => {
    assert.equal(segmentPreviewPath(3, 7, "technical"), "/widgets/3/7/?preview=1");
  });
  await t.step(
    "the weekday of each product language (written out, no formatter) is the one Intl gives",
    () => {
      for (const lang of ["en", "fr", "es", "pt", "pl", "technical", "de"]) {
        for (let day = 3; day <= 9; day++) {
          const iso = fromInputs(`2026-05-0${day}`, "12:00")!;
          const weekday = new Date(iso).toLocaleDateString(lang === "technical" ? "en" : lang, {
            weekday: "long",
          });
          assert.equal(formatDateTime(iso, lang).split(" ")[0], weekday, `${lang} ${iso}`);
        }
      }
    },
  );
});
