// Every staff action a listener, a colleague or the station would ask about is in the audit log once, with
// the person who did it, the action and its object, and never a listener's personal data.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { randomMessage, randomSegment } from "../api/_participation.ts";
import { providerStub } from "../_providers.ts";
import { startFtp } from "../_ftp.ts";
import { encryptSecret } from "../../lib/platform/crypto.ts";

const MP3 = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6]);
const ACCOUNT = { sid: `AC${"b2".repeat(16)}`, token: "twilio-auth-token" };

Deno.test("audit log - each audited action through the API is recorded once, by its actor, on its object", async () => {
  const stub = providerStub("EAAG-access-token", ACCOUNT);
  const ctx = await testApp({
    env: {
      PUBLIC_URL: "https://im.example.org",
      WHATSAPP_GRAPH_URL: stub.graphUrl,
      TWILIO_API_URL: stub.twilioUrl,
      WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
    },
  });
  try {
    await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
    const staff = await demoStaff(ctx);
    const tokens = { manager: await staff.token("manager"), operator: await staff.token("operator") };
    const segment = await randomSegment(ctx.sql, staff.radio, { type: "message", status: "draft" });
    const vote = await randomSegment(ctx.sql, staff.radio, { show_results: false }, ["Jazz", "Rock"]);
    const messages: { id: number; author_app_user_id: number }[] = [];
    for (let i = 0; i < 4; i++) {
      messages.push(
        await randomMessage(ctx.sql, { id: segment.id, channelId: staff.radio }, { liked: true }),
      );
    }
    const listeners = await ctx.sql<{ nickname: string; city: string }[]>`
      select nickname, city from app_users where id in ${ctx.sql(messages.map((m) => m.author_app_user_id))}`;
    const texts = await ctx.sql<
      { text: string }[]
    >`select text from messages where segment_id = ${segment.id}`;

    type Step = {
      as: keyof typeof tokens;
      method: string;
      path: string | (() => string);
      json?: unknown;
      status: number;
      expect: [action: string, objectType: string, objectId: () => number];
    };
    let hookId = 0, lineId = 0;
    const steps: Step[] = [
      ...(["published", "archived", "published", "trash"] as const).map((status, i): Step => ({
        as: "manager",
        method: "PUT",
        path: `/api/v1/show_segments/${segment.id}`,
        json: { status },
        status: 200,
        expect: [
          ["interaction_published", "interaction_archived", "interaction_restored", "interaction_trashed"][i],
          "interaction",
          () => segment.id,
        ],
      })),
      {
        as: "manager",
        method: "PUT",
        path: `/api/v1/show_segments/${vote.id}`,
        json: { show_results: true },
        status: 200,
        expect: ["results_revealed", "interaction", () => vote.id],
      },
      {
        as: "manager",
        method: "PUT",
        path: `/api/v1/show_segments/${vote.id}/overlay`,
        json: { close: true },
        status: 200,
        expect: ["interaction_closed", "interaction", () => vote.id],
      },
      ...(["broadcast", "quote", "trash", "restore"] as const).map((key, i): Step => ({
        as: "operator",
        method: "POST",
        path: `/api/v1/interaction/${messages[i].id}/action`,
        json: { key },
        status: 200,
        expect: [
          ["message_broadcast", "message_quoted", "message_trashed", "message_restored"][i],
          "message",
          () => messages[i].id,
        ],
      })),
      {
        as: "operator",
        method: "POST",
        path: `/api/v1/channel-interactions-actions?action=trash_all_messages&segment_id=${segment.id}`,
        status: 200,
        expect: ["messages_trashed", "interaction", () => segment.id],
      },
      {
        as: "operator",
        method: "POST",
        path:
          `/api/v1/channel-interactions-actions?action=restore_all_messages&filter=trash&segment_id=${segment.id}`,
        status: 200,
        expect: ["messages_restored", "interaction", () => segment.id],
      },
      {
        as: "manager",
        method: "GET",
        path: `/api/v1/show_segments/${segment.id}/export`,
        status: 200,
        expect: ["messages_exported", "interaction", () => segment.id],
      },
      {
        as: "operator",
        method: "POST",
        path: "/api/v1/interaction/draw_winners",
        json: { segment_id: segment.id, count: 1, tab: "liked" },
        status: 200,
        expect: ["winners_drawn", "interaction", () => segment.id],
      },
      {
        as: "manager",
        method: "POST",
        path: "/api/v1/listener_erasure",
        json: { message_id: messages[3].id },
        status: 200,
        expect: ["listener_erased", "message", () => messages[3].id],
      },
      {
        as: "manager",
        method: "POST",
        path: `/api/v1/channels/${staff.radio}/webhooks`,
        json: { url: "http://127.0.0.1:9/hook", events: ["vote.closed"] },
        status: 201,
        expect: ["webhook_created", "webhook", () => hookId],
      },
      {
        as: "manager",
        method: "POST",
        path: () => `/api/v1/webhooks/${hookId}/rotate-secret`,
        status: 200,
        expect: ["webhook_secret_rotated", "webhook", () => hookId],
      },
      {
        as: "manager",
        method: "DELETE",
        path: () => `/api/v1/webhooks/${hookId}`,
        status: 204,
        expect: ["webhook_deleted", "webhook", () => hookId],
      },
      {
        as: "manager",
        method: "POST",
        path: `/api/v1/channels/${staff.radio}/lines`,
        json: {
          kind: "sms",
          address: "+33612345678",
          credentials: { account_sid: ACCOUNT.sid, auth_token: ACCOUNT.token },
        },
        status: 201,
        expect: ["line_created", "line", () => lineId],
      },
      {
        as: "manager",
        method: "PUT",
        path: () => `/api/v1/lines/${lineId}`,
        json: { kind: "sms", label: "Morning SMS" },
        status: 200,
        expect: ["line_changed", "line", () => lineId],
      },
      {
        as: "manager",
        method: "DELETE",
        path: () => `/api/v1/lines/${lineId}`,
        status: 204,
        expect: ["line_deleted", "line", () => lineId],
      },
      {
        as: "manager",
        method: "PUT",
        path: `/api/v1/channels/${staff.radio}`,
        json: { label: "Radio Demo" },
        status: 200,
        expect: ["channel_settings_changed", "channel", () => staff.radio],
      },
      {
        as: "manager",
        method: "PUT",
        path: `/api/v1/user/${staff.ids.operator}`,
        json: { role: "administrator" },
        status: 200,
        expect: ["user_changed", "user", () => staff.ids.operator],
      },
    ];

    for (const step of steps) {
      const path = typeof step.path === "function" ? step.path() : step.path;
      const res = await ctx.request(path, { method: step.method, token: tokens[step.as], json: step.json });
      const body = res.status === 204 ? null : await res.text();
      assert.equal(res.status, step.status, `${step.method} ${path}: ${body}`);
      if (path.endsWith("/webhooks")) hookId = JSON.parse(body!).id;
      if (path.endsWith("/lines")) lineId = JSON.parse(body!).id;
    }

    const entries = await ctx.sql<
      { action: string; actor_id: number; object_type: string; object_id: string }[]
    >`
      select action, actor_id::int as actor_id, object_type, object_id from audit_log order by id`;
    for (const step of steps) {
      const [action, objectType, objectId] = step.expect;
      const found = entries.filter((e) => e.action === action && e.object_id === String(objectId()));
      assert.equal(
        found.length,
        1,
        `${action} on ${objectType} ${objectId()} once: ${JSON.stringify(entries)}`,
      );
      assert.equal(found[0].object_type, objectType, action);
      assert.equal(found[0].actor_id, staff.ids[step.as], `${action} by ${step.as}`);
    }
    assert.equal(entries.length, steps.length, "no entry for anything else (likes, reads, counts)");

    const everything = JSON.stringify(await ctx.sql`select * from audit_log`);
    for (const l of listeners) {
      assert.ok(!everything.includes(l.nickname), "no listener nickname");
      assert.ok(!everything.includes(l.city), "no listener city");
    }
    for (const m of texts) assert.ok(!everything.includes(m.text), "no message text");
  } finally {
    await ctx.close();
    await stub.close();
  }
});

