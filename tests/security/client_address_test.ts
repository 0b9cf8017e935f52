// Attacks on the client address behind a proxy: a client writes its own X-Forwarded-For, and the proxy
// (nginx's $proxy_add_x_forwarded_for) appends the address it saw after it. Only that right-hand hop is a
// fact; caps and throttles must count it, whether TRUST_PROXY names a number of hops or the proxies'
// addresses, and an IPv6 client is one client for its whole /64.
import assert from "node:assert/strict";
import { type TestApp, testApp } from "../_helpers.ts";
import { requestInit, type TestRequestInit } from "../_server.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { randomChannel, randomSegment, testDevice } from "../api/_participation.ts";
import { DEFAULT_VOTE_CAP } from "../../lib/rules/vote_integrity.ts";

const PASSWORD = "Demo-Password-1!";
const PROXY = "10.0.0.2";

/** A request reaching the app from `socket` (the proxy, or the client itself). */
function via(ctx: TestApp, socket: string, path: string, init: TestRequestInit = {}) {
  return Promise.resolve(ctx.app.request(path, requestInit(init), { remoteAddr: { hostname: socket } }));
}

const forged = (i: number) => `${(i % 200) + 1}.${(i * 7) % 250}.${(i * 13) % 250}.${(i % 250) + 1}`;

async function countedVotes(ctx: TestApp, segment: number): Promise<number> {
  const [row] = await ctx.sql<{ n: number }[]>`
    select count(*)::int as n from messages where segment_id = ${segment} and vote_integrity <> 'suspicious'`;
  return row.n;
}

for (const trust of ["1", `${PROXY}/32, 10.0.0.0/8`]) {
  Deno.test({
    name: `client address - TRUST_PROXY=${trust}: forged first hops do not dodge the vote cap`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const ctx = await testApp({ env: { TRUST_PROXY: trust } });
      try {
        const channelId = await randomChannel(ctx.sql);
        const seg = await randomSegment(ctx.sql, channelId, { limit_1_vote: true }, ["Ours", "Theirs"]);
        for (let i = 0; i < 60; i++) {
          const res = await via(ctx, PROXY, "/api/v1/interactions", {
            method: "POST",
            headers: { "x-forwarded-for": `${forged(i)}, 203.0.113.66` },
            json: {
              channel_id: channelId,
              segment: seg.id,
              device_id: testDevice(`stuffer-${trust}-${i}`),
              content: { choice_ids: [seg.choiceIds[0]] },
            },
          });
          assert.equal(res.status, 200);
          await res.body?.cancel();
        }
        assert.equal(await countedVotes(ctx, seg.id), DEFAULT_VOTE_CAP, "one machine, one cap");
      } finally {
        await ctx.close();
      }
    },
  });
}

Deno.test({
  name: "client address - votes from one IPv6 /64 share one cap",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const ctx = await testApp({ env: { TRUST_PROXY: "off" } });
    try {
      const channelId = await randomChannel(ctx.sql);
      const seg = await randomSegment(ctx.sql, channelId, { limit_1_vote: true }, ["Ours", "Theirs"]);
      for (let i = 0; i < 40; i++) {
        const res = await via(ctx, `2001:db8:5:6::${(i + 1).toString(16)}`, "/api/v1/interactions", {
          method: "POST",
          json: {
            channel_id: channelId,
            segment: seg.id,
            device_id: testDevice(`v6-${i}`),
            content: { choice_ids: [seg.choiceIds[0]] },
          },
        });
        assert.equal(res.status, 200);
        await res.body?.cancel();
      }
      assert.equal(await countedVotes(ctx, seg.id), DEFAULT_VOTE_CAP);
    } finally {
      await ctx.close();
    }
  },
});

Deno.test("client address - wrong passwords with rotating forged first hops are throttled", async (t) => {
  const ctx = await testApp({ env: { TRUST_PROXY: "1" } });
  try {
    await seedDemo(ctx.sql, { password: PASSWORD });
    const frozen = new Date();
    ctx.deps.now = () => frozen;
    const login = (xff: string, password: string) =>
      via(ctx, PROXY, "/api/v1/auth", {
        method: "POST",
        headers: { "x-forwarded-for": xff },
        json: { email: "manager@example.com", password },
      });

    await t.step("120 wrong passwords: from the 6th on, every answer is 429", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 120; i++) {
        // the first hop is the attacker's to write: new each time, or the office's address
        const res = await login(`${i % 2 ? forged(i) : "203.0.113.50"}, 198.51.100.66`, `wrong-${i}`);
        statuses.push(res.status);
        await res.body?.cancel();
      }
      assert.deepEqual(statuses.slice(0, 5), [401, 401, 401, 401, 401]);
      assert.ok(statuses.slice(5).every((s) => s === 429), statuses.join(","));
    });

    await t.step("the office's address written as first hop does not lock the office out", async () => {
      const res = await login("203.0.113.50", PASSWORD);
      assert.equal(res.status, 200);
      await res.body?.cancel();
    });

    await t.step("an IPv6 attacker moving within its /64 stays throttled", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await login(`2001:db8:9:9::${i + 1}`, `wrong-${i}`);
        statuses.push(res.status);
        await res.body?.cancel();
      }
      assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("client address - without TRUST_PROXY behind a proxy, the log says to set it", async () => {
  const ctx = await testApp({ env: { TRUST_PROXY: "off" } });
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(" "));
  try {
    for (let i = 0; i < 60; i++) {
      const res = await via(ctx, "127.0.0.1", "/api/v1/app_users/nickname/free", {
        headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
      });
      await res.body?.cancel();
    }
  } finally {
    console.warn = warn;
    await ctx.close();
  }
  assert.equal(warnings.filter((w) => w.includes("TRUST_PROXY")).length, 1, warnings.join("\n"));
});
