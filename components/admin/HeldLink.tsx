import { useT } from "../../framework/island.tsx";

/** The link to a channel's held messages, with how many wait for staff (none shown when none waits). */
export function HeldLink(props: { channelId: number; waiting: number }) {
  const { t } = useT();
  return (
    <a class="btn btn-secondary btn-sm held-link" href={`/channels/${props.channelId}/held-messages`}>
      {t("lines.held_open")}
      {props.waiting > 0 && (
        <span class="held-count" data-testid="held-waiting">
          <span aria-hidden="true">{props.waiting > 99 ? "99+" : props.waiting}</span>
          <span class="sr-only">{` (${t("lines.held_waiting", { count: props.waiting })})`}</span>
        </span>
      )}
    </a>
  );
}
