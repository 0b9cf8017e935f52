// Attack script ("Messages are private unless shared"): an anonymous visitor walks the ids
// 1..N on every public read endpoint and page. Only messages shared by their author or broadcast by
// staff may come back, addressed by their share token, and no response may carry personal data.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { randomAppUser, randomChannel, randomSegment, testDevice } from "../api/_participation.ts";
import { openSession } from "../../lib/platform/sessions.ts";

const ctx = await testApp();

/** Strings that must never reach a public response: e-mails, phones, names, extra fields, devices. */
const PERSONAL: string[] = [];
/** Texts of messages nobody shared: must never reach a public response either. */
const PRIVATE_TEXTS: string[] = [];
const PRIVATE_MEDIA: string[] = [];
const SHARED_TEXTS: string[] = [];
let sharedAtSet = 0;
/** Keys a public JSON body must not hold, at any depth. */
const FORBIDDEN_KEYS = new Set([
  "email",
  "phone",
  "first_name",
  "last_name",
  "extra_user_information",
  "device_id",
  "author_app_user_id",
  "app_user_id",
  "user_id",
  "comment",
  "transcript",
]);

interface Seeded {
  channels: number[];
  segments: { id: number; uuid: string; channel: number }[];
  messages: { id: number; token: string; channel: number; public: boolean; text: string }[];
  visitor: { id: number; token: string };
}

async function seed(): Promise<Seeded> {
  const channels = [
    await randomChannel(ctx.sql, { sharing_enabled: true, gamification: true, my_space_enabled: true }),
    await randomChannel(ctx.sql, { sharing_enabled: true, gamification: true, my_space_enabled: true }),
  ];
  const segments: Seeded["segments"] = [];
  const messages: Seeded["messages"] = [];
  let n = 0;
  for (const channel of channels) {
    const text = await randomSegment(ctx.sql, channel, { type: "message", limit_1_vote: false });
    const vote = await randomSegment(ctx.sql, channel, { limit_1_vote: false }, ["Yes", "No"]);
    const voice = await randomSegment(ctx.sql, channel, { type: "recording_question", limit_1_vote: false });
    segments.push(...[text, vote, voice].map((s) => ({ id: s.id, uuid: s.uuid, channel })));
    for (let i = 0; i < 3; i++) {
      n++;
      const email = `listener${n}@private.example`;
      const phone = `+33 6 12 34 ${String(50 + n).padStart(2, "0")} 99`;
      const first = `Zephyrine${n}`;
      const last = `Quillfeather${n}`;
      PERSONAL.push(email, phone, first, last, `device-secret-${n}`, `12 rue Secrete ${n}`);
      const author = await randomAppUser(ctx, {
        nickname: `Nick${n}`,
        email,
        phone,
        first_name: first,
        last_name: last,
        points: 100 * n,
      });
      for (const kind of ["unshared", "shared", "broadcast", "pending"] as const) {
        const body = `${kind} words ${n} ${crypto.randomUUID().slice(0, 8)}`;
        const [media] = await ctx.sql<{ id: string; path: string }[]>`
          insert into media (channel_id, kind, original_path, playable_path, status)
          values (${channel}, 'audio', ${`participations/${crypto.randomUUID()}.webm`},
            ${`processed/${crypto.randomUUID()}.mp3`}, 'ready')
          returning id::text as id, playable_path as path`;
        const extra = { first_name: first, name: last, email, phone, address: `12 rue Secrete ${n}` };
        const [row] = await ctx.sql<{ id: number; token: string }[]>`
          insert into messages (channel_id, segment_id, type, content, text, media_id, author_app_user_id,
            device_id, extra_user_information, author_name, author_city, shared_at, broadcast_status, moderation,
            comment, transcript)
          values (${channel}, ${voice.id}, 'recording_question',
            ${
          ctx.sql.json({ text: body, recording_url: `/media/${media.path}` })
        }, ${body}, ${media.id}::uuid,
            ${author.id}, ${`device-secret-${n}`}, ${ctx.sql.json(extra)}, ${`${first} ${last}`}, 'Lyon',
            ${kind === "shared" || kind === "pending" ? new Date() : null},
            ${kind === "broadcast" ? "broadcast_1" : "none"}, ${kind === "pending" ? "pending" : "none"},
            ${`note on ${email}`}, ${`transcript of ${first}`})
          returning id::int as id, share_token::text as token`;
        const isPublic = kind === "shared" || kind === "broadcast";
        if (kind === "shared" || kind === "pending") sharedAtSet++;
        (isPublic ? SHARED_TEXTS : PRIVATE_TEXTS).push(body);
        if (!isPublic) PRIVATE_MEDIA.push(media.path);
        messages.push({ id: row.id, token: row.token, channel, public: isPublic, text: body });
      }
    }
    // and through the API: a participation with the information form, shared by its author
    const visitor = await randomAppUser(ctx, { nickname: `Api${channel}`, first_name: `Ottoline${channel}` });
    PERSONAL.push(`Ottoline${channel}`, `Form${channel}`, `form${channel}@private.example`);
    for (const share of [false, true]) {
      const res = await ctx.request("/api/v1/interactions", {
        method: "POST",
        token: visitor.token,
        json: {
          channel_id: channel,
          segment: text.id,
          author_app_user_id: visitor.id,
          device_id: testDevice(`device-secret-api-${channel}`),
          extra_user_information: { first_name: `Form${channel}`, email: `form${channel}@private.example` },
          content: { text: `api ${share ? "shared" : "private"} ${channel}` },
        },
      });
      assert.equal(res.status, 200);
      const sent = await res.json();
      if (share) {
        const shared = await ctx.request(`/api/v1/interactions/${sent.share_token}/share`, {
          method: "POST",
        });
        assert.equal(shared.status, 200);
        sharedAtSet++;
      }
      (share ? SHARED_TEXTS : PRIVATE_TEXTS).push(`api ${share ? "shared" : "private"} ${channel}`);
      messages.push({ id: sent.id, token: sent.share_token, channel, public: share, text: "" });
    }
    PERSONAL.push(testDevice(`device-secret-api-${channel}`), testDevice(`device-secret-vote-${channel}`));
    // an anonymous vote with a device id
    const voted = await ctx.request("/api/v1/interactions", {
      method: "POST",
      json: {
        channel_id: channel,
        segment: vote.id,
        device_id: testDevice(`device-secret-vote-${channel}`),
        content: { choice_ids: [vote.choiceIds[0]] },
      },
    });
    assert.equal(voted.status, 200);
  }
  const visitor = await randomAppUser(ctx, { nickname: "Walker" });
  return { channels, segments, messages, visitor };
}

