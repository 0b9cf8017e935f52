import assert from "node:assert/strict";
import { authorLine, type InboxMessage } from "../../components/participations/format.ts";

const message = (medium: string, author: InboxMessage["author"]) => ({ medium, author }) as InboxMessage;

Deno.test("authorLine - a phone line's listener without a profile name is Listener with their city", () => {
  assert.equal(
    authorLine(message("sms", { city: "Springfield" }), "Anonymous", "Listener"),
    "Listener · Springfield",
  );
  assert.equal(authorLine(message("voice", {}), "Anonymous", "Listener"), "Listener");
  assert.equal(authorLine(message("whatsapp", { name: "Amélie" }), "Anonymous", "Listener"), "Amélie");
});

Deno.test("authorLine - a widget participation without a name stays Anonymous", () => {
  assert.equal(authorLine(message("widget", {}), "Anonymous", "Listener"), "Anonymous");
  assert.equal(authorLine(message("widget", { city: "Lyon" }), "Anonymous", "Listener"), "Lyon");
  assert.equal(authorLine({ author: { name: "Zoé" } } as InboxMessage, "Anonymous"), "Zoé");
});
