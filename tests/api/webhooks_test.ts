// Webhooks against a real receiver: a local HTTP server on a random port (allowed through
// WEBHOOK_ALLOWED_HOSTS, as a private address is refused otherwise). Deliveries are signed, retried after
// failures with a growing delay (1 s base here), logged attempt by attempt, and hold only public data.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { Webhook } from "standardwebhooks";
import { verifySignature, WEBHOOK_EVENTS } from "../../lib/rules/webhooks.ts";
import { randomMessage, randomSegment, testDevice } from "./_participation.ts";
import { forgetOldDeliveries } from "../../db/webhooks.ts";

interface Received {
  event: string;
  body: string;
  json: Record<string, unknown> & { data: Record<string, unknown> };
  headers: Headers;
  /** Whether a Standard Webhooks library verified it with each of the receiver's secrets at arrival. */
  verified: boolean[];
}

/**
 * A receiver that answers the statuses of `plan` in turn (then 200), keeps what it received and verifies each
 * delivery with the `standardwebhooks` package and every secret of `secrets`, as a station's receiver would.
 */
function receiver() {
  const received: Received[] = [];
  const secrets: string[] = [];
  const plan: number[] = [];
  const waiters: (() => void)[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const body = await req.text();
    received.push({
      event: req.headers.get("x-webhook-event") ?? "",
      body,
      json: JSON.parse(body),
      headers: req.headers,
      verified: secrets.map((secret) => {
        try {
          new Webhook(secret).verify(body, Object.fromEntries(req.headers));
          return true;
        } catch {
          return false;
        }
      }),
    });
    waiters.splice(0).forEach((w) => w());
    return new Response("ok", { status: plan.shift() ?? 200 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/hooks`,
    received,
    secrets,
    plan,
    /** Waits until `match` holds of what was received (each request wakes it; 20 s at most). */
    async until<T>(match: (r: Received[]) => T | undefined | false, timeoutMs = 20_000): Promise<T> {
      const end = Date.now() + timeoutMs;
      while (true) {
        const found = match(received);
        if (found) return found;
        if (Date.now() > end) throw new Error(`not received: ${received.map((r) => r.event).join(", ")}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 250);
        });
      }
    },
    close: () => server.shutdown(),
  };
}

const ctx = await testApp({
  jobs: true,
  env: {
    WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
    WEBHOOK_RETRY_BASE_SECONDS: "1",
    PUBLIC_URL: "https://im.example.org",
  },
});
await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
const staff = await demoStaff(ctx);

