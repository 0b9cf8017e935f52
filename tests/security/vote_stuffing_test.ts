// Attack: one machine sends 120 votes, each with a new device id. Made-up or altered ids
// are refused; ids obtained legitimately from POST devices are accepted, but past the interaction's
// per-address cap the votes are stored suspicious and add nothing to the public results. Voters from
// other addresses are unaffected, and staff accepting the suspicious votes makes them count.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { randomChannel, randomSegment } from "../api/_participation.ts";
import { solveChallenge } from "altcha-lib/v1";

const ctx = await testApp();
const channelId = await randomChannel(ctx.sql);
const ATTACKER = "203.0.113.66";

const newDevice = async (address: string) => {
  const res = await ctx.request("/api/v1/devices", {
    method: "POST",
    headers: { "x-forwarded-for": address },
  });
  assert.equal(res.status, 200);
  return (await res.json()).device_id as string;
};
const vote = (segment: number, choice: number, device: string, address: string) =>
  ctx.request("/api/v1/interactions", {
    method: "POST",
    headers: { "x-forwarded-for": address },
    json: { channel_id: channelId, segment, device_id: device, content: { choice_ids: [choice] } },
  });
const publicResults = async (segment: number) => {
  const res = await ctx.request(`/api/v1/show_segments/${segment}/vote-results`);
  assert.equal(res.status, 200);
  return (await res.json()) as { id: number; count: number }[];
};
const total = (rows: { count: number }[]) => rows.reduce((sum, r) => sum + r.count, 0);

