import { useT } from "../../framework/island.tsx";

interface Row {
  id: number;
  label: string;
  type: string;
  status: string;
  logo_url: string | null;
  parent_id: number | null;
  interactions: number;
  messages: number;
  /** Self-registered and not approved yet: under quotas (lib/channels/quota.ts). */
  awaiting_approval?: boolean;
}

/** The channel list (Medias): id, label and counts, each row opening the channel. */
export function ChannelTable({ rows }: { rows: Row[] }) {
  const { t, lang } = useT();
  const fmt = (n: number) => n.toLocaleString(lang === "technical" ? "en" : lang);
  const labelOf = new Map(rows.map((r) => [r.id, r.label]));
  if (rows.length === 0) return <p class="notice notice-info">{t("common.no_results")}</p>;
  return (
    <div class="table-wrap">
      <table class="table channel-table">
        <caption class="sr-only">{t("channels.list_title")}</caption>
        <thead>
          <tr>
            <th scope="col" class="hide-sm">{t("channels.col_id")}</th>
            <th scope="col">{t("channels.col_media")}</th>
            <th scope="col" class="hide-sm">{t("channels.type")}</th>
            <th scope="col">{t("channels.status")}</th>
            <th scope="col" class="num">{t("channels.col_interactions")}</th>
            <th scope="col" class="num hide-sm">{t("channels.col_messages")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td class="muted hide-sm">{r.id}</td>
              <td>
                <a class="channel-cell" href={`/channels/${r.id}`}>
                  <span class="channel-logo" aria-hidden="true">
                    {r.logo_url ? <img src={r.logo_url} alt="" /> : r.label.slice(0, 1).toUpperCase()}
                  </span>
                  <span>
                    <strong>{r.label}</strong>
                    {r.parent_id && (
                      <small class="muted channel-parent">
                        {t("channels.parent_of", { label: labelOf.get(r.parent_id) ?? r.parent_id })}
                      </small>
                    )}
                  </span>
                </a>
              </td>
              <td class="hide-sm">{t(`channels.types.${r.type}`)}</td>
              <td>
                <span class={`badge status-${r.status}`}>{t(`channels.statuses.${r.status}`)}</span>
                {r.awaiting_approval && (
                  <form method="post" action={`/channels/${r.id}/approve`} class="channel-approve">
                    <small class="muted">{t("channels.awaiting_approval")}</small>
                    <button type="submit" class="btn btn-sm">{t("channels.approve")}</button>
                  </form>
                )}
              </td>
              <td class="num">{fmt(r.interactions)}</td>
              <td class="num hide-sm">{fmt(r.messages)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
