import { island, useT } from "../framework/island.tsx";
import { WidgetFrame } from "../components/widget/WidgetFrame.tsx";

interface Props extends Record<string, unknown> {
  channel?: { label: string; logo_url: string | null };
  background?: { url: string | null; kind: "image" | "video" };
  /** The key of the message under `widget.` (e.g. "unavailable"). */
  message: "unavailable" | "not_found";
}

/**
 * The widget's frame with a message instead of the widget, as an island so that it follows a signed-in
 * listener's language like the widget does (lib/rules/i18n.ts widgetLanguage).
 */
function WidgetMessage({ channel, background, message }: Props) {
  const { t } = useT();
  return <WidgetFrame channel={channel} background={background} message={t(`widget.${message}`)} />;
}

export default island("WidgetMessage", WidgetMessage, { ns: ["widget"] });
