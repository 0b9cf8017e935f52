// Segment use cases for the API and pages: who may read or change which segment (another channel's is
// a 404), creation from a template, the update rules of back-office §4/§5, status changes, background.
import type { Sql } from "postgres";
import {
  type Availability,
  availabilityOf,
  moveEnd,
  moveStart,
  normaliseAvailability,
  setFrom,
  setTo,
} from "../rules/availability.ts";
import { getChannel } from "../../db/channels.ts";
import type { Json } from "../../db/client.ts";
import { forgetMedia, storeUpload } from "../media/stored.ts";
import * as db from "../../db/segments.ts";
import { getTemplate, getTemplateByModel } from "../../db/templates.ts";
import { AppError } from "../rules/errors.ts";
import { COLLECTING_TYPES } from "../rules/constants.ts";
import {
  can,
  canAccessChannel,
  isSuperAdministrator,
  type Permission,
  requireAccess,
  type StaffUser,
} from "../rules/permissions.ts";
import type { SegmentUpdate } from "../rules/segment_schema.ts";
import {
  allowedTypes,
  collectsContact,
  gatherDisabled,
  normaliseInformation,
  segmentIssues,
  templateGameType,
  templateMediaType,
  toggleSegmentConsent,
} from "../rules/segments.ts";
import type { Storage } from "../media/storage.ts";
import { checkUpload } from "../media/upload.ts";
import { choiceLetter } from "../rules/votes.ts";

/** The channel the user works on: its own, or the one asked for by a super administrator. */
export function workingChannel(user: StaffUser, asked?: number | null): number {
  const id = isSuperAdministrator(user) ? asked ?? user.channel_id : user.channel_id;
  if (!id) throw new AppError(400, "channel_required");
  if (!canAccessChannel(user, id)) throw new AppError(404, "not_found");
  return id;
}

/** The segment if the user may see it; another channel's is a 404, never visible. */
export async function segmentFor(sql: Sql, user: StaffUser, id: number): Promise<db.SegmentRow> {
  const segment = await db.getSegment(sql, id);
  if (!segment || !canAccessChannel(user, segment.channel_id)) throw new AppError(404, "not_found");
  return segment;
}

/** The JSON of a segment: its columns plus from/to, availability, share URL and lettered choices. */
export function segmentView(
  row: db.SegmentRow,
  choices: db.ChoiceRow[],
  ctx: { now: Date; publicUrl: string },
) {
  return {
    ...row,
    from: row.from_mode,
    to: row.to_mode,
    availability: availabilityOf(row, ctx.now),
    interactionType: { label: row.type },
    shareUrl: `${ctx.publicUrl}/s/${row.uuid}`,
    choices: choices.map((c, i) => ({ ...c, letter: choiceLetter(i) })),
  };
}

/** PUT segmentNew: a draft from a template with its default_* flags; refused for a type the channel lacks. */
export async function createSegment(
  sql: Sql,
  user: StaffUser,
  input: { template_id?: number; widget_model?: string; channel_id?: number },
): Promise<number> {
  requireAccess(user, "create-interaction");
  const channelId = workingChannel(user, input.channel_id);
  const template = input.template_id !== undefined
    ? await getTemplate(sql, input.template_id)
    : await getTemplateByModel(sql, input.widget_model!);
  if (!template || (template.channel_id !== null && template.channel_id !== channelId)) {
    throw new AppError(404, "template_not_found");
  }
  const channel = await getChannel(sql, channelId);
  if (!channel) throw new AppError(404, "not_found");
  if (!(allowedTypes(channel) as string[]).includes(template.type)) {
    throw new AppError(422, "segment_type_not_allowed");
  }
  return await db.insertSegment(sql, {
    channel_id: channelId,
    template_id: template.id,
    type: template.type,
    title: "",
    status: "draft",
    is_gdpr_consent: template.default_gdpr_consent,
    is_image_right_consent: template.default_image_right_consent,
    gather_information: template.default_gather_information,
    webview_version: template.default_webview_version,
    customed: template.customed,
    media_type: templateMediaType(template.category),
    game_type: templateGameType(template),
    created_by: user.id,
  });
}

/**
 * The permission a status change needs (§6): archive, trash (and taking out of the trash: who may throw
 * away may restore), or editing for the others.
 */
function statusPermission(status: string, current: string): Permission {
  if (status === "archived") return "interaction-action-archived";
  if (status === "trash" || current === "trash") return "interaction-action-trash";
  return current === "draft" ? "create-interaction" : "interaction-action-edit";
}

