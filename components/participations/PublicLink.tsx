import { useT } from "../../framework/island.tsx";
import { isPubliclyReadable } from "../../lib/rules/public_message.ts";
import { sharedMessageUrl } from "../../lib/rules/share_link.ts";
import type { InboxMessage } from "./format.ts";

/**
 * Whether the public can read the message (shared by its author or broadcast by staff) and,
 * when it can, its public link (the channel widget with its share token, never its id).
 */
export function PublicLink({ m }: { m: InboxMessage }) {
  const { t } = useT();
  if (!isPubliclyReadable(m)) {
    return <p class="muted inbox-privacy">{t("message_privacy.private")}</p>;
  }
  const href = sharedMessageUrl(`/widgets/channel/${m.channel_id}/`, m.share_token);
  return (
    <p class="inbox-privacy">
      <strong>{t("message_privacy.public_link")}</strong>{" "}
      <a href={href} target="_blank" rel="noopener">{t("message_privacy.open")}</a>
      <br />
      <span class="muted">{t("message_privacy.public_hint")}</span>
    </p>
  );
}
