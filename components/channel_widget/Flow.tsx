/// <reference lib="dom" />
// The channel widget's participation flow (visitor-widget §4 Channel widget flow): content (vote,
// recording, gallery file, text), information, consent, login when registration is required,
// sending, thanks and vote results. Loaded on the first Participate; the recorder on demand.
import type { Ref } from "preact";
import { useScreenFocus } from "../../islands/browser/focus.ts";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { useSignals } from "../../islands/browser/signals.ts";
import {
  composeSms,
  firstFlowStep,
  type FlowStep,
  movesToResults,
  smsHref,
  stepAfterFailure,
} from "../../lib/rules/channel_widget.ts";
import { needsLogin } from "../../lib/rules/visitor_login.ts";
import { isRegistration, isVoting, nextScreen, type WidgetScreen } from "../../lib/rules/widget.ts";
import type { VisitorSession } from "../../islands/browser/http.ts";
import * as client from "../../islands/browser/participation_client.ts";
import * as remembered from "../../islands/browser/remembered.ts";
import { resultsAfterThanks, savedContent, sendParticipation } from "../../islands/browser/send_flow.ts";
import type { Outgoing } from "../../islands/browser/outbox.ts";
import {
  createSendFlow,
  givenHandlers,
  originOf,
  type WidgetContent,
} from "../../islands/browser/send_state.ts";
import { LazyRecorder } from "../recorder/LazyRecorder.tsx";
import { ConsentScreen, GatherScreen, WriteScreen } from "../widget/FormScreens.tsx";
import { InAppOverlay } from "../widget/InAppOverlay.tsx";
import { GalleryPick, ResultsView, SendingView, ThanksView, VoteScreen } from "./FlowScreens.tsx";
import type { ChannelSegment, WidgetChannel } from "./types.ts";

export interface FlowProps {
  segment: ChannelSegment;
  channel: WidgetChannel;
  siteRef: string | null;
  user: VisitorSession | null;
  inApp: boolean;
  /** Several permanent interactions: video opens the gallery instead of live recording (§4). */
  galleryFirst: boolean;
  /** Opens the login panel; `required` hides Send without registering. */
  /** Asks for a login, then resumes; `recording` when a confirmed recording waits to be sent. */
  onLogin: (required: boolean, resume: (user: VisitorSession) => void, recording: boolean) => void;
  onClose: () => void;
  /** A message saved in this browser and not sent yet: the flow opens on its sending. */
  saved?: Outgoing | null;
}

type Step = FlowStep;

const firstStep = firstFlowStep;

