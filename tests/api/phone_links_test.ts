// My space → "My phone number": the station's line texts a code to the listener's number, typed in it
// links the number to the account; the number's past participations (with their points) and later ones
// are the account's, and the number shows in my space by its last digits only.
import assert from "node:assert/strict";
import { randomAppUser } from "./_participation.ts";
import { phoneLinkStation } from "./_phone_links.ts";
import { POINTS } from "../../lib/rules/constants.ts";
import { pointsOf } from "../../db/points.ts";
import { getExport } from "../../db/data_rights.ts";
import { buildExport, requestExport } from "../../lib/app_users/data_rights.ts";
import { numberHash } from "../../lib/lines/inbound.ts";
import { unzipSync } from "fflate";

const station = await phoneLinkStation();
const { ctx, stub, staff, segment } = station;

Deno.test({
  name: "phone links - a number linked with the code its line texted brings its participations and points",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      const listener = await randomAppUser(ctx);
      const number = "+33611112222";
      const api = (path: string, init: Parameters<typeof ctx.request>[1] = {}) =>
        ctx.request(`/api/v1/app_users/phone_links${path}`, { token: listener.token, ...init });
      const messages = () =>
        ctx.sql<{ id: number; text: string; author_app_user_id: number | null }[]>`
          select id::int as id, text, author_app_user_id::int as author_app_user_id from messages
          where segment_id = ${segment.id} order by id`;

      await t.step("an SMS before the link lands without an account; staff like it", async () => {
        await station.smsFrom(number, "Before I had an account");
        const [before] = await messages();
        assert.equal(before.author_app_user_id, null);
        await ctx.sql`update messages set liked = true where id = ${before.id}`;
      });

      await t.step("my space reads which media can text a code, and no number yet", async () => {
        const res = await api(`?channel_id=${staff.radio}`);
        assert.equal(res.status, 200);
        assert.match(res.headers.get("content-type")!, /application\/json/);
        assert.deepEqual(await res.json(), { media: ["sms", "whatsapp"], numbers: [] });
      });

      await t.step(
        "asking for a code texts it by SMS in the channel's language; the answer holds no code",
        async () => {
          const res = await api("", {
            method: "POST",
            json: { channel_id: staff.radio, medium: "sms", number },
          });
          assert.equal(res.status, 202);
          const body = await res.json();
          assert.deepEqual(Object.keys(body), ["expires_at"]);
          const sent = stub.sent.at(-1)!;
          assert.equal(sent.provider, "twilio");
          assert.equal(sent.body.To, number);
          assert.equal(sent.body.From, "+33700000000");
          const code = station.lastCode(number);
          assert.ok(!JSON.stringify(body).includes(code));
          const [{ language }] = await ctx.sql`select language from channels where id = ${staff.radio}`;
          const expected = language === "fr" ? "est votre code pour lier ce numéro" : "is your code to link";
          assert.ok(String(sent.body.Body).includes(expected), String(sent.body.Body));
        },
      );

      await t.step("the code links the number: the past SMS and its points are the account's", async () => {
        const res = await api("/confirm", {
          method: "POST",
          json: { medium: "sms", number: "+33 6 11 11 22 22", code: station.lastCode(number) },
        });
        assert.equal(res.status, 200);
        assert.deepEqual(await res.json(), { linked: true, messages: 1 });
        assert.equal((await messages())[0].author_app_user_id, listener.id);
        assert.deepEqual(await pointsOf(ctx.sql, listener.id), {
          points: POINTS.liked,
          ledger: POINTS.liked,
        });
        const history = await ctx.request(
          `/api/v1/app_users/${listener.id}/messages?channel_id=${staff.radio}`,
          { token: listener.token },
        );
        assert.equal(history.status, 200);
        const items = await history.json();
        assert.deepEqual(items.map((m: { content: { text: string } }) => m.content.text), [
          "Before I had an account",
        ]);
      });

      await t.step("a later SMS from the number is the account's at once", async () => {
        await station.smsFrom(number, "Now it is mine");
        const later = (await messages()).at(-1)!;
        assert.equal(later.text, "Now it is mine");
        assert.equal(later.author_app_user_id, listener.id);
      });

      await t.step("my space shows the number by its last digits only", async () => {
        const res = await api(`?channel_id=${staff.radio}`);
        const body = await res.json();
        assert.deepEqual(body.numbers.map((n: { number: string }) => n.number), ["•••• 2222"]);
        assert.ok(!JSON.stringify(body).includes("611112222"));
      });

      await t.step("the listener's data export holds the linked number in full", async () => {
        const pending = await requestExport(ctx.deps, listener.id, new Date());
        await buildExport(ctx.deps, pending.id);
        const ready = await getExport(ctx.sql, pending.id);
        assert.equal(ready?.status, "ready");
        const stream = await ctx.deps.storage.get(ready!.storage_key!);
        const zip = unzipSync(new Uint8Array(await new Response(stream).arrayBuffer()));
        const profile = JSON.parse(new TextDecoder().decode(zip["profile.json"]));
        assert.deepEqual(profile.phone_numbers.map((n: { number: string }) => n.number), [number]);
        const participations = JSON.parse(new TextDecoder().decode(zip["participations.json"]));
        assert.deepEqual(participations.map((m: { text: string }) => m.text), [
          "Before I had an account",
          "Now it is mine",
        ]);
      });

      await t.step("unlinked, the number's next SMS has no account again; its history stays", async () => {
        const [{ id }] = (await (await api(`?channel_id=${staff.radio}`)).json()).numbers;
        assert.equal((await api(`/${id}`, { method: "DELETE" })).status, 204);
        assert.equal((await api(`/${id}`, { method: "DELETE" })).status, 404);
        await station.smsFrom(number, "Anonymous again");
        const rows = await messages();
        assert.equal(rows.at(-1)!.author_app_user_id, null);
        assert.equal(rows[0].author_app_user_id, listener.id);
      });

      await t.step("erasing the account forgets the number linked to it", async () => {
        const other = await randomAppUser(ctx);
        const otherNumber = "+33633334444";
        const ask = await api("", {
          method: "POST",
          token: other.token,
          json: { channel_id: staff.radio, medium: "sms", number: otherNumber },
        });
        assert.equal(ask.status, 202);
        const linked = await api("/confirm", {
          method: "POST",
          token: other.token,
          json: { medium: "sms", number: otherNumber, code: station.lastCode(otherNumber) },
        });
        assert.equal(linked.status, 200);
        const hash = numberHash(ctx.deps.jwtSecret, otherNumber);
        assert.equal((await ctx.sql`select 1 from phone_numbers where number_hash = ${hash}`).length, 1);
        const erased = await ctx.request("/api/v1/app_users/data", { method: "DELETE", token: other.token });
        assert.equal(erased.status, 200);
        assert.equal((await ctx.sql`select 1 from phone_numbers where number_hash = ${hash}`).length, 0);
      });

      await t.step(
        "a WhatsApp STOP forgets the number, its link with it, and is confirmed by WhatsApp",
        async () => {
          await station.whatsappFrom("33655556666", "Hello from WhatsApp");
          const hash = numberHash(ctx.deps.jwtSecret, "+33655556666");
          assert.equal((await ctx.sql`select 1 from phone_numbers where number_hash = ${hash}`).length, 1);
          await station.whatsappFrom("33655556666", "Stop");
          assert.equal((await ctx.sql`select 1 from phone_numbers where number_hash = ${hash}`).length, 0);
          const confirmed = stub.sent.at(-1)!;
          assert.equal(confirmed.provider, "whatsapp");
          assert.equal(confirmed.body.to, "33655556666");
          const [{ language }] = await ctx.sql`select language from channels where id = ${staff.radio}`;
          const expected = language === "fr" ? "Votre numéro a été supprimé" : "Your number has been removed";
          assert.ok(JSON.stringify(confirmed.body).includes(expected), JSON.stringify(confirmed.body));
        },
      );
    } finally {
      await station.close();
    }
  },
});
