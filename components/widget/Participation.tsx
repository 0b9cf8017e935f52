// The single-interaction widget once the visitor acts (visitor-widget §2 screens, §4 flow): every screen
// after the first, the send flow and its signals. islands/SingleWidget.tsx shows the first screen and
// mounts this at the visitor's first choice, with the code fetched on their first sign of intent, so a
// widget's first paint carries none of it. One screen at a time, 200 ms fade out and 50 ms fade in.
import { useEffect, useMemo, useState } from "preact/hooks";
import type { ComponentChildren, Ref } from "preact";
import { useT } from "../../framework/island.tsx";
import { FADE_IN_MS, FADE_OUT_MS } from "../../lib/rules/constants.ts";
import {
  isRegistration,
  isVoting,
  needsLogin,
  nextScreen,
  type WidgetScreen,
  type WidgetSegment,
} from "../../lib/rules/widget.ts";
import { LazyRecorder } from "../recorder/LazyRecorder.tsx";
import * as remembered from "../../islands/browser/remembered.ts";
import { useSignal, useSignals } from "../../islands/browser/signals.ts";
import { useFadingScreen } from "../../islands/browser/fade.ts";
import { useScreenFocus } from "../../islands/browser/focus.ts";
import { visitorSession } from "../../islands/browser/http.ts";
import { createSendFlow, givenHandlers, originOf, type SendFlow } from "../../islands/browser/send_state.ts";
import {
  prepareRecording,
  resultsAfterThanks,
  savedContent,
  sendParticipation,
} from "../../islands/browser/send_flow.ts";
import type { Outgoing } from "../../islands/browser/outbox.ts";
import { InitScreen } from "./InitScreen.tsx";
import { ResultsScreen, VotingScreen } from "./ChoiceScreens.tsx";
import { ConsentScreen, GatherScreen, WriteScreen } from "./FormScreens.tsx";
import { SendingScreen, ThanksScreen, UploadedScreen } from "./ThanksScreens.tsx";
import { InAppOverlay } from "./InAppOverlay.tsx";

/** What the visitor chose on the first screen: the screen to open (with the file they picked). */
export interface Start {
  screen: WidgetScreen;
  kind?: "audio" | "video";
  file?: File;
  /** A message saved in this browser and not sent yet: the widget opens on its sending. */
  saved?: Outgoing;
}

export interface ParticipationProps {
  segment: WidgetSegment;
  siteRef: string | null;
  interactionId: number | null;
  start: Start;
  canRecordVideo: boolean;
  inApp: boolean;
  /** The first screen's account notice (an interaction that requires registration). */
  account?: ComponentChildren;
  /** Opens the login panel over the screen; `resume` runs once the listener is logged in. */
  onLogin: (resume: () => void) => void;
}

/** The sending screen, redrawn alone as the upload progresses or the network comes and goes. */
function SendingProgress({ flow, resumed }: { flow: SendFlow; resumed: boolean }) {
  useSignals(flow.percent, flow.waiting, flow.discard);
  return (
    <SendingScreen
      percent={flow.percent.value}
      waiting={flow.waiting.value}
      resumed={resumed}
      onDiscard={flow.discard.value}
    />
  );
}

