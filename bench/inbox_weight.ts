// Weight of the studio's inbox (back-office §2 Message list) as a browser gets it: the HTML sent (bytes as
// sent with gzip/brotli, and uncompressed) and the DOM elements once the page is hydrated, for an
// interaction with 100, 1,000 and 10,000 messages. Goals: ≤ 200 KB of HTML and ≤ 2,000 DOM elements
// whatever the number of messages (the inbox renders its visible page and fetches the rest). Also the time until
// the inbox is usable: from the navigation until its list answers the keyboard (a "j" selects a message),
// median of 5 loads; goal ≤ 300 ms on this two-core machine. The first row is the demo's interaction with the
// most messages, as staff open it.
// Usage: deno run -A bench/inbox_weight.ts      (embedded database; Debian's Chromium for the DOM count)
import { chromium } from "playwright-core";
import { testApp } from "../tests/_helpers.ts";
import { seedInboxMessages } from "../tests/_inbox_seed.ts";
import { openSession } from "../lib/platform/sessions.ts";
import { loadAverage } from "./_hello.ts";
import {
  INBOX_USABLE_GOAL_MS,
  INBOX_WEIGHT_GOALS,
  inboxUsableMs,
  inboxWeight,
} from "../tests/e2e/_inbox_weight.ts";

const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
const SIZES = [100, 1_000, 10_000];
const USABLE_RUNS = 5;

const server = await testApp({ demoPassword: "Bench-Password-1!" });
const http = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, server.app.fetch);
const baseUrl = `http://127.0.0.1:${http.addr.port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
try {
  const [seg] = await server.sql<{ id: number }[]>`
    select id from segments where type = 'recording_question' order by id limit 1`;
  const [user] = await server.sql<{ id: number }[]>`select id from users where login = 'operator'`;
  await server.sql`insert into help_item_seen (user_id, help_item_key) values (${user.id}, 'welcome')
    on conflict do nothing`;
  const token = await openSession(server.deps.sql, server.deps.jwtSecret, user.id, "staff");
  const rows: string[][] = [];
  const measure = async (label: string, segmentId: number) => {
    const w = await inboxWeight(browser, baseUrl, token, segmentId);
    const usable: number[] = [];
    for (let run = 0; run < USABLE_RUNS; run++) {
      usable.push(await inboxUsableMs(browser, baseUrl, token, segmentId));
    }
    usable.sort((a, b) => a - b);
    const median = usable[Math.floor(USABLE_RUNS / 2)];
    rows.push([
      label,
      (w.sentBytes / 1024).toFixed(1),
      (w.htmlBytes / 1024).toFixed(1),
      `${(w.sentBytes / 1024 / INBOX_WEIGHT_GOALS.kb).toFixed(2)}`,
      String(w.domElements),
      `${(w.domElements / INBOX_WEIGHT_GOALS.domElements).toFixed(2)}`,
      String(w.rendered),
      String(median),
      `${(median / INBOX_USABLE_GOAL_MS).toFixed(2)}`,
    ]);
  };
  const [busiest] = await server.sql<{ id: number; total: number }[]>`
    select segment_id as id, count(*)::int as total from messages where status <> 'trash'
    group by segment_id order by count(*) desc limit 1`;
  // one load first, not counted: the server's and Chromium's first page (compilation, caches) is no studio's
  await inboxUsableMs(browser, baseUrl, token, busiest.id);
  await measure(`demo busiest (${busiest.total})`, busiest.id);
  await server.sql`delete from messages where segment_id = ${seg.id}`;
  let seeded = 0;
  for (const size of SIZES) {
    await seedInboxMessages(server.sql, seg.id, size - seeded, seeded);
    seeded = size;
    await measure(size.toLocaleString("en"), seg.id);
  }
  console.log(`Inbox weight (load average ${loadAverage()}); ratio = figure / goal (≤ 1 meets it)`);
  const head = [
    "messages",
    "HTML sent KB",
    "HTML KB",
    "ratio",
    "DOM elements",
    "ratio",
    "messages rendered",
    "usable ms (median)",
    "ratio",
  ];
  console.log(head.join(" | "));
  for (const row of rows) console.log(row.join(" | "));
} finally {
  await browser.close();
  await http.shutdown();
  await server.close();
}