Deno.test({
  name: "webhooks - signed deliveries of bus events to a real receiver, retries, log, test and send again",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const hook = receiver();
    try {
      const manager = await staff.token("manager");
      const created = await ctx.request(`/api/v1/channels/${staff.radio}/webhooks`, {
        method: "POST",
        token: manager,
        json: {
          url: hook.url,
          events: [
            "participation.created",
            "vote.counted",
            "message.broadcast",
            "results.revealed",
            "vote.closed",
          ],
        },
      });
      assert.equal(created.status, 201);
      const endpoint = await created.json();
      assert.match(endpoint.secret, /^whsec_[A-Za-z0-9+/]{32}$/);
      hook.secrets.push(endpoint.secret);
      const seg = await randomSegment(ctx.sql, staff.radio, { show_results: false }, ["Yes", "No"]);

      await t.step("a vote: participation.created and vote.counted, signed, public data only", async () => {
        const vote = await ctx.request("/api/v1/interactions", {
          method: "POST",
          json: {
            channel_id: staff.radio,
            segment: seg.id,
            device_id: testDevice(crypto.randomUUID()),
            content: { choice_ids: [seg.choiceIds[1]] },
          },
        });
        assert.equal(vote.status, 200, await vote.clone().text());
        const [createdEvent, counted] = await hook.until((r) => {
          const a = r.find((x) => x.event === "participation.created");
          const b = r.find((x) => x.event === "vote.counted");
          return a && b && [a, b];
        });
        for (const r of [createdEvent, counted]) {
          const now = Math.floor(Date.now() / 1000);
          assert.equal(await verifySignature(endpoint.secret, r.headers, r.body, now), true);
          assert.equal(await verifySignature("whsec_b3RoZXI=", r.headers, r.body, now), false);
          assert.deepEqual(r.verified, [true]);
          assert.equal(r.headers.get("webhook-id"), String(r.json.id));
          assert.equal(r.json.channel_id, staff.radio);
        }
        assert.deepEqual(counted.json.data.choice_ids, [seg.choiceIds[1]]);
        const p = createdEvent.json.data.participation as Record<string, unknown>;
        assert.equal(p.interaction_id, seg.id);
        assert.deepEqual(p.choice_ids, [seg.choiceIds[1]]);
        for (const key of ["device_id", "author_app_user_id", "email", "phone", "extra_user_information"]) {
          assert.ok(!(key in p), key);
        }
      });

      await t.step("a suspicious vote is counted when staff accept it, not before", async () => {
        const capped = await randomSegment(ctx.sql, staff.radio, { vote_cap_per_address: 1 }, ["Yes", "No"]);
        const send = async () => {
          const res = await ctx.request("/api/v1/interactions", {
            method: "POST",
            json: {
              channel_id: staff.radio,
              segment: capped.id,
              device_id: testDevice(crypto.randomUUID()),
              content: { choice_ids: [capped.choiceIds[0]] },
            },
          });
          assert.equal(res.status, 200);
          return (await res.json()).id as number;
        };
        const counted = (id: number) => (r: typeof hook.received) =>
          r.some((x) => x.event === "vote.counted" && x.json.data.participation_id === id);
        const first = await send();
        const second = await send(); // past the cap of one vote per address: suspicious
        await hook.until((r) =>
          counted(first)(r) &&
          r.some((x) =>
            x.event === "participation.created" && (x.json.data.participation as { id: number }).id === second
          )
        );
        assert.ok(!counted(second)(hook.received), "no vote.counted for a suspicious vote");
        const accept = await ctx.request(`/api/v1/show_segments/${capped.id}/vote-integrity`, {
          method: "POST",
          token: manager,
          json: { action: "accept" },
        });
        assert.equal(accept.status, 200);
        assert.deepEqual(await accept.json(), { changed: 1 });
        await hook.until(counted(second));
      });

      await t.step(
        "a receiver failing twice with 500 gets the delivery on the third try, all logged",
        async () => {
          hook.plan.push(500, 500);
          const before = hook.received.length;
          const res = await ctx.request(`/api/v1/webhooks/${endpoint.id}/test`, {
            method: "POST",
            token: manager,
          });
          assert.equal(res.status, 202);
          const { delivery_id } = await res.json();
          await hook.until((r) =>
            r.length >= before + 3 && r.slice(before).filter((x) => x.event === "webhook.test").length >= 3
          );
          const tries = hook.received.slice(before).filter((x) => x.event === "webhook.test");
          assert.equal(new Set(tries.map((x) => x.json.id)).size, 1); // the same delivery each time
          let delivery: Record<string, unknown> | undefined;
          for (let i = 0; i < 40; i++) {
            const list = await (await ctx.request(`/api/v1/webhooks/${endpoint.id}`, { token: manager }))
              .json();
            delivery = list.deliveries.find((d: { id: number }) => d.id === delivery_id);
            if (delivery?.status === "delivered") break;
            await new Promise((r) => setTimeout(r, 100));
          }
          assert.equal(delivery?.status, "delivered");
          assert.equal(delivery?.attempts, 3);
          assert.equal(delivery?.last_status_code, 200);
          const attempts = await (await ctx.request(
            `/api/v1/webhooks/${endpoint.id}/deliveries/${delivery_id}/attempts`,
            { token: manager },
          )).json();
          assert.deepEqual(attempts.map((a: { status_code: number }) => a.status_code), [500, 500, 200]);
          assert.equal(attempts[0].error, "HTTP 500");
          assert.ok(attempts.every((a: { duration_ms: number }) => a.duration_ms >= 0));
          // the second try waited about the base (1 s), the third about twice that
          const at = attempts.map((a: { attempted_at: string }) => Date.parse(a.attempted_at));
          assert.ok(at[1] - at[0] >= 900, String(at[1] - at[0]));
          assert.ok(at[2] - at[1] >= 1900, String(at[2] - at[1]));
        },
      );

      await t.step("send again: the same event arrives once more", async () => {
        const list = await (await ctx.request(`/api/v1/webhooks/${endpoint.id}`, { token: manager })).json();
        const first = list.deliveries.find((d: { event: string }) => d.event === "participation.created");
        const before = hook.received.filter((r) => r.json.id === first.id).length;
        const res = await ctx.request(`/api/v1/webhooks/${endpoint.id}/deliveries/${first.id}/redeliver`, {
          method: "POST",
          token: manager,
        });
        assert.equal(res.status, 202);
        await hook.until((r) => r.filter((x) => x.json.id === first.id).length > before);
      });

      await t.step("the OpenAPI document describes every event under webhooks", async () => {
        const doc = await (await ctx.request("/api/openapi.json")).json();
        assert.deepEqual(Object.keys(doc.webhooks).sort(), [...WEBHOOK_EVENTS].sort());
        assert.match(doc.webhooks["vote.closed"].post.description, /Standard Webhooks/);
      });

      await t.step("on air, reveal and close from the interaction page reach the receiver", async () => {
        const msg = await randomMessage(ctx.sql, { id: seg.id, channelId: staff.radio }, {
          author_city: "Nantes",
        });
        const control = (json: Record<string, unknown>) =>
          ctx.request(`/api/v1/show_segments/${seg.id}/overlay`, { method: "PUT", token: manager, json });
        assert.equal((await control({ message_id: msg.id })).status, 200);
        assert.equal((await control({ reveal: true })).status, 200);
        assert.equal((await control({ close: true })).status, 200);
        const [onAir, revealed, closed] = await hook.until((r) => {
          const found = ["message.broadcast", "results.revealed", "vote.closed"].map((e) =>
            r.find((x) => x.event === e)
          );
          return found.every(Boolean) && found as Received[];
        });
        const p = onAir.json.data.participation as Record<string, unknown>;
        assert.equal(p.id, msg.id);
        assert.equal(p.author_city, "Nantes");
        const results = revealed.json.data.results as { total: number };
        assert.equal(results.total, 1);
        assert.equal(closed.json.data.interaction_id, seg.id);
      });

      await t.step(
        "revealing from the edit form sends results.revealed once; saving again sends nothing",
        async () => {
          const other = await randomSegment(ctx.sql, staff.radio, { show_results: false }, ["A", "B"]);
          const put = (json: Record<string, unknown>) =>
            ctx.request(`/api/v1/show_segments/${other.id}`, { method: "PUT", token: manager, json });
          assert.equal((await put({ show_results: true })).status, 200);
          await hook.until((r) =>
            r.some((x) => x.event === "results.revealed" && x.json.data.interaction_id === other.id)
          );
          assert.equal((await put({ show_results: true })).status, 200);
          // a later event of the same interaction is the sentinel: once it arrives, a second reveal would have
          assert.equal((await put({ end_date: new Date().toISOString() })).status, 200);
          await hook.until((r) =>
            r.some((x) => x.event === "vote.closed" && x.json.data.interaction_id === other.id)
          );
          const revealed = hook.received.filter((x) =>
            x.event === "results.revealed" && x.json.data.interaction_id === other.id
          );
          assert.equal(revealed.length, 1);
        },
      );
      await t.step("a rotated secret: for 24 h each delivery carries both signatures", async () => {
        const rotated = await ctx.request(`/api/v1/webhooks/${endpoint.id}/rotate-secret`, {
          method: "POST",
          token: manager,
        });
        assert.equal(rotated.status, 200);
        const { secret, previous_valid_until } = await rotated.json();
        assert.match(secret, /^whsec_[A-Za-z0-9+/]{32}$/);
        assert.notEqual(secret, endpoint.secret);
        const overlap = Date.parse(previous_valid_until) - Date.now();
        assert.ok(overlap > 23 * 3600_000 && overlap <= 24 * 3600_000, previous_valid_until);
        hook.secrets.push(secret);
        const before = hook.received.length;
        const test = await ctx.request(`/api/v1/webhooks/${endpoint.id}/test`, {
          method: "POST",
          token: manager,
        });
        assert.equal(test.status, 202);
        const sent = await hook.until((r) => r.slice(before).find((x) => x.event === "webhook.test"));
        assert.deepEqual(sent.verified, [true, true], "the old and the new secret both verify it");
        assert.equal(sent.headers.get("webhook-signature")?.split(" ").length, 2);
        // a day later, the previous secret no longer signs
        await ctx.sql`update webhooks set previous_secret_until = now() - interval '1 second'
          where id = ${endpoint.id}`;
        const after = hook.received.length;
        await ctx.request(`/api/v1/webhooks/${endpoint.id}/test`, { method: "POST", token: manager });
        const late = await hook.until((r) => r.slice(after).find((x) => x.event === "webhook.test"));
        assert.deepEqual(late.verified, [false, true]);
        hook.secrets.shift();
      });
      await t.step("every delivery received verifies with the standardwebhooks package", () => {
        assert.ok(hook.received.length >= 10, `${hook.received.length} deliveries`);
        const refused = hook.received.filter((r) => !r.verified.some(Boolean));
        assert.deepEqual(refused.map((r) => r.event), []);
      });
      await t.step(
        "the log keeps 30 days: older finished deliveries are removed, pending ones stay",
        async () => {
          const [{ n: total }] = await ctx.sql<{ n: number }[]>`
          select count(*)::int as n from webhook_deliveries where webhook_id = ${endpoint.id}`;
          await ctx.sql`update webhook_deliveries set created_at = now() - interval '31 days'
          where webhook_id = ${endpoint.id}`;
          const removed = await forgetOldDeliveries(ctx.sql, new Date(Date.now() - 30 * 86_400_000));
          assert.ok(removed > 0 && removed <= total);
          const left = await ctx.sql`select status from webhook_deliveries where webhook_id = ${endpoint.id}`;
          assert.ok(left.every((d) => d.status === "pending"));
        },
      );
    } finally {
      await hook.close();
      await ctx.close();
    }
  },
});
