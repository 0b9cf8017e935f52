// Group commit of participations (votes near the database's limit): the participations of the
// widget that arrive within a few milliseconds are stored by one statement (db insertParticipations), and
// each request is answered once its own row is committed, with its own outcome. One batcher per database
// client: every instance batches its own requests; the database's constraints keep them exact together.
import type { Sql } from "postgres";
import {
  type InsertOutcome,
  insertParticipation,
  insertParticipations,
  type NewMessage,
} from "../../db/participations.ts";
import { GroupCommit } from "../platform/group_commit.ts";
import { VOTE_BATCH_DELAY_MS, VOTE_BATCH_MAX, VOTE_BATCHES_IN_FLIGHT } from "../rules/constants.ts";

const commits = new WeakMap<Sql, GroupCommit<NewMessage, InsertOutcome>>();

/** The group commit of a database client (created on first use). */
export function groupCommitOf(sql: Sql): GroupCommit<NewMessage, InsertOutcome> {
  let commit = commits.get(sql);
  if (!commit) {
    commit = new GroupCommit<NewMessage, InsertOutcome>({
      flush: (batch) => insertParticipations(sql, batch),
      // alone, a device's second limited message is answered null by its unique index, as without batches
      single: (message) => insertParticipation(sql, message),
      // two messages of one device in one statement would both look like its first
      key: (m) => m.deviceId === null ? null : `${m.segmentId}:${m.deviceId}`,
      maxSize: VOTE_BATCH_MAX,
      delayMs: VOTE_BATCH_DELAY_MS,
      maxInFlight: VOTE_BATCHES_IN_FLIGHT,
    });
    commits.set(sql, commit);
  }
  return commit;
}

/**
 * Stores a participation without an app user or media through the group commit: resolves once the
 * batch holding it is committed, with what insertParticipation would answer for it alone.
 */
export function storeInGroup(sql: Sql, message: NewMessage): Promise<InsertOutcome> {
  return groupCommitOf(sql).add(message);
}
