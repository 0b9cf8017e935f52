// The channel widget app (visitor-widget §2 Channel widget screens, §4 Channel widget flow): the
// server-rendered home (carousel) hydrates into one app; the login panel, my space, the profile and
// the participation flow are loaded on first use, each with its texts (components/channel_widget/
// screens.tsx): the page carries only the home's.
import { useEffect, useRef, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { type VisitorSession, visitorSession } from "./browser/http.ts";
import { useInAppBrowser } from "./browser/in_app.ts";
import { CHANNEL_WIDGET_PAGE_TEXTS, type ChannelScreen, screenOfQuery } from "../lib/rules/channel_home.ts";
import { ChannelWidgetFrame } from "../components/channel_widget/ChannelWidgetFrame.tsx";
import { Home } from "../components/channel_widget/Home.tsx";
import { OpenInteraction } from "../components/channel_widget/OpenInteraction.tsx";
import { whenIdle } from "../framework/client.ts";
import type { ChannelSegment, SharedMessage, WidgetChannel } from "../components/channel_widget/types.ts";
import {
  Flow,
  type FlowProps,
  LoginPanel,
  type LoginPanelProps,
  Space,
  type SpaceProps,
} from "../components/channel_widget/screens.tsx";
import type { Outgoing } from "./browser/outbox.ts";
import { hasSavedMessageFor } from "./browser/remembered.ts";

interface Props {
  channel: WidgetChannel;
  segments: ChannelSegment[];
  linkQuery: string;
  siteRef: string | null;
  refreshUrl: string | null;
  /** The {product}_screen query value. */
  screen: string | null;
  shared: SharedMessage | null;
  gone: boolean;
  /**
   * Opened from the channel's link to one of its interactions (from_perm=2): one that requires
   * registration says so before any form, with the way to an account, as the single widget does.
   */
  fromPerm?: boolean;
}

type SpaceScreen = Extract<ChannelScreen, "mySpace" | "profileEdit" | "levels" | "ranking">;
interface LoginRequest {
  fromSpace: boolean;
  hideAnonymous: boolean;
  resume: (user: VisitorSession) => void;
  /** A confirmed recording waits for this login. */
  recording?: boolean;
}

function ChannelWidget(props: Props) {
  const inApp = useInAppBrowser();
  const { t } = useT();
  const { channel } = props;
  const [user, setUser] = useState<VisitorSession | null>(null);
  const [space, setSpace] = useState<SpaceScreen | null>(null);
  const [active, setActive] = useState<ChannelSegment | null>(null);
  const [login, setLogin] = useState<LoginRequest | null>(null);
  // The login a confirmed recording waited for, closed by the visitor: home shows again, the flow stays
  // (hidden) with the recording, and the interaction's button reads Record to take it up again.
  const [held, setHeld] = useState<LoginRequest | null>(null);
  const [shared, setShared] = useState(props.shared);
  // a message saved here and not sent yet (a drop, a closed tab): its interaction opens and sends it
  const [saved, setSaved] = useState<Outgoing | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setUser(visitorSession()); // a stored user is restored on load (§4)
    setReady(true);
    navigator.serviceWorker?.getRegistrations?.()
      .then((all) => all.forEach((r) => r.unregister()))
      .catch(() => {}); // the service worker is unregistered at startup (§4)
    const wanted = channel.my_space_enabled ? screenOfQuery(props.screen) : null;
    if (wanted) setSpace(wanted as SpaceScreen);
    // the participation flow is there before the first tap: the page carries its texts and its head asks for
    // its module with the page's own (framework/render.tsx); loaded once idle
    whenIdle(() => Flow.preload());
    const ids = props.segments.map((p) => p.id);
    if (hasSavedMessageFor(ids)) {
      import("./browser/outbox.ts").then((outbox) => outbox.outgoingFor(ids)).then((message) => {
        const segment = message && props.segments.find((p) => p.id === message.segment);
        if (!segment) return;
        setSaved(message);
        setActive(segment);
      });
    }
  }, []);

  // what had the focus when the login opened (the page beneath turns inert and loses it): it gets it back
  const loginOpener = useRef<HTMLElement | null>(null);
  const requestLogin = (request: LoginRequest, opener = document.activeElement as HTMLElement | null) => {
    loginOpener.current = opener;
    setLogin(request);
  };
  const closeAll = () => {
    const closed = active?.id;
    setSaved(null);
    setActive(null);
    setLogin(null);
    setHeld(null);
    // the flow's controls are gone with it: the focus goes to the closed interaction's Participate
    // (else the first), once the home shows again, never to the page's body
    requestAnimationFrame(() => {
      const links = [...document.querySelectorAll<HTMLElement>(".cw-participate")];
      const own = links.find((a) => a.getAttribute("href")?.startsWith(`/widgets/${channel.id}/${closed}/`));
      (own ?? links[0])?.focus();
    });
  };
  const participate = (id: number) => {
    if (held && active?.id === id) {
      setHeld(null);
      return setLogin(held); // Record: the login again, then the recording is sent
    }
    setHeld(null);
    setActive(props.segments.find((p) => p.id === id) ?? null);
  };

  const spaceProps: SpaceProps = {
    channel,
    user,
    screen: space ?? "mySpace",
    onScreen: (s) => setSpace(s),
    onClose: () => setSpace(null),
    onUser: setUser,
    onLogin: () => requestLogin({ fromSpace: true, hideAnonymous: true, resume: () => setSpace("mySpace") }),
  };
  const flowProps: FlowProps | null = active && {
    segment: active,
    channel,
    siteRef: props.siteRef,
    user,
    inApp,
    galleryFirst: props.segments.length > 1,
    onLogin: (required, resume, recording) =>
      requestLogin({ fromSpace: false, hideAnonymous: required, resume, recording }),
    onClose: closeAll,
    saved: saved?.segment === active.id ? saved : null,
  };
  const loginProps: LoginPanelProps | null = login && {
    channelId: channel.id,
    fromSpace: login.fromSpace,
    hideAnonymous: login.hideAnonymous,
    opener: loginOpener.current,
    onClose: () => {
      if (login.recording) setHeld(login);
      setLogin(null);
    },
    onDone: (session) => {
      setUser(session);
      setLogin(null);
      login.resume(session);
    },
  };

  const home = (
    <Home
      channel={channel}
      segments={props.segments}
      linkQuery={props.linkQuery}
      refreshUrl={props.refreshUrl}
      user={user}
      shared={shared}
      onShared={() => setShared(null)}
      fromPerm={props.fromPerm}
      paused={active !== null && held === null}
      recordedId={held ? active?.id : null}
      onParticipate={participate}
      onLogin={(opener) => requestLogin({ fromSpace: false, hideAnonymous: true, resume: () => {} }, opener)}
    />
  );

  return (
    <>
      {/* the login panel is modal: what lies beneath is inert */}
      <div style="display:contents" inert={login !== null} data-ready={ready ? "" : undefined}>
        <ChannelWidgetFrame
          channel={channel}
          spaceHref={channel.my_space_enabled ? "?im_screen=space" : null}
          avatarUrl={user?.avatar_url ?? null}
          onSpace={() => setSpace("mySpace")}
        >
          <div hidden={(active !== null && held === null) || space !== null}>{home}</div>
          {flowProps && !space && (
            <OpenInteraction
              flow={flowProps}
              held={held !== null}
              onClose={closeAll}
            />
          )}
          {space && <Space {...spaceProps} />}
        </ChannelWidgetFrame>
      </div>
      {loginProps && <LoginPanel {...loginProps} />}
      {props.gone && (
        <div class="cw-overlay" role="alertdialog" aria-labelledby="cw-gone">
          <p id="cw-gone">{t("channel_widget.home.no_longer_available")}</p>
        </div>
      )}
    </>
  );
}

export default island("ChannelWidget", ChannelWidget, { ns: CHANNEL_WIDGET_PAGE_TEXTS });
