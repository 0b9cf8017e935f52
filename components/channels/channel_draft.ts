// The channel form's draft (islands/ChannelForm.tsx): made from a channel or a new one's defaults, and
// turned back into the fields the API takes (spec §4 save order, §5 background).
import { type ChannelView, newChannelDefaults } from "../../lib/rules/channels.ts";
import type { ChannelFields } from "../../lib/rules/channel_schema.ts";
import type { ImageChoice } from "./ImageFields.tsx";
import type { Draft } from "./ChannelFormSections.tsx";

/** The form's draft of a channel (a new one's defaults); passwords and keys are never shown back. */
export function draftOf(channel: ChannelView | null): Draft {
  const base = { ...newChannelDefaults(), ftp_password: "", ftp_password_clear: false, sftp_private_key: "" };
  if (!channel) return base;
  const picked = Object.fromEntries(
    Object.keys(base).map((k) => [k, channel[k as keyof ChannelView]]),
  );
  return { ...base, ...picked, ftp_password: "", ftp_password_clear: false, sftp_private_key: "" } as Draft;
}
/** The channel's logo as the form shows it. */
export const logoOf = (c: ChannelView | null): ImageChoice => ({ url: c?.logo_url ?? null });
/** Its uploaded background (none when a stock background is chosen). */
export const uploadOf = (c: ChannelView | null): ImageChoice => ({
  url: c && c.background === null ? c.background_url : null,
});

/**
 * The fields a save sends: numbers as numbers, a password or key only when one is typed (or the password
 * cleared), the parent channel only for a super administrator.
 */
export function channelBody(form: Draft, isSuperAdmin: boolean): ChannelFields {
  const { ftp_password, ftp_password_clear, sftp_private_key, background, parent_id, ...rest } = form;
  const out: ChannelFields = {
    ...rest,
    ftp_port: Number(rest.ftp_port),
    segment_customisation: {
      character_text_zone_length: Number(rest.segment_customisation.character_text_zone_length),
    },
  };
  if (typeof background === "string") out.background = background; // spec §5: only if a string
  if (isSuperAdmin) out.parent_id = parent_id;
  if (ftp_password) out.ftp_password = ftp_password;
  else if (ftp_password_clear) out.ftp_password = null;
  if (sftp_private_key.trim()) out.sftp_private_key = sftp_private_key.trim() + "\n";
  return out;
}
