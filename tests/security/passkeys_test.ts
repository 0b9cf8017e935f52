// Passkeys as a second factor, attacked through the API: a forged answer, an answer to a challenge never
// handed out, a registration that is not a passkey, the options for an account in another step; a reset
// takes the passkeys away; the WebAuthn browser package never reaches a listener's page.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { relyingPartyOf } from "../../lib/accounts/passkeys.ts";
import { PASSKEY_CHALLENGE_SECONDS, PASSKEYS_MAX } from "../../lib/rules/two_factor.ts";

const PASSWORD = "Demo-Password-1!";
const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");

/** A WebAuthn answer as a browser would send it, signed by no authenticator, for `challenge`. */
function forgedAnswer(id: string, challenge: string, type: "webauthn.get" | "webauthn.create") {
  const clientData = new TextEncoder().encode(
    JSON.stringify({ type, challenge, origin: "https://im.example.org", crossOrigin: false }),
  );
  return {
    id,
    rawId: id,
    type: "public-key",
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(new Uint8Array(37)),
      signature: b64url(new Uint8Array(64)),
      attestationObject: b64url(new Uint8Array(40)),
    },
  };
}

Deno.test("passkeys - forged or unasked answers are refused and logged; a reset takes the passkeys away", async (t) => {
  const ctx = await testApp({ demoPassword: PASSWORD, env: { PUBLIC_URL: "https://im.example.org" } });
  try {
    const staff = await demoStaff(ctx);
    const credentialId = b64url(crypto.getRandomValues(new Uint8Array(16)));
    await ctx.sql`insert into staff_passkeys (id, user_id, public_key, counter)
      values (${credentialId}, ${staff.ids.operator}, ${new Uint8Array(77)}, 0)`;
    const signIn = await ctx.request("/api/v1/auth", {
      method: "POST",
      json: { email: "operator@example.com", password: PASSWORD },
    });
    assert.equal(signIn.status, 200);
    const { second_step, ticket } = await jsonOf(signIn);
    assert.equal(second_step, "code", "a passkey alone is a second factor");

    await t.step("options name the account's passkeys and a challenge kept for a few minutes", async () => {
      const res = await ctx.request("/api/v1/auth/passkey/options", { method: "POST", json: { ticket } });
      assert.equal(res.status, 200);
      const options = await jsonOf(res);
      assert.equal(options.rpId, "im.example.org");
      assert.deepEqual(options.allowCredentials.map((c: { id: string }) => c.id), [credentialId]);
      const [kept] = await ctx.sql<{ seconds: number }[]>`
        select extract(epoch from expires_at - now())::int as seconds from staff_webauthn_challenges
        where challenge = ${options.challenge}`;
      assert.ok(kept.seconds > PASSKEY_CHALLENGE_SECONDS - 30 && kept.seconds <= PASSKEY_CHALLENGE_SECONDS);

      const forged = await ctx.request("/api/v1/auth/passkey", {
        method: "POST",
        json: { ticket, response: forgedAnswer(credentialId, options.challenge, "webauthn.get") },
      });
      assert.equal(forged.status, 401);
      assert.equal((await jsonOf(forged)).code, "invalid_passkey");
      assert.equal(
        (await ctx.sql`select 1 from staff_webauthn_challenges where challenge = ${options.challenge}`)
          .length,
        0,
        "a challenge is taken by the first answer, right or wrong",
      );
    });

    await t.step("an answer to a challenge never handed out, or with another key, is refused", async () => {
      for (const id of [credentialId, "c29tZW9uZS1lbHNl"]) {
        const res = await ctx.request("/api/v1/auth/passkey", {
          method: "POST",
          json: { ticket, response: forgedAnswer(id, b64url(new Uint8Array(32)), "webauthn.get") },
        });
        assert.equal(res.status, 401);
        assert.equal((await jsonOf(res)).code, "invalid_passkey");
      }
      const failures = await ctx.sql`select 1 from audit_log where action = 'second_step_failed'
        and actor_id = ${staff.ids.operator}`;
      assert.equal(failures.length, 3, "each refusal is in the audit log");
    });

    await t.step("a registration that no authenticator made is refused", async () => {
      const token = await staff.token("manager");
      const options = await jsonOf(
        await ctx.request("/api/v1/two-factor/passkeys/options", { method: "POST", token, json: {} }),
      );
      assert.equal(options.rp.id, "im.example.org");
      const res = await ctx.request("/api/v1/two-factor/passkeys", {
        method: "POST",
        token,
        json: { response: forgedAnswer("bmV3LWtleQ", options.challenge, "webauthn.create") },
      });
      assert.equal(res.status, 422);
      assert.equal((await jsonOf(res)).code, "passkey_refused");
      const kept = await ctx.sql`select 1 from staff_passkeys where user_id = ${staff.ids.manager}`;
      assert.equal(kept.length, 0);
    });

    await t.step("an account holds at most PASSKEYS_MAX passkeys", async () => {
      for (let i = 1; i < PASSKEYS_MAX; i++) {
        await ctx
          .sql`insert into staff_passkeys (id, user_id, public_key) values (${`spare-${i}`}, ${staff.ids.operator}, ${new Uint8Array(
          77,
        )})`;
      }
      const operator = await staff.token("operator");
      const res = await ctx.request("/api/v1/two-factor/passkeys/options", {
        method: "POST",
        token: operator,
        json: {},
      });
      assert.equal(res.status, 409);
      assert.equal((await jsonOf(res)).code, "passkeys_full");
    });

    await t.step(
      "an administrator's reset removes the passkeys: the password alone signs in again",
      async () => {
        const res = await ctx.request(`/api/v1/users/${staff.ids.operator}/two-factor`, {
          method: "DELETE",
          token: await staff.token("manager"),
        });
        assert.ok(res.status < 300, `${res.status}`);
        await res.body?.cancel();
        const left = await ctx.sql`select 1 from staff_passkeys where user_id = ${staff.ids.operator}`;
        assert.equal(left.length, 0);
        const again = await jsonOf(
          await ctx.request("/api/v1/auth", {
            method: "POST",
            json: { email: "operator@example.com", password: PASSWORD },
          }),
        );
        assert.equal(again.second_step, undefined);
      },
    );
  } finally {
    await ctx.close();
  }
});

