// The channel widget's home: a message shared by its link, else the carousel of the channel's interactions
// (or why there are none), headed by the account notice when the listener came from the link to one that
// requires registration (visitor-widget §2, §6).
import { useT } from "../../framework/island.tsx";
import type { VisitorSession } from "../../islands/browser/http.ts";
import { needsLogin } from "../../lib/rules/widget.ts";
import { AccountNotice } from "../widget/AccountNotice.tsx";
import { Carousel } from "./Carousel.tsx";
import { SharedView } from "./SharedView.tsx";
import type { ChannelSegment, SharedMessage, WidgetChannel } from "./types.ts";

export interface HomeProps {
  channel: WidgetChannel;
  segments: ChannelSegment[];
  linkQuery: string;
  refreshUrl: string | null;
  user: VisitorSession | null;
  /** A shared message shown instead of the carousel until the listener chooses to participate. */
  shared: SharedMessage | null;
  onShared: () => void;
  /** Opened from the channel's link to one of its interactions (from_perm=2). */
  fromPerm?: boolean;
  /** An interaction is open over the home: the carousel stops turning. */
  paused: boolean;
  /** The interaction whose recording waits for a login: its button reads Record. */
  recordedId: number | null | undefined;
  onParticipate: (id: number) => void;
  /** The account notice's login, with what gets the focus back once logged in (the notice's button goes). */
  onLogin: (opener: HTMLElement | null) => void;
}

export function Home(props: HomeProps) {
  const { t } = useT();
  const { channel } = props;
  // registration required, reached from the channel's link: the account first (visitor-widget §6)
  const required = props.fromPerm && !props.shared
    ? props.segments.find((p) => p.registration_required)
    : undefined;
  return (
    <>
      {required && channel.available && (
        <AccountNotice
          nickname={needsLogin(required, props.user) ? null : props.user?.nickname ?? ""}
          // the focus comes back to the interaction's Participate
          onLogin={() => props.onLogin(document.querySelector<HTMLElement>(".cw-participate"))}
        />
      )}
      {props.shared
        ? <SharedView channel={channel} message={props.shared} onParticipate={props.onShared} />
        : channel.available
        ? (
          <Carousel
            channelId={channel.id}
            segments={props.segments}
            linkQuery={props.linkQuery}
            refreshUrl={props.refreshUrl}
            paused={props.paused}
            recordedId={props.recordedId}
            onParticipate={(s) => props.onParticipate(s.id)}
          />
        )
        : <p class="cw-empty">{t("channel_widget.home.not_available")}</p>}
    </>
  );
}