Deno.test({
  name: "vote stuffing - 120 votes of fresh devices from one address add at most the cap",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const seg = await randomSegment(ctx.sql, channelId, { limit_1_vote: true }, ["Ours", "Theirs"]);
    const [ours] = seg.choiceIds;

    await t.step("made-up, altered and foreign device ids are refused (400 invalid_device)", async () => {
      const real = await newDevice(ATTACKER);
      const altered = real.slice(0, -1) + (real.endsWith("A") ? "B" : "A");
      const otherSecret = "d1.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA";
      for (const forged of [crypto.randomUUID(), `bot-${Math.random()}`, altered, otherSecret, real + "x"]) {
        const res = await vote(seg.id, ours, forged, ATTACKER);
        assert.equal(res.status, 400, forged);
        const body = await res.json();
        assert.equal(body.code, "invalid_device");
        assert.ok(body.fields.device_id);
      }
      assert.equal(total(await publicResults(seg.id)), 0);
    });

    await t.step(
      "120 legitimately issued devices from one address: the listener sees thanks each time",
      async () => {
        for (let i = 0; i < 120; i++) {
          const res = await vote(seg.id, ours, await newDevice(ATTACKER), ATTACKER);
          assert.equal(res.status, 200);
          const body = await res.json();
          assert.ok(body.task_id, "a normal answer, not a refusal");
        }
        const rows = await publicResults(seg.id);
        assert.equal(total(rows), 20, "the default cap: 20 per address and hour");
        const [{ suspicious }] = await ctx.sql<{ suspicious: number }[]>`
        select count(*)::int as suspicious from messages
        where segment_id = ${seg.id} and vote_integrity = 'suspicious'`;
        assert.equal(suspicious, 100, "every vote is stored, the ones past the cap as suspicious");
      },
    );

    await t.step("a device votes once: the same id again is already received", async () => {
      const device = await newDevice("198.51.100.7");
      assert.equal((await vote(seg.id, ours, device, "198.51.100.7")).status, 200);
      const again = await (await vote(seg.id, ours, device, "198.51.100.7")).json();
      assert.equal(again.alreadyReceived, true);
    });

    await t.step("honest voters from distinct addresses all count", async () => {
      const before = total(await publicResults(seg.id));
      for (let i = 0; i < 30; i++) {
        const address = `192.0.2.${i + 1}`;
        assert.equal((await vote(seg.id, seg.choiceIds[1], await newDevice(address), address)).status, 200);
      }
      assert.equal(total(await publicResults(seg.id)), before + 30);
    });

    await t.step("the task result (thanks screen) shows only counted votes", async () => {
      const res = await vote(seg.id, ours, await newDevice(ATTACKER), ATTACKER);
      const { task_id } = await res.json();
      const task = await (await ctx.request(`/api/v1/tasks/${task_id}`)).json();
      const counted = task.result.results.find((r: { id: number }) => r.id === ours).count;
      assert.equal(counted, 21, "the cap of the attacker and the one honest vote for the same choice");
    });

    await t.step("staff accept the suspicious votes: they count; exclusion keeps them out", async () => {
      const [staff] = await ctx.sql<{ id: number }[]>`insert into users (login, email, role, channel_id)
        values ('mod', 'mod@example.com', 'operator', ${channelId}) returning id::int as id`;
      const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, staff.id, "staff");
      const path = `/api/v1/show_segments/${seg.id}/vote-integrity`;
      const anonymous = await ctx.request(path, { method: "POST", json: { action: "accept" } });
      assert.equal(anonymous.status, 401);
      const view = await (await ctx.request(path, { token })).json();
      assert.equal(view.suspicious, 101);
      assert.equal(view.cap, 20);
      assert.ok(view.timeline.minutes.length >= 1);
      const ids = (await ctx.sql<{ id: number }[]>`select id::int as id from messages
        where segment_id = ${seg.id} and vote_integrity = 'suspicious' order by id limit 11`).map((r) =>
        r.id
      );
      const excluded = await ctx.request(path, { method: "POST", token, json: { action: "exclude", ids } });
      assert.deepEqual(await excluded.json(), { changed: 11 });
      const before = await publicResults(seg.id);
      const accepted = await ctx.request(path, { method: "POST", token, json: { action: "accept" } });
      assert.deepEqual(await accepted.json(), { changed: 90 });
      const after = await publicResults(seg.id);
      assert.equal(total(after), total(before) + 90);
      const [{ stored }] = await ctx.sql<{ stored: number }[]>`select count(*)::int as stored from messages
        where segment_id = ${seg.id} and vote_integrity = 'counted'`;
      assert.equal(total(after), stored, "the sharded counters equal the counted votes");
      const view2 = await (await ctx.request(path, { token })).json();
      assert.deepEqual([view2.suspicious, view2.excluded], [0, 11]);
    });
  },
});

Deno.test({
  name: "vote stuffing - the cap is the interaction's, and results can stay hidden until it closes",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await t.step("a raised cap (shared network of an event) counts more votes of one address", async () => {
      const seg = await randomSegment(ctx.sql, channelId, { vote_cap_per_address: 50 }, ["A", "B"]);
      for (let i = 0; i < 60; i++) {
        await vote(seg.id, seg.choiceIds[0], await newDevice("203.0.113.9"), "203.0.113.9");
      }
      assert.equal(total(await publicResults(seg.id)), 50);
    });

    await t.step("staff set the options; a cap out of range is a 400 naming the field", async () => {
      const seg = await randomSegment(ctx.sql, channelId, {}, ["A", "B"]);
      const [admin] = await ctx.sql<{ id: number }[]>`insert into users (login, email, role, channel_id)
        values ('chief', 'chief@example.com', 'administrator', ${channelId}) returning id::int as id`;
      const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, admin.id, "staff");
      const put = (json: Record<string, unknown>) =>
        ctx.request(`/api/v1/show_segments/${seg.id}`, { method: "PUT", token, json });
      const ok = await put({ vote_cap_per_address: 500, hide_results_until_end: true, high_stakes: true });
      assert.equal(ok.status, 200);
      const [row] = await ctx.sql`select vote_cap_per_address, hide_results_until_end, high_stakes
        from segments where id = ${seg.id}`;
      assert.deepEqual({ ...row }, {
        vote_cap_per_address: 500,
        hide_results_until_end: true,
        high_stakes: true,
      });
      for (const cap of [0, -1, 1.5, 100_001, "20"]) {
        const bad = await put({ vote_cap_per_address: cap });
        assert.equal(bad.status, 400, String(cap));
        assert.ok((await bad.json()).fields.vote_cap_per_address);
      }
    });

    await t.step(
      "hidden results: 403 for the public until the end date, thanks without results",
      async () => {
        const seg = await randomSegment(ctx.sql, channelId, {
          hide_results_until_end: true,
          to_mode: "scheduled",
          end_date: new Date(Date.now() + 3600_000),
        }, ["A", "B"]);
        const res = await vote(seg.id, seg.choiceIds[0], await newDevice("192.0.2.200"), "192.0.2.200");
        const { task_id } = await res.json();
        const task = await (await ctx.request(`/api/v1/tasks/${task_id}`)).json();
        assert.equal(task.result.results, undefined);
        const hidden = await ctx.request(`/api/v1/show_segments/${seg.id}/vote-results`);
        assert.equal(hidden.status, 403);
        await ctx.sql`update segments set end_date = now() - interval '1 minute' where id = ${seg.id}`;
        assert.equal(total(await publicResults(seg.id)), 1);
      },
    );
  },
});