/** PUT segment by id: writes the fields sent with every rule of §4/§5 applied on the server. */
export async function updateSegment(
  sql: Sql,
  user: StaffUser,
  id: number,
  patch: SegmentUpdate,
  now: Date,
): Promise<void> {
  const seg = await segmentFor(sql, user, id);
  // the JSON columns are written below, as parameters, once their rules are applied
  const {
    status,
    choices,
    from,
    to,
    start_date,
    end_date,
    customisation: _customisation,
    information_to_gather: _informationToGather,
    ...fields
  } = patch;
  const editsFields = Object.keys(patch).some((k) => k !== "status");
  if (
    editsFields &&
    !(can(user, "interaction-action-edit") || (seg.status === "draft" && can(user, "create-interaction")))
  ) {
    throw new AppError(403, "forbidden");
  }
  if (status !== undefined && status !== seg.status) {
    requireAccess(user, statusPermission(status, seg.status));
  }
  const cols: db.SegmentColumns = { ...fields };
  const type = patch.type ?? seg.type;
  if (patch.type && patch.type !== seg.type) {
    const channel = await getChannel(sql, seg.channel_id);
    if (!allowedTypes(channel ?? {}).includes(patch.type)) {
      throw new AppError(422, "segment_type_not_allowed", {}, { type: ["segment_type_not_allowed"] });
    }
  }

  // Data collection (§4): off clears every item; mandatory only where active; locked by with_connexion.
  const customisation = { ...seg.customisation, ...(patch.customisation ?? {}) };
  if (patch.gather_information !== undefined || patch.information_to_gather !== undefined) {
    // The segment's customisation overrides the channel's defaults (back-office §3 Customisation).
    const channel = await getChannel(sql, seg.channel_id);
    const effective = { ...(channel?.customisation as Record<string, unknown> ?? {}), ...customisation };
    if (gatherDisabled(effective) && patch.gather_information === true) {
      throw new AppError(422, "segment_gather_disabled", {}, {
        gather_information: ["segment_gather_disabled"],
      });
    }
    const gather = patch.gather_information ?? seg.gather_information;
    const info = patch.information_to_gather ?? seg.information_to_gather;
    cols.information_to_gather = sql.json(normaliseInformation(info, gather));
  }
  // Consents (§4): toggling one resets its checkbox option.
  let custom = customisation;
  for (const consent of ["is_gdpr_consent", "is_image_right_consent"] as const) {
    const on = patch[consent];
    if (on !== undefined && on !== seg[consent]) {
      custom = toggleSegmentConsent(consent, on, custom).customisation;
    }
  }
  if (patch.customisation !== undefined || custom !== customisation) {
    cols.customisation = sql.json(custom as Json);
  }

  // Availability (§4 date rules), applied in the order the panel would.
  const touchesDates = [from, to, start_date, end_date].some((v) => v !== undefined);
  const leavesDraft = status !== undefined && status !== "draft" && seg.status === "draft";
  if (touchesDates || leavesDraft) {
    let a: Availability = {
      from: seg.from_mode as Availability["from"],
      to: seg.to_mode as Availability["to"],
      start: seg.start_date,
      end: seg.end_date,
    };
    if (from) a = setFrom(a, from, now);
    if (to) a = setTo(a, to, now);
    if (start_date !== undefined) a = start_date ? moveStart(a, new Date(start_date)) : { ...a, start: null };
    if (end_date) a = moveEnd(a, new Date(end_date));
    else if (end_date === null) a = { ...a, to: "permanent", end: null };
    if (leavesDraft && !a.start) a = { ...a, start: now };
    a = normaliseAvailability(a, now);
    Object.assign(cols, { from_mode: a.from, to_mode: a.to, start_date: a.start, end_date: a.end });
  }

  // Choices (§5): at least 2 for a choice type once out of draft.
  const nextStatus = status ?? seg.status;
  const gameType = patch.game_type ?? seg.game_type;
  if (nextStatus !== "draft" && nextStatus !== "trash" && nextStatus !== "archived") {
    const labels = choices ?? (await db.listChoices(sql, id));
    const issues = segmentIssues({
      title: patch.title ?? seg.title,
      type,
      game_type: gameType,
      choices: labels,
    });
    if (Object.keys(issues).length > 0) {
      const code = issues.choices ?? issues.title;
      throw new AppError(422, code, {}, Object.fromEntries(Object.entries(issues).map(([k, v]) => [k, [v]])));
    }
  }
  // A registration, draw or quiz goes live only with a way to reach its participants (e-mail or phone),
  // and once live keeps one: its data collection changed on the edit page is checked the same way.
  const touchesCollection = patch.gather_information !== undefined ||
    patch.information_to_gather !== undefined;
  const checksContact = leavesDraft || (touchesCollection && seg.status !== "draft");
  if (
    checksContact && nextStatus !== "trash" && nextStatus !== "archived" && COLLECTING_TYPES.includes(type)
  ) {
    const gather = patch.gather_information ?? seg.gather_information;
    const info = patch.information_to_gather ?? seg.information_to_gather;
    if (!gather || !collectsContact(normaliseInformation(info, gather))) {
      throw new AppError(422, "segment_contact_required", {}, {
        information_to_gather: ["segment_contact_required"],
      });
    }
  }
  if (status !== undefined) cols.status = status;
  await sql.begin(async (tx) => {
    await db.updateSegment(tx, id, cols);
    if (choices) await db.replaceChoices(tx, id, choices);
  });
}

/** Duplicates a segment as a draft titled as given (interaction-action-duplicate); returns the new id. */
export async function duplicate(sql: Sql, user: StaffUser, id: number, title: (t: string) => string) {
  const seg = await segmentFor(sql, user, id);
  requireAccess(user, "interaction-action-duplicate");
  return await db.duplicateSegment(sql, id, user.id, title(seg.title).slice(0, 100));
}

/** Stores an uploaded background (png, jpg, mp4, webm; 10 MB; sniffed) and points the segment at it. */
export async function storeBackground(
  sql: Sql,
  storage: Storage,
  user: StaffUser,
  id: number,
  file: unknown,
) {
  const seg = await segmentFor(sql, user, id);
  requireAccess(user, "interaction-action-edit");
  const upload = await checkUpload(file, { video: true });
  const kind = upload.type.mime.startsWith("video/") ? "video" : "image";
  const url = await storeUpload(sql, storage, upload, {
    folder: `segments/${id}`,
    name: "background",
    channelId: seg.channel_id,
  });
  await db.updateSegment(sql, id, { background_url: url, background_kind: kind });
  await forgetMedia(sql, storage, seg.background_url);
  return url;
}

/** Removes the background of a segment. */
export async function deleteBackground(sql: Sql, storage: Storage, user: StaffUser, id: number) {
  const seg = await segmentFor(sql, user, id);
  requireAccess(user, "interaction-action-edit");
  await db.updateSegment(sql, id, { background_url: null, background_kind: null });
  await forgetMedia(sql, storage, seg.background_url);
}