const data = await seed();
const maxId = Math.max(...data.messages.map((m) => m.id)) + 5;

function forbiddenKeys(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => forbiddenKeys(v, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) =>
      FORBIDDEN_KEYS.has(k) ? [`${path}.${k}`] : forbiddenKeys(v, `${path}.${k}`)
    );
  }
  return [];
}

/** Fetches a public URL (no staff session) and checks its body holds nothing private. */
async function publicRead(url: string, init: { token?: string } = {}) {
  const res = await ctx.request(url, init);
  assert.ok(res.status < 500, `${url} answered ${res.status}`);
  const body = await res.text();
  for (const secret of [...PERSONAL, ...PRIVATE_TEXTS, ...PRIVATE_MEDIA]) {
    assert.ok(!body.includes(secret), `${url} leaks ${secret}`);
  }
  if (res.headers.get("content-type")?.includes("application/json")) {
    assert.deepEqual(forbiddenKeys(JSON.parse(body)), [], `${url} carries personal fields`);
  }
  return { status: res.status, body };
}

Deno.test({
  name: "public reads - walking message ids finds nothing, on any public endpoint",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await t.step(
      "control: the seeded data holds the secrets, and staff of the channel see them",
      async () => {
        assert.ok(maxId > 25 && PRIVATE_TEXTS.length >= 12 && SHARED_TEXTS.length >= 12);
        const [staff] = await ctx.sql<{ id: number }[]>`insert into users (login, email, role, channel_id)
        values ('op', 'op@example.com', 'operator', ${data.channels[0]}) returning id::int as id`;
        const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, staff.id, "staff");
        const first = data.messages.find((m) => m.channel === data.channels[0] && !m.public)!;
        const seen = await (await ctx.request(`/api/v1/interaction/${first.id}`, { token })).text();
        assert.ok(seen.includes("@private.example") && seen.includes(first.text), "staff read it by id");
        assert.equal(JSON.parse(seen).share_token, first.token, "staff see the token of its public link");
        const own = await ctx.request(`/api/v1/interactions/${first.id}`, { token });
        assert.equal(own.status, 200, "staff still read GET interactions/{id} by id");
      },
    );
    await t.step("GET interactions/{id}: every sequential id is a 404", async () => {
      for (let id = 1; id <= maxId; id++) {
        assert.equal((await publicRead(`/api/v1/interactions/${id}`)).status, 404, `id ${id}`);
      }
    });
    await t.step("the channel widget's s=: no id opens a shared view", async () => {
      for (const channel of data.channels) {
        for (let id = 1; id <= maxId; id++) {
          const { status, body } = await publicRead(`/widgets/channel/${channel}/?lang=en&s=${id}`);
          assert.equal(status, 404);
          assert.ok(!SHARED_TEXTS.some((text) => body.includes(text)), `s=${id} opened a message`);
        }
      }
    });
    await t.step("tasks/{id}: a message id with a forged signature is a 404", async () => {
      for (let id = 1; id <= maxId; id++) {
        assert.equal((await publicRead(`/api/v1/tasks/m${id}-${"0".repeat(32)}`)).status, 404);
      }
    });
    await t.step("another listener's my space, points and messages by id: refused", async () => {
      for (let id = 1; id <= maxId; id++) {
        if (id === data.visitor.id) continue;
        const opts = { token: data.visitor.token };
        assert.ok((await publicRead(`/api/v1/app_users/${id}/messages`)).status >= 400);
        assert.ok((await publicRead(`/api/v1/app_users/${id}/messages`, opts)).status >= 400);
        assert.ok((await publicRead(`/api/v1/ranking/user?user_id=${id}`, opts)).status >= 400);
      }
    });
    await t.step("vote results and widget pages of every segment id: counts only", async () => {
      for (let id = 1; id <= Math.max(...data.segments.map((s) => s.id)) + 2; id++) {
        await publicRead(`/api/v1/show_segments/${id}/vote-results`);
        for (const channel of data.channels) await publicRead(`/widgets/${channel}/${id}/?lang=en`);
      }
    });
    await t.step("media: guessed paths of participations are 404", async () => {
      for (let id = 1; id <= maxId; id++) {
        for (const path of [`participations/${id}.webm`, `participations/${id}.mp3`, `processed/${id}.mp3`]) {
          assert.equal((await publicRead(`/media/${path}`)).status, 404);
        }
      }
    });
  },
});

