import type { Sql } from "postgres";

/** A choice of a segment (position 0 is A). */
export interface ChoiceRow {
  id: number;
  position: number;
  label: string;
}

/** A segment row with every column, as stored. */
export type SegmentRow = Record<string, unknown> & {
  id: number;
  uuid: string;
  channel_id: number;
  type: string;
  title: string;
  status: string;
  start_date: Date | null;
  end_date: Date | null;
};

/** The segment with that id, or null. */
export async function getSegment(sql: Sql, id: number): Promise<SegmentRow | null> {
  const [row] = await sql<SegmentRow[]>`select * from segments where id = ${id}`;
  return row ?? null;
}

/** The choices of a segment in their order. */
export async function listChoices(sql: Sql, segmentId: number): Promise<ChoiceRow[]> {
  return await sql<ChoiceRow[]>`
    select id, position, label from segment_choices where segment_id = ${segmentId} order by position`;
}
