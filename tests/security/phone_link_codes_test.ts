// Attacks on linking a number to an account: guessing a code is bounded (few guesses per code, few codes
// per hour for an account and for a number), a code expires and is used once, a code texted by SMS does
// not link the WhatsApp number, and another listener's number cannot be claimed.
import assert from "node:assert/strict";
import { randomAppUser } from "../api/_participation.ts";
import { numberHash } from "../../lib/lines/inbound.ts";
import { phoneLinkStation } from "../api/_phone_links.ts";
import {
  PHONE_LINK_CODE_TTL_MS,
  PHONE_LINK_MAX_ATTEMPTS,
  PHONE_LINK_REQUEST_LIMIT,
} from "../../lib/rules/phone_links.ts";

const station = await phoneLinkStation();
const { ctx, staff } = station;
let now = new Date();
ctx.deps.now = () => now;

const ask = (token: string, number: string, medium = "sms") =>
  ctx.request("/api/v1/app_users/phone_links", {
    method: "POST",
    token,
    json: { channel_id: staff.radio, medium, number },
  });
const confirm = (token: string, number: string, code: string, medium = "sms") =>
  ctx.request("/api/v1/app_users/phone_links/confirm", {
    method: "POST",
    token,
    json: { medium, number, code },
  });
/** The account the number is linked to, or null. */
const linkedTo = async (number: string) => {
  const [row] = await ctx.sql<{ app_user_id: number | null }[]>`
    select app_user_id::int as app_user_id from phone_numbers
    where number_hash = ${numberHash(ctx.deps.jwtSecret, number)}`;
  return row?.app_user_id ?? null;
};
async function expectCode(res: Response, status: number, code: string) {
  assert.equal(res.status, status);
  assert.match(res.headers.get("content-type")!, /application\/json/);
  assert.equal((await res.json()).code, code);
}
/** A wrong code, never the one texted. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

Deno.test({
  name:
    "phone link codes - guessing is bounded, codes expire, are single use and bound to one medium and number",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      await t.step("without a token 401; an anonymous user has no space to link to: 403", async () => {
        const anonymous = await randomAppUser(ctx, { is_anonymous: true, nickname: null });
        assert.equal(
          (await ctx.request("/api/v1/app_users/phone_links", {
            method: "POST",
            json: { channel_id: staff.radio, medium: "sms", number: "+33600000001" },
          })).status,
          401,
        );
        await expectCode(await ask(anonymous.token, "+33600000001"), 403, "forbidden");
      });

      await t.step("not a phone number: 422 with the field", async () => {
        const listener = await randomAppUser(ctx);
        const res = await ask(listener.token, "call me");
        assert.equal(res.status, 422);
        assert.deepEqual((await res.json()).fields, { number: ["phone_invalid"] });
      });

      await t.step(
        `after ${PHONE_LINK_MAX_ATTEMPTS} wrong guesses even the right code is spent`,
        async () => {
          const listener = await randomAppUser(ctx);
          const number = "+33600000002";
          assert.equal((await ask(listener.token, number)).status, 202);
          const code = station.lastCode(number);
          for (let i = 0; i < PHONE_LINK_MAX_ATTEMPTS; i++) {
            await expectCode(await confirm(listener.token, number, wrong(code)), 422, "phone_code_invalid");
          }
          await expectCode(await confirm(listener.token, number, code), 422, "phone_code_invalid");
          assert.equal(await linkedTo(number), null);
        },
      );

      await t.step("a code expires", async () => {
        const listener = await randomAppUser(ctx);
        const number = "+33600000003";
        assert.equal((await ask(listener.token, number)).status, 202);
        const code = station.lastCode(number);
        now = new Date(now.getTime() + PHONE_LINK_CODE_TTL_MS + 1000);
        await expectCode(await confirm(listener.token, number, code), 422, "phone_code_invalid");
        now = new Date();
      });

      await t.step("a code texted by SMS does not link by WhatsApp, nor another number", async () => {
        const listener = await randomAppUser(ctx);
        const number = "+33600000004";
        assert.equal((await ask(listener.token, number)).status, 202);
        const code = station.lastCode(number);
        await expectCode(await confirm(listener.token, number, code, "whatsapp"), 422, "phone_code_invalid");
        await expectCode(await confirm(listener.token, "+33600000005", code), 422, "phone_code_invalid");
        // the WhatsApp line texts its own code, which the SMS one does not take
        assert.equal((await ask(listener.token, number, "whatsapp")).status, 202);
        const whatsappCode = station.lastCode(number);
        assert.notEqual(whatsappCode, code, "a new code");
        assert.equal(station.stub.sent.at(-1)!.provider, "whatsapp");
        await expectCode(await confirm(listener.token, number, whatsappCode), 422, "phone_code_invalid");
        // the right one for the right medium links, once
        const linked = await confirm(listener.token, number, whatsappCode, "whatsapp");
        assert.equal(linked.status, 200);
        assert.equal(await linkedTo(number), listener.id);
        await expectCode(
          await confirm(listener.token, number, whatsappCode, "whatsapp"),
          422,
          "phone_code_invalid",
        );
      });

      await t.step("another listener's number cannot be claimed, with or without its code", async () => {
        const owner = await randomAppUser(ctx);
        const intruder = await randomAppUser(ctx);
        const number = "+33600000006";
        assert.equal((await ask(owner.token, number)).status, 202);
        const ownersCode = station.lastCode(number);
        // the owner's code is the owner's: the intruder typing it links nothing
        await expectCode(await confirm(intruder.token, number, ownersCode), 422, "phone_code_invalid");
        assert.equal((await confirm(owner.token, number, ownersCode)).status, 200);
        // the intruder is answered as anyone (nothing tells whose number it is) and the code reaches the
        // number's owner, never the intruder; even typed in, it does not move the number
        assert.equal((await ask(intruder.token, number)).status, 202);
        await expectCode(
          await confirm(intruder.token, number, station.lastCode(number)),
          409,
          "phone_number_taken",
        );
        assert.equal(await linkedTo(number), owner.id);
      });

      await t.step(
        `a number receives at most ${PHONE_LINK_REQUEST_LIMIT.max} codes an hour, whoever asks`,
        async () => {
          const number = "+33600000007";
          for (let i = 0; i < PHONE_LINK_REQUEST_LIMIT.max; i++) {
            const listener = await randomAppUser(ctx);
            assert.equal((await ask(listener.token, number)).status, 202);
          }
          const sent = station.stub.sent.length;
          const late = await randomAppUser(ctx);
          await expectCode(await ask(late.token, number), 429, "rate_limited");
          assert.equal(station.stub.sent.length, sent, "nothing texted");
        },
      );

      await t.step(`an account asks for at most ${PHONE_LINK_REQUEST_LIMIT.max} codes an hour`, async () => {
        const listener = await randomAppUser(ctx);
        for (let i = 0; i < PHONE_LINK_REQUEST_LIMIT.max; i++) {
          assert.equal((await ask(listener.token, `+3361000000${i}`)).status, 202);
        }
        await expectCode(await ask(listener.token, "+33610000009"), 429, "rate_limited");
      });

      await t.step("a code the provider did not take is not kept: 503, nothing to type", async () => {
        const listener = await randomAppUser(ctx);
        station.stub.failures.push(400);
        await expectCode(await ask(listener.token, "+33600000008"), 503, "phone_code_not_sent");
        const [{ count }] = await ctx.sql<{ count: number }[]>`
          select count(*)::int as count from phone_link_codes where app_user_id = ${listener.id}`;
        assert.equal(count, 0);
      });
    } finally {
      await station.close();
    }
  },
});
