import assert from "node:assert/strict";
import {
  barChartSvg,
  choiceShares,
  columnChartSvg,
  escapeXml,
  fillSeries,
  formatDuration,
  gaugeSvg,
  isTimeZone,
  lineChartSvg,
  localMinute,
  median,
  parsePeriod,
  shortDay,
  toCsv,
  wordCloudSvg,
  zonedDayStart,
} from "../../lib/rules/statistics.ts";
import { formatDay } from "../../lib/rules/wall_clock.ts";

const NOW = new Date("2026-11-25T10:00:00Z");

Deno.test("statistics rules - periods: 7 days, 30 days, 12 months, custom dates, per hour for one day", () => {
  const week = parsePeriod({ range: "7d" }, NOW);
  assert.equal(week.from.toISOString(), "2026-11-19T00:00:00.000Z");
  assert.equal(week.to.toISOString(), "2026-11-26T00:00:00.000Z");
  assert.equal(week.unit, "day");
  assert.equal(parsePeriod({}, NOW).range, "30d");
  assert.equal(parsePeriod({ range: "bogus" }, NOW).start, "2026-10-27");
  assert.equal(parsePeriod({ range: "12m" }, NOW).start, "2025-11-26");
  const day = parsePeriod({ range: "custom", from: "2026-03-01", to: "2026-03-01" }, NOW);
  assert.equal(day.unit, "hour");
  assert.equal(day.to.toISOString(), "2026-03-02T00:00:00.000Z");
  const swapped = parsePeriod({ range: "custom", from: "2026-03-10", to: "2026-03-01" }, NOW);
  assert.deepEqual([swapped.start, swapped.end], ["2026-03-01", "2026-03-10"]);
  assert.equal(parsePeriod({ range: "custom", from: "x", to: "<b>" }, NOW).range, "30d");
  const long = parsePeriod({ range: "custom", from: "1990-01-01", to: "2026-01-01" }, NOW);
  assert.ok(long.from.getUTCFullYear() >= 2022);
});

Deno.test("statistics rules - series filled with the quiet buckets, median, durations", () => {
  const period = parsePeriod({ range: "custom", from: "2026-03-01", to: "2026-03-03" }, NOW);
  assert.deepEqual(fillSeries(period, [{ bucket: "2026-03-02T00:00", count: 4 }]), [
    { bucket: "2026-03-01T00:00", count: 0 },
    { bucket: "2026-03-02T00:00", count: 4 },
    { bucket: "2026-03-03T00:00", count: 0 },
  ]);
  const hours = fillSeries(parsePeriod({ range: "custom", from: "2026-03-01", to: "2026-03-01" }, NOW), []);
  assert.equal(hours.length, 24);
  assert.equal(median([5, 1, 3]), 3);
  assert.equal(median([1, 2, 3, 4]), 2.5);
  assert.equal(median([]), null);
  assert.equal(formatDuration(42), "42 s");
  assert.equal(formatDuration(720), "12 min");
  assert.equal(formatDuration(3 * 3600 + 300), "3 h 05");
  assert.equal(formatDuration(2 * 86_400 + 4 * 3600), "2 d 4 h");
  assert.equal(formatDuration(2 * 86_400 + 4 * 3600, "fr"), "2 j 4 h");
  assert.equal(formatDuration(2 * 86_400 + 4 * 3600, "pl"), "2 d 4 h");
  assert.equal(formatDay("2026-10-29"), "29/10/2026");
  assert.equal(formatDay("not a day"), "not a day");
  assert.equal(shortDay("2026-10-29"), "29/10");
  assert.equal(shortDay("2026-03-01T00:00"), "01/03");
});

