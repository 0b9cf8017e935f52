import assert from "node:assert/strict";
import { templateText, whatsappTemplateMessage } from "../../lib/rules/line_replies.ts";
import { lineInputSchema } from "../../lib/rules/lines.ts";

Deno.test("whatsapp template message - the Graph API's template shape, the text in its one body variable", () => {
  assert.deepEqual(
    whatsappTemplateMessage("+33612345678", { name: "studio_reply", language: "pt_BR" }, "Olá"),
    {
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "33612345678",
      type: "template",
      template: {
        name: "studio_reply",
        language: { code: "pt_BR" },
        components: [{ type: "body", parameters: [{ type: "text", text: "Olá" }] }],
      },
    },
  );
});

Deno.test("whatsapp template text - no line break, tab nor run of more than four spaces (Meta refuses them)", () => {
  assert.equal(templateText(" Merci\r\npour\tvotre      message "), "Merci pour votre    message");
});

Deno.test("line input - a template's name and language as Meta writes them, or none", async (t) => {
  const base = { kind: "whatsapp", segment_id: null };
  for (
    const template of [{ name: "studio_reply", language: "fr" }, { name: "a1_b", language: "en_US" }, null]
  ) {
    await t.step(`accepted: ${JSON.stringify(template)}`, () => {
      assert.ok(lineInputSchema.safeParse({ ...base, template }).success);
    });
  }
  for (
    const template of [
      { name: "Studio Reply", language: "fr" },
      { name: "studio_reply", language: "french" },
      { name: "studio_reply", language: "en-us" },
      { name: "", language: "fr" },
    ]
  ) {
    await t.step(`refused: ${JSON.stringify(template)}`, () => {
      assert.equal(lineInputSchema.safeParse({ ...base, template }).success, false);
    });
  }
});
