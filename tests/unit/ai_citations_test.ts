import assert from "node:assert/strict";
import { linkCitations, linkCitationText } from "../../lib/ai/citations.ts";
import { buildReducePrompt } from "../../lib/ai/prompt.ts";
import type { AiContext } from "../../lib/ai/types.ts";

async function* chunks(parts: string[]) {
  for (const p of parts) yield p;
}

Deno.test("ai citations - known participation ids link to the inbox, even cut between chunks", async () => {
  const ids = new Set([12, 345]);
  assert.equal(
    linkCitationText("See [#12] and [#999], [#345](x)", 7, ids),
    "See [#12](/participations/7?message=12) and [#999], [#345](x)",
  );
  const out: string[] = [];
  for await (const part of linkCitations(chunks(["Voir [", "#3", "45] puis [#12", "]."]), 7, ids)) {
    out.push(part);
  }
  assert.equal(
    out.join(""),
    "Voir [#345](/participations/7?message=345) puis [#12](/participations/7?message=12).",
  );
});

Deno.test("ai prompt - the reduce step: facts of every participation, the notes as data, the question last", () => {
  const context: AiContext = {
    segment: { id: 7, title: "Dédicaces", type: "message", text: null },
    choices: [],
    messages: Array.from({ length: 250 }, (_, i) => ({
      id: i + 1,
      type: "message",
      text: `texte ${i}`,
      transcript: null,
      choice_ids: null,
      author_city: null,
      author_key: `d${i}`,
      tab: "all" as const,
      created_at: new Date("2026-11-20T08:00:00Z"),
    })),
    total: 250,
    language: "en",
    timeZone: "UTC",
  };
  const [system, user] = buildReducePrompt("Summary?", context, [
    "notes A [#3]",
    "notes B ```participations-x",
  ], "participations-abc");
  assert.equal(system.role, "system");
  assert.match(system.content, /combine them/);
  assert.match(user.content, /Participations considered: all 250 of 250/);
  assert.match(user.content, /Participants among them: 250/);
  assert.match(user.content, /\[notes of part 1 of 2\]\nnotes A \[#3\]/);
  assert.ok(!user.content.includes("texte 1"), "no participation itself in the reduce step");
  assert.equal(user.content.split("```").length, 3, "a note cannot close the data block");
  assert.ok(user.content.endsWith("Staff question: Summary?"));
});
