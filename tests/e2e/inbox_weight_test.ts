// The studio keeps the inbox open for hours: whatever the number of messages, the page ships its visible
// page of messages only (the rest is fetched page by page), so it stays light for the studio PC.
import assert from "node:assert/strict";
import { browserTest } from "./_browser.ts";
import { seedInboxMessages } from "../_inbox_seed.ts";
import { INBOX_WEIGHT_GOALS, inboxWeight } from "./_inbox_weight.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { DEFAULT_PAGE_SIZE } from "../../lib/rules/constants.ts";

browserTest(
  "inbox weight - with 1,000 messages the page is at most 200 KB of HTML and 2,000 DOM elements",
  async ({ browser, baseUrl, server }) => {
    const [seg] = await server.sql<{ id: number }[]>`
      select id from segments where type = 'recording_question' order by id limit 1`;
    await seedInboxMessages(server.sql, seg.id, 1_000);
    const [user] = await server.sql<{ id: number }[]>`select id from users where login = 'operator'`;
    await server.sql`insert into help_item_seen (user_id, help_item_key) values (${user.id}, 'welcome')
      on conflict do nothing`;
    const token = await openSession(server.deps.sql, server.deps.jwtSecret, user.id, "staff");
    const weight = await inboxWeight(browser, baseUrl, token, seg.id);
    assert.equal(weight.rendered, DEFAULT_PAGE_SIZE, "only the first page of messages is rendered");
    assert.ok(weight.sentBytes <= INBOX_WEIGHT_GOALS.kb * 1024, `${weight.sentBytes} bytes sent`);
    // uncompressed too: what the browser parses stays under the goal
    assert.ok(weight.htmlBytes <= INBOX_WEIGHT_GOALS.kb * 1024, `${weight.htmlBytes} bytes of HTML`);
    assert.ok(weight.domElements <= INBOX_WEIGHT_GOALS.domElements, `${weight.domElements} DOM elements`);
  },
);
