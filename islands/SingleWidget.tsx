// The single-interaction widget (visitor-widget §2 "Single-interaction widget screens", §4 flow):
// one screen at a time with a 200 ms fade out and 50 ms fade in. The recorder and the tus client
// are loaded only when needed; so are the screens after the first one and the sending code, fetched
// on the visitor's first sign of intent (a pointer over the widget, a touch, a key).
import { useEffect, useMemo, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { FADE_IN_MS, FADE_OUT_MS } from "../lib/rules/constants.ts";
import {
  isRegistration,
  isVoting,
  nextScreen,
  type WidgetScreen,
  type WidgetSegment,
} from "../lib/rules/widget.ts";
import { LazyRecorder } from "../components/recorder/LazyRecorder.tsx";
import * as remembered from "./browser/remembered.ts";
import { type ReadonlySignal, useSignal, useSignals } from "./browser/signals.ts";
import { lazy } from "./browser/lazy.ts";
import { useFadingScreen } from "./browser/fade.ts";
import { useInAppBrowser } from "./browser/in_app.ts";
import { useScreenFocus } from "./browser/focus.ts";
import type { Ref } from "preact";
import { createSendFlow, givenHandlers, originOf } from "./browser/send_state.ts";
import { WidgetFrame } from "../components/widget/WidgetFrame.tsx";
import { InitScreen } from "../components/widget/InitScreen.tsx";

/** The later screens and the sending code, one file (components/widget/later.ts). */
const later = () => import("../components/widget/later.ts");
const VotingScreen = lazy(() => later().then((m) => m.VotingScreen));
const ResultsScreen = lazy(() => later().then((m) => m.ResultsScreen));
const WriteScreen = lazy(() => later().then((m) => m.WriteScreen));
const GatherScreen = lazy(() => later().then((m) => m.GatherScreen));
const ConsentScreen = lazy(() => later().then((m) => m.ConsentScreen));
const SendingScreen = lazy(() => later().then((m) => m.SendingScreen));
const ThanksScreen = lazy(() => later().then((m) => m.ThanksScreen));
const UploadedScreen = lazy(() => later().then((m) => m.UploadedScreen));
const InAppOverlay = lazy(() => later().then((m) => m.InAppOverlay));

/** The code each later screen needs, fetched before the fade shows it. */
const SCREEN_CODE: Partial<Record<WidgetScreen, () => Promise<unknown>>> = {
  voting: VotingScreen.preload,
  results: ResultsScreen.preload,
  write: WriteScreen.preload,
  gatherInformation: GatherScreen.preload,
  rgpdConsent: ConsentScreen.preload,
  sending: SendingScreen.preload,
  thanks: ThanksScreen.preload,
  videoUploaded: UploadedScreen.preload,
};
const INTENT = ["pointerover", "pointerdown", "touchstart", "keydown"] as const;

interface Props extends Record<string, unknown> {
  segment: WidgetSegment;
  siteRef: string | null;
  interactionId: number | null;
  /** The frame around the widget, drawn by the island so its texts follow the listener's language. */
  frame?: { channel?: { label: string; logo_url: string | null }; background?: FrameBackground };
}

type FrameBackground = { url: string | null; kind: "image" | "video" };

/** The sending screen, redrawn alone as the upload progresses. */
function SendingProgress({ percent }: { percent: ReadonlySignal<number | null> }) {
  useSignals(percent);
  return <SendingScreen percent={percent.value} />;
}

function SingleWidget(props: Props) {
  const inner = <SingleWidgetScreens {...props} />;
  return props.frame
    ? <WidgetFrame channel={props.frame.channel} background={props.frame.background}>{inner}</WidgetFrame>
    : inner;
}

function SingleWidgetScreens({ segment: s, siteRef, interactionId }: Props) {
  const inApp = useInAppBrowser();
  const { t } = useT();
  const { screen, fade, goTo: fadeTo } = useFadingScreen<WidgetScreen>("init");
  const goTo = (next: WidgetScreen) => fadeTo(next, SCREEN_CODE[next]?.());
  const [kind, setKind] = useState<"audio" | "video">("audio");
  const [selected, setSelected] = useState<number[]>([]);
  // the information given (or remembered on this device, §3), read when sending
  const info = useSignal({ values: {} as Record<string, string>, remember: false });
  const flow = useMemo(createSendFlow, []);
  useSignals(flow.sent, flow.results, flow.error, flow.content, info);
  const already = flow.sent.value?.already ?? false;
  const results = flow.results.value;
  const error = flow.error.value;
  const [testimonial, setTestimonial] = useState(false);
  const [file, setFile] = useState<{ file: File; url: string } | null>(null);
  // known once hydrated (data-ready): can this device record video?
  const [device, setDevice] = useState<{ video: boolean } | null>(null);

  useEffect(() => {
    setDevice({
      video: typeof navigator.mediaDevices?.getUserMedia === "function" && "MediaRecorder" in globalThis,
    });
    const stored = remembered.rememberedInformation();
    if (stored) info.value = { values: stored, remember: true };
  }, []);

  const open = (next: WidgetScreen, options: { kind?: "audio" | "video" } = {}) => {
    flow.error.value = null;
    if (next === "recorder") {
      setKind(options.kind ?? (s.type === "video" ? "video" : "audio"));
    }
    if (next === "gatherInformation" && isRegistration(s)) flow.content.value = { kind: "user" };
    goTo(next);
  };

  const send = async () => {
    const c = flow.content.value!;
    const origin = originOf(s, siteRef, testimonial ? {} : info.value.values, flow.consents.value);
    const { sendParticipation, resultsAfterThanks } = await later();
    const result = await sendParticipation(flow, "single", c, origin, {
      onlyUserData: c.kind === "user",
      update: false,
      updateId: interactionId,
      failText: t("widget.send_error"),
    });
    if (!result.ok) return goTo("init");
    const wasTestimonial = testimonial;
    setTestimonial(false);
    if (wasTestimonial) flow.content.value = null;
    goTo("thanks");
    if (isVoting(s) && s.show_results) resultsAfterThanks(flow, "single", s.id);
  };

  const given = givenHandlers(flow, (from) => proceed(from));
  const proceed = (from: WidgetScreen) => {
    const next = nextScreen(s, from, testimonial);
    goTo(next);
    if (next === "sending") send();
  };

  const submitInfo = (values: Record<string, string>, keep: boolean) => {
    info.value = { values, remember: keep };
    remembered.rememberInformation(keep ? values : null);
    proceed("gatherInformation");
  };

  const pickFile = (picked: File) => {
    if (file) URL.revokeObjectURL(file.url);
    setFile({ file: picked, url: URL.createObjectURL(picked) });
    goTo("videoUploaded");
  };

  const testimonialOpen = s.testimonial_demanded && isVoting(s) && flow.content.value?.kind === "choices" &&
    !already;
  const startTestimonial = () => {
    setTestimonial(true);
    open(s.testimonial_format === "text" ? "write" : "recorder", { kind: "audio" });
  };
  const screenRef = useScreenFocus(screen);
  useEffect(() => {
    const el = screenRef.current;
    if (!el) return;
    const preload = () => {
      for (const type of INTENT) el.removeEventListener(type, preload);
      for (const code of Object.values(SCREEN_CODE)) code();
      import("./browser/participation_client.ts");
    };
    for (const type of INTENT) el.addEventListener(type, preload, { passive: true });
    return () => INTENT.forEach((type) => el.removeEventListener(type, preload));
  }, []);
  const back = () => (screen === "thanks" || screen === "results" ? location.reload() : open("init"));

  return (
    <div
      ref={screenRef as Ref<HTMLDivElement>}
      class={`w-screen w-screen-${screen} is-${fade}`}
      style={`--fade:${fade === "out" ? FADE_OUT_MS : FADE_IN_MS}ms`}
      data-ready={device ? "" : undefined}
    >
      {screen !== "init" && screen !== "sending" && (
        <button type="button" class="w-back" onClick={back}>{t("widget.go_back")}</button>
      )}
      {error && <p class="w-alert" role="alert">{error}</p>}
      {screen === "init" && (
        <InitScreen segment={s} canRecordVideo={device?.video ?? true} onGo={open} onFile={pickFile} />
      )}
      {screen === "recorder" && (
        <LazyRecorder
          kind={kind}
          maxSeconds={s.max_recording_time}
          onSend={(r) => {
            const name = `recording.${r.extension}`;
            flow.content.value = { kind: "file", blob: r.blob, extension: r.extension, media: kind, name };
            proceed("recorder");
          }}
        />
      )}
      {screen === "videoUploaded" && file && (
        <UploadedScreen
          file={file.file}
          url={file.url}
          onAgain={() => open("init")}
          onSend={() => {
            const ext = file.file.name.split(".").pop()?.toLowerCase() ?? "";
            const media = file.file.type.startsWith("image/") ? "image" : "video";
            flow.content.value = {
              kind: "file",
              blob: file.file,
              extension: ext,
              media,
              name: file.file.name,
            };
            proceed("videoUploaded");
          }}
        />
      )}
      {screen === "write" && (
        <WriteScreen
          limit={s.text_limit}
          initial=""
          onSend={given.text}
        />
      )}
      {screen === "voting" && (
        <VotingScreen
          segment={s}
          selected={selected}
          onChange={setSelected}
          onSend={() => given.choices(selected)}
        />
      )}
      {screen === "gatherInformation" && (
        <GatherScreen
          segment={s}
          values={info.value.values}
          remember={info.value.remember}
          onSubmit={submitInfo}
        />
      )}
      {screen === "rgpdConsent" && (
        <ConsentScreen
          segment={s}
          onSubmit={given.consents}
        />
      )}
      {screen === "sending" && <SendingProgress percent={flow.percent} />}
      {screen === "thanks" && (
        <ThanksScreen
          segment={s}
          already={already}
          testimonialOpen={Boolean(testimonialOpen)}
          onTestimonial={startTestimonial}
          onResults={isVoting(s) && s.show_results && results ? () => goTo("results") : null}
        />
      )}
      {screen === "results" && <ResultsScreen rows={results} />}
      {inApp && (s.type === "recording_question" || s.type === "video") && <InAppOverlay />}
    </div>
  );
}

export default island("SingleWidget", SingleWidget, { ns: ["widget"] });
