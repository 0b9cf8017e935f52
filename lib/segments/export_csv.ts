// Export of a segment's participations (back-office §7 "GET segment export" → export.csv): UTF-8 with a
// BOM (so spreadsheets read accents), one row per participation, streamed batch by batch.
import { stringify } from "csv-stringify/sync";
import { DATA_ITEMS } from "../rules/constants.ts";
import type { ExportRow } from "../../db/segments.ts";
import { CSV_SEPARATORS, csvNumber, type CsvSeparator } from "../rules/csv.ts";

export const EXPORT_BATCH = 5000;
const BOM = "\uFEFF";

/** The header row: participation, content, choices, author, extra information, consents, state, dates. */
export const EXPORT_HEADER = [
  "id",
  "created_at",
  "type",
  "text",
  "transcript",
  "recording_url",
  "duration_seconds",
  "choices",
  "nickname",
  "first_name",
  "last_name",
  "email",
  "phone",
  "author_name",
  "author_city",
  ...DATA_ITEMS.map((item) => `info_${item}`),
  "consent_gdpr",
  "consent_image_right",
  "status",
  "liked",
  "winner",
  "broadcast_status",
  "updated_at",
  "vote",
];

/** A text cell a spreadsheet would run as a formula gets a leading quote (CSV injection). */
const safe = (value: string | null | undefined) =>
  value == null ? "" : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** The cells of one participation, in the order of EXPORT_HEADER; `labels` maps choice ids to labels. */
export function exportCells(
  row: ExportRow,
  labels: Map<string, string>,
  separator: CsvSeparator = "comma",
): (string | number)[] {
  const info = row.extra_user_information ?? {};
  return [
    row.id,
    new Date(row.created_at).toISOString(),
    row.type,
    safe(row.text),
    safe(row.transcript),
    safe(row.recording_url),
    row.duration_ms == null
      ? ""
      : csvNumber(Math.round(row.duration_ms / 100) / 10, CSV_SEPARATORS[separator]),
    safe((row.choice_ids ?? []).map((id) => labels.get(String(id)) ?? String(id)).join(" | ")),
    safe(row.nickname),
    safe(row.first_name),
    safe(row.last_name),
    safe(row.email),
    safe(row.phone),
    safe(row.author_name),
    safe(row.author_city),
    ...DATA_ITEMS.map((item) => safe(info[item] == null ? "" : String(info[item]))),
    row.consent_gdpr ? "yes" : "no",
    row.consent_image_right ? "yes" : "no",
    row.status,
    row.liked ? "yes" : "no",
    row.winner ? "yes" : "no",
    row.broadcast_status,
    new Date(row.updated_at).toISOString(),
    // counted, suspicious (past the per-address cap, not in the results) or excluded by staff
    row.choice_ids?.length ? row.vote_integrity ?? "counted" : "",
  ];
}

/**
 * The CSV as a byte stream: each pull reads the next batch after the last id (keyset), so memory holds
 * one batch whatever the number of participations.
 */
export function exportStream(
  nextBatch: (afterId: number, limit: number) => Promise<ExportRow[]>,
  choices: { id: number; label: string }[],
  batch = EXPORT_BATCH,
  separator: CsvSeparator = "comma",
): ReadableStream<Uint8Array> {
  const options = { record_delimiter: "\r\n", delimiter: CSV_SEPARATORS[separator] };
  const encoder = new TextEncoder();
  let lastId = 0;
  let started = false;
  const labels = new Map(choices.map((c) => [String(c.id), c.label]));
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + stringify([EXPORT_HEADER], options)));
        return;
      }
      const rows = await nextBatch(lastId, batch);
      if (rows.length === 0) return controller.close();
      lastId = rows[rows.length - 1].id;
      controller.enqueue(
        encoder.encode(stringify(rows.map((row) => exportCells(row, labels, separator)), options)),
      );
      if (rows.length < batch) controller.close();
    },
  }, { highWaterMark: 1 });
}