Deno.test("statistics rules - CSV quoting and formulas; SVG labels escaped", () => {
  assert.equal(
    toCsv(["a", "b"], [["x, y", 1], ['say "hi"', 2], ["=1+1", 3]]),
    'a,b\r\n"x, y",1\r\n"say ""hi""",2\r\n\'=1+1,3\r\n',
  );
  // ';' between columns for a spreadsheet that is not English: a ';' in a cell is quoted
  assert.equal(toCsv(["a", "b"], [["x; y", 1], ["-2", 2]], ";"), 'a;b\r\n"x; y";1\r\n\'-2;2\r\n');
  assert.equal(toCsv(["a", "b"], [["x", 12.5]], ";"), "a;b\r\nx;12,5\r\n", "a decimal comma with ';'");
  assert.equal(toCsv(["a", "b"], [["x", 12.5]]), "a,b\r\nx,12.5\r\n");
  assert.equal(escapeXml(`<a href="x">&'`), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
  const bars = barChartSvg("By <type>", [{ label: "<script>", value: 3 }]);
  assert.ok(!bars.includes("<script>"));
  assert.match(bars, /role="img" aria-label="By &lt;type&gt;"/);
  assert.match(columnChartSvg("Per day", [{ label: "03-01", value: 2 }]), /<title>03-01: 2<\/title>/);
  assert.match(gaugeSvg("Messages", 1000, 4000), /25 %/);
});

Deno.test("statistics rules - periods in the channel's time zone, across clock changes", () => {
  assert.equal(zonedDayStart("2026-07-01", "Europe/Paris").toISOString(), "2026-06-30T22:00:00.000Z");
  assert.equal(zonedDayStart("2026-01-15", "Europe/Paris").toISOString(), "2026-01-14T23:00:00.000Z");
  assert.equal(zonedDayStart("2026-03-08", "America/New_York").toISOString(), "2026-03-08T05:00:00.000Z");
  assert.equal(localMinute(new Date("2026-03-20T23:30:00Z"), "Europe/Paris"), "2026-03-21T00:30");
  // 23:30 UTC on the 25th is already the 26th in Paris: "7 days" ends on the Paris day
  const late = parsePeriod({ range: "7d" }, new Date("2026-11-25T23:30:00Z"), "Europe/Paris");
  assert.deepEqual([late.start, late.end, late.after], ["2026-11-20", "2026-11-26", "2026-11-27"]);
  assert.equal(late.from.toISOString(), "2026-11-19T23:00:00.000Z");
  // the day clocks go forward has 23 hours, the day they go back 25 (its 02:00 shown once)
  const spring = parsePeriod({ range: "custom", from: "2026-03-29", to: "2026-03-29" }, NOW, "Europe/Paris");
  assert.equal(fillSeries(spring, []).length, 23);
  const autumn = fillSeries(
    parsePeriod({ range: "custom", from: "2026-10-25", to: "2026-10-25" }, NOW, "Europe/Paris"),
    [{ bucket: "2026-10-25T02:00", count: 3 }],
  );
  assert.equal(autumn.length, 24);
  assert.deepEqual(autumn[2], { bucket: "2026-10-25T02:00", count: 3 });
  assert.ok(isTimeZone("Europe/Paris") && !isTimeZone("Mars/Olympus") && !isTimeZone(""));
});

Deno.test("statistics rules - word cloud: larger for more texts, escaped, lines within the width", () => {
  const svg = wordCloudSvg("Words <b>", [
    { term: "musique", count: 9 },
    { term: "<script>", count: 1 },
    ...Array.from({ length: 30 }, (_, i) => ({ term: `mot${i}`, count: 2 })),
  ]);
  assert.ok(!svg.includes("<script>"));
  assert.match(svg, /aria-label="Words &lt;b&gt;"/);
  const sizes = [...svg.matchAll(/font-size="(\d+)"[^>]*><title>([^<]+):/g)].map((m) => [m[2], Number(m[1])]);
  assert.equal(sizes[0][0], "musique");
  assert.ok((sizes[0][1] as number) > (sizes.at(-1)![1] as number));
  const xs = [...svg.matchAll(/<text x="([\d.]+)"/g)].map((m) => Number(m[1]));
  assert.ok(xs.every((x) => x > 0 && x < 400));
  assert.ok(Number(svg.match(/viewBox="0 0 400 (\d+)"/)![1]) > 100, "several lines");
});

Deno.test("choiceShares - each choice's share of a day's votes, days in order, 0 on a day without votes", () => {
  const rows = [
    { day: "2026-03-02", choice_id: 2, count: 2 },
    { day: "2026-03-01", choice_id: 1, count: 3 },
    { day: "2026-03-01", choice_id: 2, count: 1 },
    { day: "2026-03-02", choice_id: 1, count: 1 },
    { day: "2026-03-03", choice_id: 9, count: 4 }, // a choice since removed
  ];
  assert.deepEqual(choiceShares(rows, [1, 2]), [
    { day: "2026-03-01", shares: [75, 25] },
    { day: "2026-03-02", shares: [33.3, 66.7] },
    { day: "2026-03-03", shares: [0, 0] },
  ]);
});

Deno.test("lineChartSvg - a line and a legend per series, labels escaped", () => {
  const svg = lineChartSvg("Share <per day>", ["03-01", "03-02"], [
    { name: "Yes & more", values: [75, 33.3] },
    { name: "No", values: [25, 66.7] },
  ]);
  assert.equal(svg.match(/<polyline /g)?.length, 2);
  assert.ok(svg.includes("Yes &amp; more"));
  assert.ok(svg.includes("<title>Share &lt;per day&gt;</title>"));
  assert.ok(!svg.includes("NaN"));
});
