// Interaction templates the creation wizard offers.
import type { Db } from "./client.ts";
import type { SegmentType, WEBVIEW_VERSIONS } from "../lib/rules/constants.ts";

/** A template segment (back-office §3). */
export interface TemplateRow {
  id: number;
  channel_id: number | null;
  category: string;
  type: SegmentType;
  description: string;
  under_description: string;
  customed: boolean;
  widget_model: string;
  default_gdpr_consent: boolean;
  default_image_right_consent: boolean;
  default_gather_information: boolean;
  default_webview_version: typeof WEBVIEW_VERSIONS[number];
  show_customisation_incentive_text: boolean;
  show_data_collection_multiple_choice: boolean;
  show_data_collection_video: boolean;
  show_data_collection_sound: boolean;
  position: number;
  created_at: Date;
}

const COLUMNS = `id, channel_id, category, type, description, under_description, customed, widget_model,
  default_gdpr_consent, default_image_right_consent, default_gather_information, default_webview_version,
  show_customisation_incentive_text, show_data_collection_multiple_choice, show_data_collection_video,
  show_data_collection_sound, position, created_at`;

/** The templates a channel may use (its own and the shared ones), optionally of one category, in order. */
export async function listTemplates(sql: Db, channelId: number, category?: string): Promise<TemplateRow[]> {
  return await sql<TemplateRow[]>`
    select ${sql.unsafe(COLUMNS)} from templates
    where (channel_id is null or channel_id = ${channelId}) ${
    category ? sql`and category = ${category}` : sql``
  }
    order by position, id`;
}

/** The template with that id, or null. */
export async function getTemplate(sql: Db, id: number): Promise<TemplateRow | null> {
  const [row] = await sql<TemplateRow[]>`select ${sql.unsafe(COLUMNS)} from templates where id = ${id}`;
  return row ?? null;
}

/** The template of a widget model, or null. */
export async function getTemplateByModel(sql: Db, model: string): Promise<TemplateRow | null> {
  const [row] = await sql<TemplateRow[]>`select ${
    sql.unsafe(COLUMNS)
  } from templates where widget_model = ${model}`;
  return row ?? null;
}
