// Plain JSON shapes passed from the channel widget page to its island (visitor-widget §3).
import type { WidgetSegment } from "../../lib/rules/widget.ts";
import type { PublicMessage } from "../../lib/rules/public_message.ts";
import type { PublicSegment } from "../../lib/segments/view.ts";

/** What the channel widget knows of its channel. */
export interface WidgetChannel {
  id: number;
  label: string;
  logo_url: string | null;
  my_space_enabled: boolean;
  gamification: boolean;
  sharing_enabled: boolean;
  demo: boolean;
  available: boolean;
}

/**
 * A permanent interaction as the channel widget page hands it to its island: the single widget's segment
 * plus the slide background and sms fields of the public view, picked from it.
 */
export type ChannelSegment =
  & WidgetSegment
  & Pick<PublicSegment, "background_url" | "background_kind" | "sms" | "receiver">
  & {
    /** A game with questions: played as a live quiz in the frame, not as a participation. */
    quiz?: boolean;
  };

/** A shared participation to play back (query s): the public projection of lib/rules/public_message.ts. */
export type SharedMessage = PublicMessage;