Deno.test("passkeys - the relying party is PUBLIC_URL's host and origin", () => {
  assert.deepEqual(relyingPartyOf("https://im.example.org/"), {
    id: "im.example.org",
    origin: "https://im.example.org",
  });
  assert.deepEqual(relyingPartyOf("http://localhost:8000"), {
    id: "localhost",
    origin: "http://localhost:8000",
  });
});

/** The modules an island's page loads (statically or on demand), as `deno info` lists them. */
async function modulesOf(island: string): Promise<string[]> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", `islands/${island}.tsx`],
    cwd: new URL("../../", import.meta.url),
    stdout: "piped",
    stderr: "null",
  }).output();
  const graph = JSON.parse(new TextDecoder().decode(out.stdout)) as { modules: { specifier: string }[] };
  return graph.modules.map((m) => m.specifier);
}

Deno.test("passkeys - the WebAuthn browser package is in no listener page's module graph", async () => {
  for (const island of ["SingleWidget", "ChannelWidget", "QuizPlay", "OverlayScreen"]) {
    const modules = await modulesOf(island);
    assert.ok(modules.some((m) => m.endsWith(`islands/${island}.tsx`)), `the graph of ${island} was read`);
    assert.deepEqual(modules.filter((m) => /simplewebauthn|passkey/.test(m)), [], island);
  }
  const staffPage = await modulesOf("LoginPanel");
  assert.ok(staffPage.some((m) => m.includes("@simplewebauthn/browser")), "the sign-in page reaches it");
});
