// Segment templates for the creation wizard (step 0): which a channel may use, and one by widget model.
import type { Sql } from "postgres";
import { getTemplateByModel, listTemplates, type TemplateRow } from "../../db/templates.ts";
import { AppError } from "../rules/errors.ts";
import { canAccessChannel, type StaffUser } from "../rules/permissions.ts";
import { allowedTypes } from "../rules/segments.ts";
import { channelFor } from "../channels/service.ts";

/** Templates a channel may use (another channel's is a 404), each flagged `allowed` by its interaction_available_* flags. */
export async function templatesFor(sql: Sql, user: StaffUser, channelId: number, category?: string) {
  const channel = await channelFor(sql, user, channelId);
  const types: string[] = allowedTypes(channel);
  const rows = await listTemplates(sql, channelId, category);
  return rows.map((t: TemplateRow) => ({ ...t, allowed: types.includes(t.type) }));
}

/** The template of a widget model: a shared one, or one of a channel the user may see; else a 404. */
export async function templateByModel(sql: Sql, user: StaffUser, model: string): Promise<TemplateRow> {
  const template = await getTemplateByModel(sql, model);
  if (!template || (template.channel_id !== null && !canAccessChannel(user, template.channel_id))) {
    throw new AppError(404, "not_found");
  }
  return template;
}
