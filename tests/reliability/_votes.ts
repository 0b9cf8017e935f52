// Shared by the reliability tests: a vote to load, and voters that remember what was acknowledged.
import type { Sql } from "postgres";
import { testDevice } from "../api/_participation.ts";

/** The secret startServer() gives the instances (tests/_server.ts). */
export const SERVER_SECRET = "shared-secret-of-the-test-instances-0123456789";

/**
 * A published, permanent 4-choice vote with one vote per device, on the first demo channel; its voters all
 * come from this machine's address, so the per-address cap is that of an event on a shared network.
 */
export async function newVote(sql: Sql): Promise<{ segment: number; channel: number; choices: number[] }> {
  const [channel] = await sql<{ id: number }[]>`select id::int from channels order by id limit 1`;
  const [segment] = await sql<{ id: number }[]>`
    insert into segments (channel_id, type, title, status, start_date, from_mode, to_mode, limit_1_vote,
      gather_information, vote_cap_per_address)
    values (${channel.id}, 'single_choice_question', 'Reliability vote', 'published',
      now() - interval '1 hour', 'now', 'permanent', true, false, 100000)
    returning id::int`;
  const choices = await sql<{ id: number }[]>`
    insert into segment_choices (segment_id, position, label)
    select ${segment.id}, p, 'Choice ' || p from generate_series(0, 3) p returning id::int`;
  return { segment: segment.id, channel: channel.id, choices: choices.map((c) => c.id) };
}

/**
 * `voters` loops posting votes of new devices to `baseUrl()` until `until()` says stop; returns the
 * devices whose vote was acknowledged (200 with a task id). Network errors count as not acknowledged.
 */
export async function vote(
  baseUrl: () => string,
  v: { segment: number; channel: number; choices: number[] },
  voters: number,
  until: () => boolean,
): Promise<{ acked: Set<string>; failed: number }> {
  const acked = new Set<string>();
  let failed = 0;
  await Promise.all(Array.from({ length: voters }, async (_, k) => {
    let n = 0;
    while (!until()) {
      const device = testDevice(`rel-${k}-${n++}-${crypto.randomUUID()}`, SERVER_SECRET);
      try {
        const res = await fetch(`${baseUrl()}/api/v1/interactions`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            channel_id: v.channel,
            segment: v.segment,
            device_id: device,
            content: { choice_ids: [v.choices[n % 4]] },
          }),
        });
        const body = await res.json().catch(() => null);
        if (res.status === 200 && body?.task_id !== undefined) acked.add(device);
        else failed++;
      } catch {
        failed++;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }));
  return { acked, failed };
}