Deno.test({
  name: "vote stuffing - a high-stakes vote needs a solved proof of work, used once, for its interaction",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const seg = await randomSegment(ctx.sql, channelId, { high_stakes: true }, ["A", "B"]);
    const plain = await randomSegment(ctx.sql, channelId, {}, ["A", "B"]);
    const send = async (segment: number, altcha?: string) =>
      await ctx.request("/api/v1/interactions", {
        method: "POST",
        headers: { "x-forwarded-for": "192.0.2.77" },
        json: {
          channel_id: channelId,
          segment,
          device_id: await newDevice("192.0.2.77"),
          content: { choice_ids: [segment === seg.id ? seg.choiceIds[0] : plain.choiceIds[0]] },
          ...(altcha ? { altcha } : {}),
        },
      });
    const solved = async (segment: number) => {
      const c = await (await ctx.request(`/api/v1/show_segments/${segment}/challenge`)).json();
      const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
      assert.ok(solution);
      return btoa(JSON.stringify({ ...c, number: solution.number }));
    };
    assert.equal((await ctx.request(`/api/v1/show_segments/${plain.id}/challenge`)).status, 404);
    const without = await send(seg.id);
    assert.equal(without.status, 400);
    assert.equal((await without.json()).code, "proof_required");
    const payload = await solved(seg.id);
    const forged = btoa(
      JSON.stringify({ ...JSON.parse(atob(payload)), number: 1 + JSON.parse(atob(payload)).number }),
    );
    assert.equal((await send(seg.id, forged)).status, 400, "a wrong number");
    assert.equal((await send(seg.id, "not base64 at all")).status, 400);
    assert.equal((await send(seg.id, payload)).status, 200);
    const replay = await send(seg.id, payload);
    assert.equal(replay.status, 400, "a proof is used once");
    const other = await randomSegment(ctx.sql, channelId, { high_stakes: true }, ["A", "B"]);
    const [otherChoice] = other.choiceIds;
    const res = await ctx.request("/api/v1/interactions", {
      method: "POST",
      json: {
        channel_id: channelId,
        segment: other.id,
        device_id: await newDevice("192.0.2.78"),
        content: { choice_ids: [otherChoice] },
        altcha: await solved(seg.id),
      },
    });
    assert.equal(res.status, 400, "a proof solved for another interaction");
    assert.equal((await send(plain.id)).status, 200, "ordinary votes need no proof");
  },
});

Deno.test({
  name: "vote stuffing - teardown",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () => ctx.close(),
});
