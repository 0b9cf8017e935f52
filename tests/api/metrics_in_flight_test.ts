// im_http_requests_in_flight counts every request being answered, those the fast paths answer before the
// routing chain (here a listener's vote, app/vote_front.ts) as well as those of the chain (the scrape itself).
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";

const TOKEN = "metrics-token-0123456789abcdef";

Deno.test("metrics - a vote answered by its fast path is in flight until it is answered", async () => {
  const ctx = await testApp({ env: { METRICS_TOKEN: TOKEN } });
  try {
    const inFlight = async () => {
      const res = await ctx.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(res.status, 200);
      return Number(/^im_http_requests_in_flight (\d+)$/m.exec(await res.text())?.[1]);
    };
    assert.equal(await inFlight(), 1); // the scrape itself

    // a vote whose body is still arriving: the fast path waits for it
    let send!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (send = c) });
    const vote = ctx.app.fetch(
      new Request("http://localhost/api/v1/interactions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        duplex: "half",
      } as RequestInit),
    );
    assert.equal(await inFlight(), 2);

    send.enqueue(new TextEncoder().encode("{}"));
    send.close();
    const answer = await vote;
    assert.equal(answer.status, 400); // no channel, no interaction: refused, and answered
    await answer.body?.cancel();
    assert.equal(await inFlight(), 1);
  } finally {
    await ctx.close();
  }
});