export function Participation(
  { segment: s, siteRef, interactionId, start, canRecordVideo, inApp, account, onLogin }: ParticipationProps,
) {
  const { t } = useT();
  const { screen, fade, goTo } = useFadingScreen<WidgetScreen>(start.screen);
  const [kind, setKind] = useState<"audio" | "video">(() =>
    start.screen === "recorder" ? start.kind ?? (s.type === "video" ? "video" : "audio") : "audio"
  );
  const [selected, setSelected] = useState<number[]>([]);
  // the information given (or remembered on this device, §3), read when sending
  const info = useSignal({ values: {} as Record<string, string>, remember: false });
  const flow = useMemo(() => {
    const created = createSendFlow();
    if (start.screen === "gatherInformation" && isRegistration(s)) {
      created.content.value = { kind: "user" };
    }
    if (start.saved) created.content.value = savedContent(start.saved);
    return created;
  }, []);
  useSignals(flow.sent, flow.results, flow.error, flow.content, info);
  const already = flow.sent.value?.already ?? false;
  const results = flow.results.value;
  const error = flow.error.value;
  const [testimonial, setTestimonial] = useState(false);
  const [file, setFile] = useState<{ file: File; url: string } | null>(() =>
    start.file ? { file: start.file, url: URL.createObjectURL(start.file) } : null
  );

  useEffect(() => {
    const stored = remembered.rememberedInformation();
    if (stored) info.value = { values: stored, remember: true };
    // opened again with a message saved here: its sending goes on where it stopped
    if (start.saved) send("init", start.saved);
  }, []);

  const open = (next: WidgetScreen, options: { kind?: "audio" | "video" } = {}) => {
    flow.error.value = null;
    if (next === "recorder") {
      setKind(options.kind ?? (s.type === "video" ? "video" : "audio"));
    }
    if (next === "gatherInformation" && isRegistration(s)) flow.content.value = { kind: "user" };
    goTo(next);
  };

  const send = async (from: WidgetScreen, saved?: Outgoing) => {
    const c = flow.content.value!;
    const origin = saved?.origin ??
      originOf(s, siteRef, testimonial ? {} : info.value.values, flow.consents.value);
    const result = await sendParticipation(flow, "single", c, origin, {
      onlyUserData: c.kind === "user",
      update: false,
      updateId: saved ? saved.updateId : interactionId,
      failText: t("widget.send_error"),
      saved,
    });
    if (!result.ok) {
      // refused for want of an account (a session that ended, an anonymous one): what was prepared is
      // kept, the form shows again under the login panel, and the sending resumes once logged in
      if (result.status === 403 && s.registration_required) {
        goTo(from);
        return onLogin(() => proceed(from));
      }
      return goTo("init");
    }
    const wasTestimonial = testimonial;
    setTestimonial(false);
    if (wasTestimonial) flow.content.value = null;
    goTo("thanks");
    if (isVoting(s) && s.show_results) resultsAfterThanks(flow, "single", s.id);
  };

  const given = givenHandlers(flow, (from) => proceed(from));
  const proceed = (from: WidgetScreen) => {
    const next = nextScreen(s, from, testimonial);
    // registration required (§6): the login panel first, over the last form, then the sending
    if (next === "sending" && needsLogin(s, visitorSession())) return onLogin(() => proceed(from));
    flow.error.value = null;
    goTo(next);
    if (next === "sending") send(from);
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
  // the focus moves to the first screen shown here, then to each next one
  const screenRef = useScreenFocus(screen, true);
  const back = () => (screen === "thanks" || screen === "results" ? location.reload() : open("init"));

  return (
    <div
      ref={screenRef as Ref<HTMLDivElement>}
      class={`w-screen w-screen-${screen} is-${fade}`}
      style={`--fade:${fade === "out" ? FADE_OUT_MS : FADE_IN_MS}ms`}
      data-ready=""
    >
      {screen !== "init" && screen !== "sending" && (
        <button type="button" class="w-back" onClick={back}>{t("widget.go_back")}</button>
      )}
      {/* the question stays in sight while the listener answers it (a testimonial answers something else) */}
      {s.text && !testimonial && (screen === "recorder" || screen === "write" || screen === "voting") && (
        <p class="w-text w-question">{s.text}</p>
      )}
      {error && <p class="w-alert" role="alert">{error}</p>}
      {screen === "init" && (
        <InitScreen
          segment={s}
          canRecordVideo={canRecordVideo}
          onGo={open}
          onFile={pickFile}
          account={account}
        />
      )}
      {screen === "recorder" && (
        <LazyRecorder
          kind={kind}
          maxSeconds={s.max_recording_time}
          onRecording={(extension) => prepareRecording(kind, extension)}
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
          initial={flow.consents.value}
          onSubmit={given.consents}
        />
      )}
      {screen === "sending" && <SendingProgress flow={flow} resumed={Boolean(start.saved)} />}
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
      {inApp && screen === "recorder" && <InAppOverlay />}
    </div>
  );
}
