import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { randomSegment, testDevice } from "./_participation.ts";

const TOKEN = "metrics-token-0123456789abcdef";

Deno.test("metrics - Prometheus text with requests by route and status, latency, votes and jobs", async () => {
  const ctx = await testApp({ env: { METRICS_TOKEN: TOKEN } });
  try {
    await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
    const [radio] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) => r.id);
    await (await ctx.request(`/widgets/channel/${radio}/?lang=en`)).body?.cancel();
    await (await ctx.request(`/api/v1/channels/mobile/999999`)).body?.cancel();
    const vote = await randomSegment(ctx.sql, radio, {}, ["Yes", "No"]);
    const sent = await ctx.request(`/api/v1/interactions`, {
      method: "POST",
      json: {
        channel_id: radio,
        segment: vote.id,
        device_id: testDevice("metrics"),
        content: { choice_ids: [vote.choiceIds[0]] },
      },
    });
    assert.ok(sent.ok, await sent.clone().text());

    const res = await ctx.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type")!, /^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    assert.match(
      text,
      /im_http_requests_total\{route="\/widgets\/channel\/:channelId",method="GET",status="200"\} 1/,
    );
    assert.match(text, /im_http_requests_total\{route="[^"]*mobile[^"]*",method="GET",status="404"\} 1/);
    assert.match(
      text,
      /im_http_request_duration_seconds_bucket\{le="0\.1",route="\/widgets\/channel\/:channelId"/,
    );
    assert.match(text, /^im_votes_accepted_total [1-9]/m);
    assert.match(text, /^# TYPE im_jobs gauge/m);
    assert.match(text, /^im_db_pool_max_connections \d+/m);
    assert.doesNotMatch(text, /route="\/widgets\/channel\/\d+/, "raw paths never become labels");
  } finally {
    await ctx.close();
  }
});
