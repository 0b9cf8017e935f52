// The wizard's template names and descriptions in each of the five languages.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { SESSION_COOKIE } from "../../lib/platform/auth.ts";

const POLL: Record<string, [string, string]> = {
  en: ["Poll", "One question, one answer"],
  fr: ["Sondage", "Une question, une seule réponse"],
  pt: ["Sondagem", "Uma pergunta, uma só resposta"],
  es: ["Encuesta", "Una pregunta, una sola respuesta"],
  pl: ["Ankieta", "Jedno pytanie, jedna odpowiedź"],
};

Deno.test("wizard templates - names and descriptions in the user's language", async () => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { token } = await demoStaff(ctx);
    const cookie = `${SESSION_COOKIE}=${await token("manager")}`;
    for (const [language, [name, description]] of Object.entries(POLL)) {
      await ctx.sql`update users set language = ${language} where login = 'manager'`;
      const res = await ctx.request("/interactions/create", { headers: { cookie } });
      assert.equal(res.status, 200);
      const html = await res.text();
      assert.ok(html.includes(`<strong>${name}</strong>`), `${language}: ${name}`);
      assert.ok(html.includes(description), `${language}: ${description}`);
      if (language !== "fr") assert.ok(!html.includes("Une question, une seule réponse"), language);
    }
  } finally {
    await ctx.close();
  }
});
