// Attack script: POST register must not tell whether an e-mail has a staff account. The
// owner of a known address is told, by mail in their language, that someone tried.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";

Deno.test("register enumeration - a known and a new e-mail get the same status and body", async () => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const register = async (email: string, login: string) => {
      const res = await ctx.request("/api/v1/register", {
        method: "POST",
        headers: { "accept-language": "en" },
        json: {
          login,
          email,
          phone: "+33612345678",
          password: "Secret-123",
          first_name: "Eve",
          last_name: "Probe",
          language: "en",
        },
      });
      return { status: res.status, body: await res.json() };
    };
    const known = await register("operator@example.com", "probe1");
    const fresh = await register("nobody@example.org", "probe2");
    assert.equal(known.status, 201);
    assert.equal(fresh.status, 201);
    // the message names the typed address; with it replaced, the answers are identical
    const shape = (r: typeof known, email: string) => ({
      ...r.body,
      message: r.body.message.replace(email, "*"),
    });
    assert.deepEqual(shape(known, "operator@example.com"), shape(fresh, "nobody@example.org"));
    assert.deepEqual(Object.keys(known.body), ["message"]);

    // nothing was created for the known address; its owner got a mail in their language (French)
    const [{ n }] = await ctx.sql`select count(*)::int as n from users where login = 'probe1'`;
    assert.equal(n, 0);
    const mails = await ctx.sql<{ subject: string; text_body: string }[]>`
      select subject, text_body from outbox where to_address = 'operator@example.com'`;
    assert.equal(mails.length, 1);
    assert.equal(mails[0].subject, "Quelqu'un a essayé de s'inscrire avec votre adresse e-mail");
    assert.match(mails[0].text_body, /\/forgot-password/);
    assert.doesNotMatch(mails[0].text_body, /probe1|Eve/, "nothing the stranger typed is echoed");
    // the new address got its confirmation link
    const [confirm] = await ctx.sql<{ subject: string }[]>`
      select subject from outbox where to_address = 'nobody@example.org'`;
    assert.equal(confirm.subject, "Confirm your Interaction Manager account");
  } finally {
    await ctx.close();
  }
});
