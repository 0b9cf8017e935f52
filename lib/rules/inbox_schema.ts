// Request and response schemas of the inbox API (back-office §7), shared by routes and islands.
import { DRAW_MAX, DRAW_TABS } from "./draws.ts";
import { z } from "zod";
import { BULK_ACTIONS, INBOX_FILTERS, MESSAGE_ACTIONS } from "./inbox.ts";
import { DEFAULT_PAGE_SIZE } from "./constants.ts";
import { MEDIA_CHANNELS } from "./lines.ts";

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const flag = z.enum(["true", "false", "1", "0"]).optional().transform((v) => v === "true" || v === "1");
const idList = z.string().max(10_000).regex(/^\d+(,\d+)*$/).optional()
  .transform((v) => v ? v.split(",").map(Number) : undefined);

/** The filters of GET channel-interactions, also taken by the counts and the bulk actions. */
export const messageFiltersSchema = z.object({
  segment_id: id.optional(),
  channel_id: id.optional(),
  search_text: z.string().max(200).optional(),
  filter: z.enum(INBOX_FILTERS).default("all"),
  voice_only: flag,
  /** Only the participations that came through this medium (icon and filter of the inbox). */
  medium: z.enum(MEDIA_CHANNELS).optional(),
  choice_id: id.optional(),
  /** A selection of message ids, comma separated. */
  interactions_list: idList,
});

export const listQuerySchema = messageFiltersSchema.extend({
  per_page: z.coerce.number().int().min(1).max(200).default(DEFAULT_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** The tab counts in the same answer, so a search is asked once. */
  with_counts: flag,
});

export const countsQuerySchema = messageFiltersSchema.omit({ filter: true });

export const bulkQuerySchema = messageFiltersSchema.extend({
  action: z.enum(BULK_ACTIONS).default("archive_all_messages"),
});

export const actionBodySchema = z.object({ key: z.enum(MESSAGE_ACTIONS) });

export const commentBodySchema = z.object({
  id: id.optional(),
  comment: z.union([z.string().max(5000), z.null()]),
});

/** In/out points of a voice message's broadcast copy (ms); both null removes the trim. */
export const trimBodySchema = z.object({
  in_ms: z.union([z.number().int().min(0).max(86_400_000), z.null()]),
  out_ms: z.union([z.number().int().min(1).max(86_400_000), z.null()]),
}).strict();

export const readBodySchema = z.object({ ids: z.array(id).min(1).max(1000) });

/** PUT channel-interactions: the fields of one message an operator may set directly. */
export const messagePatchSchema = z.object({
  comment: z.union([z.string().max(5000), z.null()]).optional(),
  read: z.boolean().optional(),
  status: z.enum(["received", "archived", "trash"]).optional(),
}).strict();

/** Reply payload (back-office §3): content.text plus the message's identifiers. */
export const replyBodySchema = z.object({
  content: z.object({ text: z.string().trim().min(1).max(5000) }),
  interaction_id: id,
  show_id: z.union([z.string(), z.number(), z.null()]).optional(),
  channel_id: z.union([id, z.null()]).optional(),
  program_id: z.union([z.string(), z.number(), z.null()]).optional(),
  segment: z.union([id, z.object({ id }), z.null()]).optional(),
  author_id: z.union([id, z.null()]).optional(),
});
export type ReplyBody = z.output<typeof replyBodySchema>;

export const moderationBodySchema = z.object({
  ids: z.array(id).min(1).max(1000),
  decision: z.enum(["approve", "reject"]),
});

/** A winner draw: 1 to 50 winners among a tab, previous winners left out if asked. */
export const drawBodySchema = z.object({
  segment_id: id,
  count: z.number().int().min(1).max(DRAW_MAX).default(1),
  tab: z.enum(DRAW_TABS).default("all"),
  exclude_previous: z.boolean().default(true),
});

export const drawsQuerySchema = z.object({ segment_id: id });

/** A message as the API returns it (documented loosely: content is free-form). */
export const messageSchema = z.record(z.string(), z.unknown());
