import assert from "node:assert/strict";
import {
  AUDIT_ACTIONS,
  auditDetails,
  bulkAuditAction,
  messageAuditAction,
  segmentStatusAudit,
} from "../../lib/rules/audit.ts";
import { segmentAuditActions } from "../../lib/rules/audit_segments.ts";

Deno.test("audit rules - message actions asked about are recorded, the inbox's daily sorting is not", () => {
  assert.equal(messageAuditAction("broadcast"), "message_broadcast");
  assert.equal(messageAuditAction("quote"), "message_quoted");
  assert.equal(messageAuditAction("trash"), "message_trashed");
  assert.equal(messageAuditAction("restore"), "message_restored");
  for (const key of ["like", "unlike", "read", "unread", "archive", "winner"]) {
    assert.equal(messageAuditAction(key), null, key);
  }
  assert.equal(bulkAuditAction("trash_all_messages"), "messages_trashed");
  assert.equal(bulkAuditAction("restore_all_messages"), "messages_restored");
  assert.equal(bulkAuditAction("read_all_messages"), null);
  assert.equal(bulkAuditAction("archive_all_messages"), null);
});

Deno.test("audit rules - an interaction's status change names published, archived, trashed or restored", () => {
  assert.deepEqual(segmentStatusAudit("draft", "published"), ["interaction_published"]);
  assert.deepEqual(segmentStatusAudit("ready", "published"), ["interaction_published"]);
  assert.deepEqual(segmentStatusAudit("published", "archived"), ["interaction_archived"]);
  assert.deepEqual(segmentStatusAudit("published", "trash"), ["interaction_trashed"]);
  assert.deepEqual(segmentStatusAudit("archived", "published"), ["interaction_restored"]);
  assert.deepEqual(segmentStatusAudit("trash", "draft"), ["interaction_restored"]);
  assert.deepEqual(segmentStatusAudit("draft", "ready"), []);
  assert.deepEqual(segmentStatusAudit("published", "published"), []);
});

Deno.test("audit rules - results revealed and voting closed are read from the same transitions as webhooks", () => {
  const now = new Date("2026-05-01T10:00:00Z");
  const open = { status: "published", show_results: false, hide_results_until_end: false, end_date: null };
  assert.deepEqual(segmentAuditActions(open, { ...open, show_results: true }, now), ["results_revealed"]);
  assert.deepEqual(segmentAuditActions(open, { ...open, end_date: now }, now), ["interaction_closed"]);
  assert.deepEqual(segmentAuditActions(open, { ...open, status: "trash" }, now), ["interaction_trashed"]);
  assert.deepEqual(segmentAuditActions(open, open, now), []);
});

Deno.test("audit rules - counts and methods are kept in details, anything a listener typed is dropped", () => {
  assert.deepEqual(auditDetails({ count: 3, method: "draw", nickname: "lou", text: "Bonjour" }), {
    count: 3,
    method: "draw",
  });
});

Deno.test("audit rules - every recorded action has a label in the five languages", async () => {
  for (const lang of ["en", "fr", "pt", "es", "pl"]) {
    const texts = JSON.parse(await Deno.readTextFile(new URL(`../../locales/${lang}.json`, import.meta.url)));
    for (const action of AUDIT_ACTIONS) {
      assert.equal(typeof texts.audit.actions[action], "string", `${lang} audit.actions.${action}`);
      assert.ok(texts.audit.actions[action].length > 0);
    }
  }
});