Deno.test({
  name: "public reads - shared and broadcast messages by token, with the nickname and city at most",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await t.step("by share token: only the shared or broadcast ones answer", async () => {
      for (const m of data.messages) {
        const { status, body } = await publicRead(`/api/v1/interactions/${m.token}`);
        assert.equal(status, m.public ? 200 : 404, `message ${m.id} (${m.public ? "public" : "private"})`);
        if (status === 200) {
          const json = JSON.parse(body);
          assert.equal(json.author_name === null || /^(Nick|Api)\d+$/.test(json.author_name), true);
          assert.ok(json.author_city === null || json.author_city === "Lyon");
          assert.equal(json.id, undefined, "no sequential id");
          if (m.text) assert.equal(json.content.text, m.text);
        }
        const page = await publicRead(`/widgets/channel/${m.channel}/?lang=en&s=${m.token}`);
        assert.equal(page.status, m.public ? 200 : 404);
        if (m.public && m.text) assert.ok(page.body.includes(m.text));
      }
    });
    await t.step("lists and pages of each channel carry no personal data", async () => {
      await publicRead("/api/v1/ranking");
      for (const channel of data.channels) {
        await publicRead(`/api/v1/ranking?channel_id=${channel}`);
        await publicRead(`/api/v1/ranking?channel_id=${channel}`, { token: data.visitor.token });
        await publicRead(`/api/v1/permanent/all/${channel}?active_only=false`);
        await publicRead(`/api/v1/channels/mobile/${channel}`);
        await publicRead(`/widgets/channel/${channel}/?lang=en`);
      }
      for (const s of data.segments) {
        await publicRead(`/s/${s.uuid}`);
        await publicRead(
          `/oembed?url=${encodeURIComponent(`http://localhost/widgets/${s.channel}/${s.id}/`)}`,
        );
        await publicRead(`/oembed?url=${encodeURIComponent(`http://localhost/s/${s.uuid}`)}`);
      }
    });
    await t.step("sharing needs the token its author got: an id or a made-up token is a 404", async () => {
      for (let id = 1; id <= 5; id++) {
        assert.equal((await ctx.request(`/api/v1/interactions/${id}/share`, { method: "POST" })).status, 404);
      }
      const made = await ctx.request(`/api/v1/interactions/${crypto.randomUUID()}/share`, { method: "POST" });
      assert.equal(made.status, 404);
      const [{ n }] = await ctx.sql<{ n: number }[]>`
        select count(*)::int as n from messages where shared_at is not null`;
      assert.equal(n, sharedAtSet, "nothing else was shared");
    });
  },
});

Deno.test({
  name: "public reads - teardown",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () => ctx.close(),
});
