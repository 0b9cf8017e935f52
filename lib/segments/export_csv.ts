// Export of a segment's participations (back-office §7 "GET segment export" → export.csv): UTF-8 with a
// BOM (so spreadsheets read accents), one row per participation, streamed batch by batch. A person opens it
// in a spreadsheet: headers and values in their language, dates in the channel's time, links that open.
// The raw format is for a tool that imports the file: machine keys, ISO 8601 dates in UTC, true/false and
// the stored states, split by ",", without the BOM.
import { stringify } from "csv-stringify/sync";
import { DATA_ITEMS } from "../rules/constants.ts";
import type { ExportRow } from "../../db/segments.ts";
import { CSV_SEPARATORS, csvDateTime, csvLink, csvNumber, type CsvSeparator } from "../rules/csv.ts";
import type { TFunction } from "../rules/i18n.ts";

export const EXPORT_BATCH = 5000;
const BOM = "\uFEFF";

/** The columns: participation, content, choices, author, extra information, consents, state, dates. */
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

/** How the file is written for the person who downloads it. */
export interface ExportFormat {
  separator: CsvSeparator;
  /** The downloader's translator: headers, yes/no, states and types in their language. */
  t: TFunction;
  /** The channel's time zone, for the dates. */
  timeZone: string;
  /** The platform's public address, before the media paths. */
  origin: string;
  /** For a tool, not a person: machine keys and values, ISO dates (see the file's comment). */
  raw?: boolean;
}

/** The header row in the downloader's language (`export_csv.columns.<column>`), or the keys for a tool. */
export const exportHeader = (t: TFunction, raw = false) =>
  raw ? [...EXPORT_HEADER] : EXPORT_HEADER.map((column) => t(`export_csv.columns.${column}`));

/** A text cell a spreadsheet would run as a formula gets a leading quote (CSV injection). */
const safe = (value: string | null | undefined) =>
  value == null ? "" : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** The cells of one participation, in the order of EXPORT_HEADER; `labels` maps choice ids to labels. */
export function exportCells(
  row: ExportRow,
  labels: Map<string, string>,
  format: ExportFormat,
): (string | number)[] {
  const { t, timeZone, raw } = format;
  const info = row.extra_user_information ?? {};
  const yes = (value: boolean | null) =>
    raw ? String(value === true) : t(value ? "export_csv.yes" : "export_csv.no");
  const word = (group: string, value: string) =>
    raw ? value : t(`export_csv.${group}.${value}`, { defaultValue: value });
  const date = (value: string | Date) =>
    raw ? new Date(value).toISOString() : csvDateTime(new Date(value), timeZone);
  return [
    row.id,
    date(row.created_at),
    raw ? row.type : t(`interactions.types.${row.type}`, { defaultValue: row.type }),
    safe(row.text),
    safe(row.transcript),
    safe(csvLink(row.recording_url, format.origin)),
    row.duration_ms == null
      ? ""
      : csvNumber(Math.round(row.duration_ms / 100) / 10, raw ? "," : CSV_SEPARATORS[format.separator]),
    safe((row.choice_ids ?? []).map((id) => labels.get(String(id)) ?? String(id)).join(" | ")),
    safe(row.nickname),
    safe(row.first_name),
    safe(row.last_name),
    safe(row.email),
    safe(row.phone),
    safe(row.author_name),
    safe(row.author_city),
    ...DATA_ITEMS.map((item) => safe(info[item] == null ? "" : String(info[item]))),
    yes(row.consent_gdpr),
    yes(row.consent_image_right),
    word("statuses", row.status),
    yes(row.liked),
    yes(row.winner),
    // not on air: an empty cell, so the column reads at a glance
    row.broadcast_status === "none" && !raw ? "" : word("broadcast", row.broadcast_status),
    date(row.updated_at),
    // counted, suspicious (past the per-address cap, not in the results) or excluded by staff
    row.choice_ids?.length ? word("votes", row.vote_integrity ?? "counted") : "",
  ];
}

/**
 * The CSV as a byte stream: each pull reads the next batch after the last id (keyset), so memory holds
 * one batch whatever the number of participations.
 */
export function exportStream(
  nextBatch: (afterId: number, limit: number) => Promise<ExportRow[]>,
  choices: { id: number; label: string }[],
  format: ExportFormat,
  batch = EXPORT_BATCH,
): ReadableStream<Uint8Array> {
  const options = { record_delimiter: "\r\n", delimiter: CSV_SEPARATORS[format.separator] };
  const encoder = new TextEncoder();
  let lastId = 0;
  let started = false;
  const labels = new Map(choices.map((c) => [String(c.id), c.label]));
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        const header = stringify([exportHeader(format.t, format.raw)], options);
        controller.enqueue(encoder.encode(format.raw ? header : BOM + header));
        return;
      }
      const rows = await nextBatch(lastId, batch);
      if (rows.length === 0) return controller.close();
      lastId = rows[rows.length - 1].id;
      controller.enqueue(
        encoder.encode(stringify(rows.map((row) => exportCells(row, labels, format)), options)),
      );
      if (rows.length < batch) controller.close();
    },
  }, { highWaterMark: 1 });
}
