/// <reference lib="dom" />
// The channel widget's participation flow (visitor-widget §4 Channel widget flow): content (vote,
// recording, gallery file, text), information, consent, login when registration is required,
// sending, thanks and vote results. Loaded on the first Participate; the recorder on demand.
import { useRef, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { TASK_POLL_MS, THANKS_TO_RESULTS_MS } from "../../lib/rules/constants.ts";
import {
  composeSms,
  firstFlowStep,
  type FlowStep,
  movesToResults,
  needsLogin,
  smsHref,
  stepAfterFailure,
} from "../../lib/rules/channel_widget.ts";
import { isRegistration, isVoting, nextScreen, type WidgetScreen } from "../../lib/rules/widget.ts";
import type { VoteResultRow } from "../../lib/rules/votes.ts";
import type { VisitorSession } from "../../islands/browser/http.ts";
import * as client from "../../islands/browser/participation_client.ts";
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
}

type Step = FlowStep;
type Content =
  | { kind: "choices"; ids: number[] }
  | { kind: "text"; text: string }
  | { kind: "user" }
  | { kind: "file"; blob: Blob; extension: string; media: "audio" | "video" | "image"; name: string };

const firstStep = firstFlowStep;

export function Flow(props: FlowProps) {
  const { t } = useT();
  const s = props.segment;
  const [step, setStep] = useState<Step>(() => firstStep(s, props.galleryFirst));
  const [selected, setSelected] = useState<number[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<{ already: boolean; id?: number; shareToken?: string } | null>(null);
  const [results, setResults] = useState<VoteResultRow[] | null>(null);
  const [testimonial, setTestimonial] = useState<"none" | "recording" | "received">("none");
  const [error, setError] = useState<string | null>(null);
  const content = useRef<Content | null>(null);
  const info = useRef<Record<string, string>>(client.rememberedInformation() ?? {});
  const consents = useRef({ gdpr: false, image: false });
  const recordKind = s.type === "video" && testimonial !== "recording" ? "video" : "audio";

  const send = async (user: VisitorSession | null) => {
    // registration required: login first, then resume (a finished recording is sent); with my space,
    // a visitor without account chooses how to participate (register, pseudonym, login)
    const required = needsLogin(s, user);
    const asks = !user && props.channel.my_space_enabled && !isRegistration(s) && s.type !== "sms";
    if (required || asks) return props.onLogin(required, (u) => send(u), content.current?.kind === "file");
    const c = content.current ?? { kind: "user" };
    // sms: the phone's messaging app opens on the composed text while the click still counts as the
    // visitor's gesture; thanks keeps the link in case it was blocked (§4 Channel widget flow)
    if (s.type === "sms" && s.receiver) {
      globalThis.open(smsHref(s.receiver, composeSms(s.sms, info.current)), "_top");
    }
    setStep("sending");
    setError(null);
    const origin: client.SendOrigin = {
      segment: s.id,
      channel_id: s.channel_id,
      show_id: s.show_id,
      program_id: s.program_id,
      site_ref: props.siteRef,
      high_stakes: s.high_stakes === true,
      extra_user_information: testimonial === "recording" ? {} : info.current,
      consent_gdpr: consents.current.gdpr,
      consent_image_right: consents.current.image,
    };
    setPercent(c.kind === "file" ? 0 : null);
    const sent = c.kind === "file"
      ? await client.sendFile(
        origin,
        { blob: c.blob, extension: c.extension, kind: c.media, name: c.name },
        setPercent,
        testimonial === "recording" ? result?.id : null,
      )
      : await client.sendContent(
        origin,
        c.kind === "choices"
          ? { choice_ids: c.ids }
          : c.kind === "text"
          ? { text: c.text }
          : s.type === "sms"
          ? { text: composeSms(s.sms, info.current) || s.title }
          : {},
        isRegistration(s),
        TASK_POLL_MS.channel,
      );
    if (!sent.ok) {
      setError(sent.message ?? t("widget.send_error"));
      return setStep(stepAfterFailure(c.kind === "file", firstStep(s, props.galleryFirst))); // §8
    }
    const received = testimonial === "recording";
    if (received) setTestimonial("received");
    else setResult({ already: sent.alreadyReceived, id: sent.id, shareToken: sent.shareToken });
    if (sent.results) setResults(sent.results);
    setStep("thanks");
    if (movesToResults(s, received || !s.testimonial_demanded || sent.alreadyReceived)) {
      setTimeout(async () => {
        const rows = await client.fetchResults(s.id);
        if (rows) setResults(rows);
        setStep("voteResults");
      }, THANKS_TO_RESULTS_MS.channel);
    }
  };

  const proceed = (from: WidgetScreen) => {
    const next = nextScreen(s, from, testimonial === "recording");
    if (next === "sending") send(props.user);
    else setStep(next);
  };
  const setFile = (blob: Blob, name: string, extension: string, media: "audio" | "video" | "image") => {
    content.current = { kind: "file", blob, extension, media, name };
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
  const recorded = content.current?.kind === "file";

  return (
    <section class={`cw-flow cw-flow-${step}`}>
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
      {s.text && (step === "voting" || step === "recorder" || step === "gallery" || step === "confirm") && (
        <p class="cw-text">{s.text}</p>
      )}
      {error && <p class="cw-alert" role="alert">{error}</p>}
      {step === "voting" && (
        <VoteScreen
          segment={s}
          selected={selected}
          onChange={setSelected}
          onSend={() => {
            content.current = { kind: "choices", ids: selected };
            proceed("voting");
          }}
        />
      )}
      {step === "recorder" && (
        <LazyRecorder
          kind={recordKind}
          maxSeconds={s.max_recording_time}
          sendLabel={t("widget.send")}
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
          onSend={(text) => {
            content.current = { kind: "text", text };
            proceed("write");
          }}
        />
      )}
      {step === "gatherInformation" && (
        <GatherScreen
          segment={s}
          values={info.current}
          remember={client.rememberedInformation() !== null}
          onSubmit={(values, keep) => {
            info.current = values;
            client.rememberInformation(keep ? values : null);
            if (!content.current && (isRegistration(s) || s.type === "sms")) return setStep("confirm");
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
          onSubmit={(gdpr, image) => {
            consents.current = { gdpr, image };
            proceed("rgpdConsent");
          }}
        />
      )}
      {step === "sending" && <SendingView percent={percent} />}
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
      {step === "voteResults" && <ResultsView rows={results} />}
      {props.inApp && (s.type === "recording_question" || s.type === "video") && <InAppOverlay />}
    </section>
  );
}
