import type { Sql } from "postgres";

/** A template segment (back-office §3). */
export interface TemplateRow {
  id: number;
  channel_id: number | null;
  category: string;
  type: string;
  description: string;
  under_description: string;
  customed: boolean;
  widget_model: string;
  default_gdpr_consent: boolean;
  default_image_right_consent: boolean;
  default_gather_information: boolean;
  default_webview_version: string;
  show_customisation_incentive_text: boolean;
  show_data_collection_multiple_choice: boolean;
  show_data_collection_video: boolean;
  show_data_collection_sound: boolean;
  position: number;
}

/** The templates a channel may use (its own and the shared ones), optionally of one category, in order. */
export async function listTemplates(sql: Sql, channelId: number, category?: string): Promise<TemplateRow[]> {
  return await sql<TemplateRow[]>`
    select * from templates
    where (channel_id is null or channel_id = ${channelId}) ${
    category ? sql`and category = ${category}` : sql``
  }
    order by position, id`;
}

/** The template with that id, or null. */
export async function getTemplate(sql: Sql, id: number): Promise<TemplateRow | null> {
  const [row] = await sql<TemplateRow[]>`select * from templates where id = ${id}`;
  return row ?? null;
}

/** The template of a widget model, or null. */
export async function getTemplateByModel(sql: Sql, model: string): Promise<TemplateRow | null> {
  const [row] = await sql<TemplateRow[]>`select * from templates where widget_model = ${model}`;
  return row ?? null;
}
