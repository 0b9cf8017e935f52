import { island, useT } from "../framework/island.tsx";
import { WidgetFrame } from "../components/widget/WidgetFrame.tsx";
import { openingText } from "../lib/rules/availability.ts";

interface Props {
  channel?: { label: string; logo_url: string | null };
  background?: { url: string | null; kind: "image" | "video" };
  /** The key of the message under `widget.` (e.g. "unavailable"). */
  message: "unavailable" | "not_found" | "opens_at";
  /** For "opens_at": when the interaction opens (ISO), said in the channel's time zone. */
  opens?: { at: string; timeZone: string };
}

/**
 * The widget's frame with a message instead of the widget, as an island so that it follows a signed-in
 * listener's language like the widget does (lib/rules/i18n.ts widgetLanguage).
 */
function WidgetMessage({ channel, background, message, opens }: Props) {
  const { t, lang } = useT();
  const when = opens ? openingText(opens.at, lang, opens.timeZone) : "";
  return <WidgetFrame channel={channel} background={background} message={t(`widget.${message}`, { when })} />;
}

export default island("WidgetMessage", WidgetMessage, { ns: ["widget"] });
