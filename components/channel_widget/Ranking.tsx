/// <reference lib="dom" />
// Ranking (visitor-widget §2 Ranking), avatars and level badges of my space.
import { useEffect, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { visitorApi } from "../../islands/browser/http.ts";

interface RankingRow {
  rank: number;
  name: string | null;
  avatar_url: string | null;
  points: number;
  level: string;
  is_me: boolean;
}

/** An avatar, or the default person icon. */
export function Avatar({ url, big }: { url: string | null | undefined; big?: boolean }) {
  return (
    <span class={`cw-user-avatar${big ? " is-big" : ""}`} aria-hidden="true">
      {url ? <img src={url} alt="" /> : (
        <svg viewBox="0 0 24 24">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6z" fill="currentColor" />
        </svg>
      )}
    </span>
  );
}

const LEVEL_ICONS: Record<string, string> = {
  BEGINNER: "☆",
  AMATEUR: "★",
  REGULAR: "✦",
  CONFIRMED: "✪",
  PRO: "♛",
  EXPERT: "◆",
  HERO: "♚",
};

/** A level's badge: its icon and its name. */
export function LevelBadge({ level, iconOnly }: { level: string; iconOnly?: boolean }) {
  const { t } = useT();
  const name = t(`channel_widget.levels.${level}`);
  return (
    <span class={`cw-level cw-level-${level.toLowerCase()}`} title={name}>
      <span class="cw-level-icon" aria-hidden="true">{LEVEL_ICONS[level] ?? "☆"}</span>
      {iconOnly ? <span class="sr-only">{name}</span> : <span>{name}</span>}
    </span>
  );
}

export function RankingScreen({ channelId }: { channelId: number; userId: number }) {
  const { t } = useT();
  const [rows, setRows] = useState<RankingRow[] | null>(null);
  useEffect(() => {
    visitorApi<RankingRow[]>("GET", `/api/v1/ranking?channel_id=${channelId}`)
      .then((res) => setRows(res.ok ? res.data : []));
  }, []);
  if (!rows) return <p class="cw-loading" aria-busy="true">…</p>;
  return (
    <ol class="cw-ranking">
      {rows.map((r) => (
        <li
          key={`${r.rank}-${r.name}-${r.is_me}`}
          class={r.is_me ? "is-me" : undefined}
          aria-current={r.is_me ? "true" : undefined}
        >
          <span class="cw-rank">{r.rank}</span>
          <Avatar url={r.avatar_url} />
          <span class="cw-rank-who">
            <span class="cw-rank-name">{r.name || t("channel_widget.space.pseudo")}</span>
            <span class="cw-rank-score">
              <span class="cw-rank-points">{t("channel_widget.space.points", { count: r.points })}</span>
              <LevelBadge level={r.level} iconOnly />
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
