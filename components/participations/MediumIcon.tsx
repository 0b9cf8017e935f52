// The medium a participation came through, shown on its inbox row: nothing for the widget (most of
// them), an icon and its name (for screen readers and on hover) for WhatsApp, SMS and voicemail.
import { useT } from "../../framework/island.tsx";

const PATHS: Record<string, string> = {
  // a round speech bubble with a tail at the bottom left
  whatsapp: "M8 1.5a6.5 6.5 0 0 0-5.6 9.8L1.5 14.5l3.3-.9A6.5 6.5 0 1 0 8 1.5z",
  // a square speech bubble
  sms: "M2 2.5h12v8.5H6.5L3 14v-3H2z",
  // the voicemail reels: two circles joined at their foot
  voice: "M4.5 11.5a3 3 0 1 1 0-6 3 3 0 0 1 0 6h7a3 3 0 1 1 0-6 3 3 0 0 1 0 6",
};

/** The medium's icon, or nothing for the widget. */
export function MediumIcon({ medium }: { medium?: string }) {
  const { t } = useT();
  const path = medium ? PATHS[medium] : undefined;
  if (!path) return null;
  const name = t(`lines.kind_${medium}`);
  return (
    <span class={`medium-icon medium-${medium}`} title={name} data-medium={medium}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <path d={path} fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round" />
      </svg>
      <span class="sr-only">{name}</span>
    </span>
  );
}