export function Flow(props: FlowProps) {
  const { t } = useT();
  const s = props.segment;
  const [step, setStep] = useState<Step>(() => props.saved ? "sending" : firstStep(s, props.galleryFirst));
  const [selected, setSelected] = useState<number[]>([]);
  const flow = useMemo(() => {
    const created = createSendFlow();
    if (props.saved) created.content.value = savedContent(props.saved);
    return created;
  }, []);
  useSignals(flow.sent, flow.error, flow.content);
  const result = flow.sent.value;
  const [testimonial, setTestimonial] = useState<"none" | "recording" | "received">("none");
  const error = flow.error.value;
  const info = useRef<Record<string, string>>(remembered.rememberedInformation() ?? {});
  const recordKind = s.type === "video" && testimonial !== "recording" ? "video" : "audio";

  const send = async (user: VisitorSession | null) => {
    // registration required: login first, then resume (a finished recording is sent); with my space,
    // a visitor without account chooses how to participate (register, pseudonym, login)
    const required = needsLogin(s, user);
    const asks = !user && props.channel.my_space_enabled && !isRegistration(s) && s.type !== "sms";
    if (required || asks) return props.onLogin(required, (u) => send(u), flow.content.value?.kind === "file");
    // sms without other content: its composed text is the message
    const c: WidgetContent = flow.content.value ??
      (s.type === "sms"
        ? { kind: "text", text: composeSms(s.sms, info.current) || s.title }
        : { kind: "user" });
    // sms: the phone's messaging app opens on the composed text while the click still counts as the
    // visitor's gesture; thanks keeps the link in case it was blocked (§4 Channel widget flow)
    if (s.type === "sms" && s.receiver) {
      globalThis.open(smsHref(s.receiver, composeSms(s.sms, info.current)), "_top");
    }
    setStep("sending");
    flow.error.value = null;
    const recordingTestimonial = testimonial === "recording";
    const information = recordingTestimonial ? {} : info.current;
    const origin = originOf(s, props.siteRef, information, flow.consents.value);
    const sent = await sendParticipation(flow, "channel", c, origin, {
      onlyUserData: isRegistration(s),
      update: recordingTestimonial, // the testimonial completes the participation sent
      updateId: recordingTestimonial ? flow.sent.value?.id ?? null : null,
      failText: t("widget.send_error"),
    });
    if (!sent.ok) return setStep(stepAfterFailure(c.kind === "file", firstStep(s, props.galleryFirst))); // §8
    if (recordingTestimonial) setTestimonial("received");
    setStep("thanks");
    if (movesToResults(s, recordingTestimonial || !s.testimonial_demanded || sent.alreadyReceived)) {
      resultsAfterThanks(flow, "channel", s.id, () => setStep("voteResults"));
    }
  };

  // opened again with a message saved here: its sending goes on where it stopped
  const sendSaved = async (saved: Outgoing) => {
    const sent = await sendParticipation(flow, "channel", savedContent(saved), saved.origin, {
      onlyUserData: false,
      update: false,
      updateId: saved.updateId,
      failText: t("widget.send_error"),
      saved,
    });
    if (!sent.ok) return setStep(firstStep(s, props.galleryFirst));
    setStep("thanks");
  };
  useEffect(() => {
    if (props.saved) sendSaved(props.saved);
  }, []);

  const given = givenHandlers(flow, (from) => proceed(from));
  const proceed = (from: WidgetScreen) => {
    const next = nextScreen(s, from, testimonial === "recording");
    if (next === "sending") send(props.user);
    else setStep(next);
  };
  const setFile = (blob: Blob, name: string, extension: string, media: "audio" | "video" | "image") => {
    flow.content.value = { kind: "file", blob, extension, media, name };
    proceed("recorder");
  };
  const share = async () => {
    // the link carries the message's share token, never its id; sharing is what makes it public
    const url = result?.shareToken ? await client.shareParticipation(result.shareToken) : null;
    if (!url) return alert(t("widget.send_error"));
    if (navigator.share) return navigator.share({ url, title: props.channel.label }).catch(() => {});
    await navigator.clipboard?.writeText(url).catch(() => {});
    alert(t("channel_widget.flow.copied"));
  };
  // opened from the home screen, then at each step: focus and announcement follow (§2)
  const screenRef = useScreenFocus(step, true);
  const recorded = flow.content.value?.kind === "file";

  return (
    <section class={`cw-flow cw-flow-${step}`} ref={screenRef as Ref<HTMLElement>}>
      <header class="cw-bar">
        <h2 class="cw-flow-title">{s.title}</h2>
        {step !== "sending" && (
          <button
            type="button"
            class="cw-close"
            onClick={props.onClose}
            aria-label={t("channel_widget.close")}
          >
            ✕
          </button>
        )}
      </header>
      {s.text &&
        (step === "voting" || step === "recorder" || step === "write" || step === "gallery" ||
          step === "confirm") &&
        <p class="cw-text cw-question">{s.text}</p>}
      {error && <p class="cw-alert" role="alert">{error}</p>}
      {step === "voting" && (
        <VoteScreen
          segment={s}
          selected={selected}
          onChange={setSelected}
          onSend={() => given.choices(selected)}
        />
      )}
      {step === "recorder" && (
        <LazyRecorder
          kind={recordKind}
          maxSeconds={s.max_recording_time}
          sendLabel={t("widget.send")}
          onRecording={(extension) => client.prepareFile(recordKind, extension)}
          onSend={(r) => setFile(r.blob, `recording.${r.extension}`, r.extension, recordKind)}
        />
      )}
      {(step === "gallery" || (step === "recorder" && recordKind === "video")) && (
        <GalleryPick onFile={setFile} />
      )}
      {step === "write" && (
        <WriteScreen
          limit={s.text_limit}
          initial=""
          onSend={given.text}
        />
      )}
      {step === "gatherInformation" && (
        <GatherScreen
          segment={s}
          values={info.current}
          remember={remembered.rememberedInformation() !== null}
          onSubmit={(values, keep) => {
            info.current = values;
            remembered.rememberInformation(keep ? values : null);
            if (!flow.content.value && (isRegistration(s) || s.type === "sms")) return setStep("confirm");
            proceed("gatherInformation");
          }}
        />
      )}
      {step === "confirm" && s.type === "sms" && <p class="cw-quote">{composeSms(s.sms, info.current)}</p>}
      {step === "confirm" && (
        <button
          type="button"
          class="cw-btn"
          onClick={() => proceed("gatherInformation")}
        >
          {t("widget.send")}
        </button>
      )}
      {step === "rgpdConsent" && (
        <ConsentScreen
          segment={s}
          onSubmit={given.consents}
        />
      )}
      {step === "sending" && (
        <SendingView
          percent={flow.percent}
          waiting={flow.waiting}
          resumed={Boolean(props.saved)}
          onDiscard={() => flow.discard.value?.()}
        />
      )}
      {step === "thanks" && (
        <ThanksView
          segment={s}
          recorded={recorded && testimonial === "none"}
          already={result?.already ?? false}
          testimonialPending={s.testimonial_demanded && testimonial === "none" && !result?.already}
          smsLink={s.type === "sms" && s.receiver
            ? smsHref(s.receiver, composeSms(s.sms, info.current))
            : null}
          onShare={props.channel.sharing_enabled && recorded && result?.shareToken ? share : null}
          onTestimonial={() => {
            setTestimonial("recording");
            setStep(s.testimonial_format === "text" ? "write" : "recorder");
          }}
          onResults={isVoting(s) && s.show_results ? () => setStep("voteResults") : null}
        />
      )}
      {step === "voteResults" && <ResultsView rows={flow.results} />}
      {props.inApp && step === "recorder" && <InAppOverlay />}
    </section>
  );
}
