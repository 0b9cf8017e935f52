// The single-interaction widget (visitor-widget §2 "Single-interaction widget screens", §4 flow):
// one screen at a time with a 200 ms fade out and 50 ms fade in. The recorder and the tus client
// are loaded only when needed.
import { useEffect, useRef, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { FADE_IN_MS, FADE_OUT_MS, THANKS_TO_RESULTS_MS } from "../lib/rules/constants.ts";
import {
  isRegistration,
  isVoting,
  nextScreen,
  type WidgetScreen,
  type WidgetSegment,
} from "../lib/rules/widget.ts";
import type { VoteResultRow } from "../lib/rules/votes.ts";
import { LazyRecorder } from "../components/recorder/LazyRecorder.tsx";
import * as client from "./browser/participation_client.ts";
import { InitScreen } from "../components/widget/InitScreen.tsx";
import { InAppOverlay } from "../components/widget/InAppOverlay.tsx";
import { ResultsScreen, VotingScreen } from "../components/widget/ChoiceScreens.tsx";
import { ConsentScreen, GatherScreen, WriteScreen } from "../components/widget/FormScreens.tsx";
import { SendingScreen, ThanksScreen, UploadedScreen } from "../components/widget/ThanksScreens.tsx";

interface Props extends Record<string, unknown> {
  segment: WidgetSegment;
  siteRef: string | null;
  interactionId: number | null;
  inApp: boolean;
}

function SingleWidget({ segment: s, siteRef, interactionId, inApp }: Props) {
  const { t } = useT();
  const [screen, setScreen] = useState<WidgetScreen>("init");
  const [fade, setFade] = useState<"in" | "out">("in");
  const [kind, setKind] = useState<"audio" | "video">("audio");
  const [selected, setSelected] = useState<number[]>([]);
  const [info, setInfo] = useState<Record<string, string>>({});
  const [remember, setRemember] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [already, setAlready] = useState(false);
  const [results, setResults] = useState<VoteResultRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [testimonial, setTestimonial] = useState(false);
  const [file, setFile] = useState<{ file: File; url: string } | null>(null);
  const [canRecordVideo, setCanRecordVideo] = useState(true);
  const [ready, setReady] = useState(false);
  const content = useRef<client.WidgetContent | null>(null);
  const consents = useRef({ gdpr: false, image: false });
  const infoRef = useRef<Record<string, string>>({});

  useEffect(() => {
    setCanRecordVideo(
      typeof navigator.mediaDevices?.getUserMedia === "function" && "MediaRecorder" in globalThis,
    );
    setReady(true);
    const stored = client.rememberedInformation();
    if (stored) {
      setInfo(stored);
      infoRef.current = stored;
      setRemember(true);
    }
  }, []);

  const goTo = (next: WidgetScreen) => {
    setFade("out");
    setTimeout(() => {
      setScreen(next);
      setFade("in");
    }, FADE_OUT_MS);
  };

  const open = (next: WidgetScreen, options: { kind?: "audio" | "video" } = {}) => {
    setError(null);
    if (next === "recorder") {
      setKind(options.kind ?? (s.type === "video" ? "video" : "audio"));
    }
    if (next === "gatherInformation" && isRegistration(s)) content.current = { kind: "user" };
    goTo(next);
  };

  const send = async () => {
    const c = content.current!;
    setPercent(c.kind === "file" ? 0 : null);
    const result = await client.sendWidgetContent(
      c,
      {
        segment: s.id,
        channel_id: s.channel_id,
        show_id: s.show_id,
        program_id: s.program_id,
        site_ref: siteRef,
        high_stakes: s.high_stakes === true,
        extra_user_information: testimonial ? {} : infoRef.current,
        consent_gdpr: consents.current.gdpr,
        consent_image_right: consents.current.image,
      },
      setPercent,
      interactionId,
    );
    if (!result.ok) {
      setError(result.message ?? t("widget.send_error"));
      goTo("init");
      return;
    }
    setAlready(result.alreadyReceived);
    if (result.results) setResults(result.results);
    const wasTestimonial = testimonial;
    setTestimonial(false);
    if (wasTestimonial) content.current = null;
    goTo("thanks");
    if (isVoting(s) && s.show_results) {
      setTimeout(async () => setResults(await client.fetchResults(s.id)), THANKS_TO_RESULTS_MS.single);
    }
  };

  const proceed = (from: WidgetScreen) => {
    const next = nextScreen(s, from, testimonial);
    goTo(next);
    if (next === "sending") send();
  };

  const submitInfo = (values: Record<string, string>, keep: boolean) => {
    setInfo(values);
    infoRef.current = values;
    setRemember(keep);
    client.rememberInformation(keep ? values : null);
    proceed("gatherInformation");
  };

  const pickFile = (picked: File) => {
    if (file) URL.revokeObjectURL(file.url);
    setFile({ file: picked, url: URL.createObjectURL(picked) });
    goTo("videoUploaded");
  };

  const testimonialOpen = s.testimonial_demanded && isVoting(s) && content.current?.kind === "choices" &&
    !already;
  const startTestimonial = () => {
    setTestimonial(true);
    open(s.testimonial_format === "text" ? "write" : "recorder", { kind: "audio" });
  };
  const back = () => (screen === "thanks" || screen === "results" ? location.reload() : open("init"));

  return (
    <div
      class={`w-screen w-screen-${screen} is-${fade}`}
      style={`--fade:${fade === "out" ? FADE_OUT_MS : FADE_IN_MS}ms`}
      data-ready={ready ? "" : undefined}
    >
      {screen !== "init" && screen !== "sending" && (
        <button type="button" class="w-back" onClick={back}>{t("widget.go_back")}</button>
      )}
      {error && <p class="w-alert" role="alert">{error}</p>}
      {screen === "init" && (
        <InitScreen segment={s} canRecordVideo={canRecordVideo} onGo={open} onFile={pickFile} />
      )}
      {screen === "recorder" && (
        <LazyRecorder
          kind={kind}
          maxSeconds={s.max_recording_time}
          onSend={(r) => {
            const name = `recording.${r.extension}`;
            content.current = { kind: "file", blob: r.blob, extension: r.extension, media: kind, name };
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
            content.current = { kind: "file", blob: file.file, extension: ext, media, name: file.file.name };
            proceed("videoUploaded");
          }}
        />
      )}
      {screen === "write" && (
        <WriteScreen
          limit={s.text_limit}
          initial=""
          onSend={(text) => {
            content.current = { kind: "text", text };
            proceed("write");
          }}
        />
      )}
      {screen === "voting" && (
        <VotingScreen
          segment={s}
          selected={selected}
          onChange={setSelected}
          onSend={() => {
            content.current = { kind: "choices", ids: selected };
            proceed("voting");
          }}
        />
      )}
      {screen === "gatherInformation" && (
        <GatherScreen segment={s} values={info} remember={remember} onSubmit={submitInfo} />
      )}
      {screen === "rgpdConsent" && (
        <ConsentScreen
          segment={s}
          onSubmit={(gdpr, image) => {
            consents.current = { gdpr, image };
            proceed("rgpdConsent");
          }}
        />
      )}
      {screen === "sending" && <SendingScreen percent={percent} />}
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