Deno.test("audit log - a message and a playout queue sent to the studio are each recorded once", async () => {
  const ctx = await testApp();
  const ftp = await startFtp();
  try {
    await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
    const staff = await demoStaff(ctx);
    const token = await staff.token("operator");
    const segment = await randomSegment(ctx.sql, staff.radio, { type: "recording_question" });
    const message = await randomMessage(ctx.sql, { id: segment.id, channelId: staff.radio });
    const key = `messages/${staff.radio}/audit-${message.id}.mp3`;
    await ctx.deps.storage.put(key, MP3, "audio/mpeg");
    const [media] = await ctx.sql<{ id: string }[]>`
      insert into media (channel_id, kind, original_path, broadcast_path, status, content_type)
      values (${staff.radio}, 'audio', ${key}, ${key}, 'ready', 'audio/mpeg') returning id`;
    await ctx.sql`update messages set media_id = ${media.id} where id = ${message.id}`;
    await ctx.sql`update channels set ftp_host = '127.0.0.1', ftp_port = ${ftp.port}, ftp_user = ${ftp.user},
      ftp_password_enc = ${await encryptSecret(ctx.deps.jwtSecret, ftp.password)}, ftp_folder = 'air',
      ftp_naming = '{id}' where id = ${staff.radio}`;

    const sent = await ctx.request(`/api/v1/interaction/${message.id}/ftp`, { method: "POST", token });
    assert.equal(sent.status, 200, await sent.clone().text());
    await sent.body?.cancel();
    const queued = await ctx.request(`/api/v1/interaction/${message.id}/playout`, {
      method: "PUT",
      token,
      json: { queued: true },
    });
    assert.equal(queued.status, 200);
    await queued.body?.cancel();
    const played = await ctx.request(`/api/v1/show_segments/${segment.id}/playout/deliver`, {
      method: "POST",
      token,
    });
    assert.equal(played.status, 200, await played.clone().text());
    await played.body?.cancel();

    const entries = await ctx.sql<
      { action: string; actor_id: number; object_type: string; object_id: string }[]
    >`
      select action, actor_id::int as actor_id, object_type, object_id from audit_log order by id`;
    assert.deepEqual([...entries], [
      {
        action: "message_delivered",
        actor_id: staff.ids.operator,
        object_type: "message",
        object_id: `${message.id}`,
      },
      {
        action: "playout_delivered",
        actor_id: staff.ids.operator,
        object_type: "interaction",
        object_id: `${segment.id}`,
      },
    ]);
  } finally {
    await ctx.close();
    await ftp.close();
  }
});
