// The single-interaction widget (visitor-widget §2 "Single-interaction widget screens", §4 flow). The
// island shows the first screen; at the visitor's first choice it hands over to the participation
// (components/widget/Participation.tsx: the later screens, the send flow and its signals), whose code
// is fetched once the first screen is idle, or sooner on the visitor's first sign of intent (a pointer over
// the widget, a touch, a key, the focus). So the first paint carries only the first screen (≤ 12 KB gzip
// JavaScript) and the first tap finds the next screens there.
import { useEffect, useRef, useState } from "preact/hooks";
import type { Ref } from "preact";
import { island } from "../framework/island.tsx";
import { FADE_IN_MS, FADE_OUT_MS } from "../lib/rules/constants.ts";
import { needsLogin, type WidgetSegment } from "../lib/rules/widget.ts";
import { LOGIN_PANEL_TEXTS } from "../lib/rules/login_panel_texts.ts";
import { lazy, lazyWithTexts } from "./browser/lazy.ts";
import { whenIdle } from "../framework/client.ts";
import { type VisitorSession, visitorSession } from "./browser/http.ts";
import { hasSavedMessageFor } from "./browser/remembered.ts";
import { useInAppBrowser } from "./browser/in_app.ts";
import { useFadingScreen } from "./browser/fade.ts";
import { WidgetFrame } from "../components/widget/WidgetFrame.tsx";
import { InitScreen } from "../components/widget/InitScreen.tsx";
import { AccountNotice } from "../components/widget/AccountNotice.tsx";
import type { Start } from "../components/widget/Participation.tsx";
import type { LoginPanelProps } from "../components/channel_widget/LoginPanel.tsx";

/** The later screens and the sending code, one file (components/widget/later.ts). */
const later = () => import("../components/widget/later.ts");
const Participation = lazy(() => later().then((m) => m.Participation));
/** The channel widget's login panel (log in, register, forgot password), with its texts. */
const LoginPanel = lazyWithTexts<LoginPanelProps>(
  () => import("../components/channel_widget/LoginPanel.tsx").then((m) => m.LoginPanel),
  LOGIN_PANEL_TEXTS,
);
const INTENT = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin"] as const;

interface Props {
  segment: WidgetSegment;
  siteRef: string | null;
  interactionId: number | null;
  /** The frame around the widget, drawn by the island so its texts follow the listener's language. */
  frame?: { channel?: { label: string; logo_url: string | null }; background?: FrameBackground };
}

type FrameBackground = { url: string | null; kind: "image" | "video" };

function SingleWidget(props: Props) {
  const inner = <FirstScreen {...props} />;
  return props.frame
    ? <WidgetFrame channel={props.frame.channel} background={props.frame.background}>{inner}</WidgetFrame>
    : inner;
}

function FirstScreen({ segment: s, siteRef, interactionId }: Props) {
  const inApp = useInAppBrowser();
  // the visitor's first choice, shown once the first screen has faded out and the code is there
  const { screen: start, fade, goTo } = useFadingScreen<Start | null>(null);
  // known once hydrated (data-ready): can this device record video?
  const [device, setDevice] = useState<{ video: boolean } | null>(null);
  const screenRef = useRef<HTMLDivElement>(null);
  // registration required (§6): the listener logged in on this device, and the login the sending waits for
  const [user, setUser] = useState<VisitorSession | null>(null);
  const [login, setLogin] = useState<{ resume: () => void; opener: HTMLElement | null } | null>(null);
  const requestLogin = (resume: () => void, opener = document.activeElement as HTMLElement | null) =>
    setLogin({ resume, opener });

  useEffect(() => {
    setUser(visitorSession());
    setDevice({
      video: typeof navigator.mediaDevices?.getUserMedia === "function" && "MediaRecorder" in globalThis,
    });
    // a message saved here and not sent yet (a drop, a closed tab): the widget finishes sending it
    if (hasSavedMessageFor([s.id])) {
      import("./browser/outbox.ts").then((outbox) => outbox.outgoingFor([s.id])).then((saved) => {
        if (saved) begin({ screen: "sending", saved });
      });
    }
    const el = screenRef.current;
    if (!el) return;
    const preload = () => {
      for (const type of INTENT) el.removeEventListener(type, preload);
      Participation.preload();
      import("./browser/participation_client.ts");
    };
    for (const type of INTENT) el.addEventListener(type, preload, { passive: true });
    // once the first screen is idle, the next screens are loaded anyway (their modules already asked for by
    // the page's head, framework/render.tsx): the first tap finds them there
    whenIdle(preload);
    return () => INTENT.forEach((type) => el.removeEventListener(type, preload));
  }, []);

  const canRecordVideo = device?.video ?? true;
  const account = s.registration_required
    ? (
      <AccountNotice
        nickname={needsLogin(s, user) ? null : user?.nickname ?? ""}
        // the notice's button goes once logged in: the focus comes back to the first screen's main button
        onLogin={() => requestLogin(() => {}, document.querySelector<HTMLElement>(".w-init .w-btn-primary"))}
      />
    )
    : null;
  const loginPanel = login && (
    <LoginPanel
      channelId={s.channel_id}
      fromSpace={false}
      hideAnonymous
      opener={login.opener}
      onClose={() => setLogin(null)}
      onDone={(session) => {
        setUser(session);
        setLogin(null);
        login.resume();
      }}
    />
  );
  if (start) {
    const onLogin = requestLogin;
    return (
      <>
        {/* the login panel is modal: what lies beneath is inert */}
        <div style="display:contents" inert={login !== null}>
          <Participation
            {...{ segment: s, siteRef, interactionId, start, canRecordVideo, inApp, account, onLogin }}
          />
        </div>
        {loginPanel}
      </>
    );
  }
  const begin = (next: Start) => goTo(next, Participation.preload());
  return (
    <>
      <div style="display:contents" inert={login !== null}>
        <div
          ref={screenRef as Ref<HTMLDivElement>}
          class={`w-screen w-screen-init is-${fade}`}
          style={`--fade:${fade === "out" ? FADE_OUT_MS : FADE_IN_MS}ms`}
          data-ready={device ? "" : undefined}
        >
          <InitScreen
            segment={s}
            canRecordVideo={canRecordVideo}
            onGo={(screen, options) => begin({ screen, kind: options?.kind })}
            onFile={(file) => begin({ screen: "videoUploaded", file })}
            account={account}
          />
        </div>
      </div>
      {loginPanel}
    </>
  );
}

export default island("SingleWidget", SingleWidget, { ns: ["widget"] });
