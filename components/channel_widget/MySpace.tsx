/// <reference lib="dom" />
// My space (visitor-widget §2 My space, Levels, Ranking; §6): loaded on first use.
import { useEffect, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { LEVELS } from "../../lib/rules/constants.ts";
import { levelOf } from "../../lib/rules/levels.ts";
import { groupByDay } from "../../lib/rules/channel_widget.ts";
import { setVisitorSession, visitorApi, type VisitorSession } from "../../islands/browser/http.ts";
import { DataRights } from "./DataRights.tsx";
import { PhoneLink } from "./PhoneLink.tsx";
import { MessageItem, type SpaceMessage } from "./MessageItem.tsx";
import { ProfileEdit } from "./ProfileEdit.tsx";
import { Avatar, LevelBadge, RankingScreen } from "./Ranking.tsx";
import type { WidgetChannel } from "./types.ts";

type Screen = "mySpace" | "profileEdit" | "levels" | "ranking";
export interface SpaceProps {
  channel: WidgetChannel;
  user: VisitorSession | null;
  screen: Screen;
  onScreen: (s: Screen) => void;
  onClose: () => void;
  onUser: (u: VisitorSession | null) => void;
  onLogin: () => void;
}

export function Space(props: SpaceProps) {
  const { t } = useT();
  const { user, channel } = props;
  const back = props.screen === "mySpace" ? props.onClose : () => props.onScreen("mySpace");
  const title = t(`channel_widget.space.title_${props.screen}`);
  return (
    <section class={`cw-space cw-space-${props.screen}`}>
      <header class="cw-bar">
        <button type="button" class="cw-back" onClick={back} aria-label={t("channel_widget.back")}>←</button>
        <h2>{title}</h2>
      </header>
      {!user || user.is_anonymous
        ? (
          <div class="cw-reserved">
            <h3>{t("channel_widget.space.reserved")}</h3>
            <p>{t("channel_widget.space.reserved_text")}</p>
            <button type="button" class="cw-btn" onClick={props.onLogin}>
              {t("channel_widget.login.register")}
            </button>
            <button type="button" class="cw-btn cw-btn-alt" onClick={props.onLogin}>
              {t("channel_widget.login.login")}
            </button>
          </div>
        )
        : props.screen === "profileEdit"
        ? <ProfileEdit user={user} onUser={props.onUser} onDone={() => props.onScreen("mySpace")} />
        : props.screen === "levels"
        ? <LevelsScreen />
        : props.screen === "ranking"
        ? <RankingScreen channelId={channel.id} userId={user.id} />
        : <SpaceHome {...props} user={user} />}
    </section>
  );
}

function SpaceHome(props: SpaceProps & { user: VisitorSession }) {
  const { t } = useT();
  const { user, channel } = props;
  const [messages, setMessages] = useState<SpaceMessage[] | null>(null);
  const [points, setPoints] = useState<number>(Number(user.points ?? 0));
  // a linked number brings its participations and points: my space reads them again
  const [linked, setLinked] = useState(0);
  useEffect(() => {
    visitorApi<SpaceMessage[]>("GET", `/api/v1/app_users/${user.id}/messages?channel_id=${channel.id}`)
      .then((res) => {
        // an expired or revoked token: the visitor is logged out and sees the reserved space
        if (res.status === 401) {
          setVisitorSession(null);
          return props.onUser(null);
        }
        setMessages(res.ok ? res.data : []);
      });
    if (channel.gamification) {
      visitorApi<{ points: number }>(
        "GET",
        `/api/v1/ranking/user?channel_id=${channel.id}&user_id=${user.id}`,
      )
        .then((res) => res.ok && typeof res.data?.points === "number" && setPoints(res.data.points));
    }
  }, [user.id, linked]);
  const groups = groupByDay(messages ?? [], new Date());
  return (
    <div class="cw-space-home">
      <div class="cw-space-head">
        <Avatar url={user.avatar_url} big />
        <strong class="cw-space-name">{user.nickname}</strong>
        {channel.gamification && (
          <div class="cw-space-game">
            <button type="button" class="cw-link" onClick={() => props.onScreen("levels")}>
              <LevelBadge level={levelOf(points)} />
            </button>
            <span class="cw-points">{t("channel_widget.space.points", { count: points })}</span>
            <button type="button" class="cw-btn cw-btn-small" onClick={() => props.onScreen("ranking")}>
              {t("channel_widget.space.ranking")}
            </button>
          </div>
        )}
        <button type="button" class="cw-link" onClick={() => props.onScreen("profileEdit")}>
          {t("channel_widget.space.edit_profile")}
        </button>
      </div>
      {messages === null && <p class="cw-loading" aria-busy="true">…</p>}
      {messages?.length === 0 && <p class="cw-muted">{t("channel_widget.space.empty")}</p>}
      {groups.map((g) => (
        <section key={g.key} class="cw-day">
          <h3>{g.today ? t("channel_widget.space.today") : g.label}</h3>
          {g.items.map((m) => <MessageItem key={m.id} message={m} user={user} channel={channel} />)}
        </section>
      ))}
      <PhoneLink channelId={channel.id} onLinked={() => setLinked((n) => n + 1)} />
      <DataRights user={user} onUser={props.onUser} />
    </div>
  );
}

function LevelsScreen() {
  const { t } = useT();
  return (
    <ol class="cw-levels">
      {LEVELS.map((l) => (
        <li key={l.name}>
          <LevelBadge level={l.name} />
          <span>{t("channel_widget.space.from_points", { count: l.from })}</span>
        </li>
      ))}
    </ol>
  );
}
