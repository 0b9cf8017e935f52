// Plain JSON shapes passed from the channel widget page to its island (visitor-widget §3).
import type { WidgetSegment } from "../../lib/rules/widget.ts";
import type { PublicMessage } from "../../lib/rules/public_message.ts";

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

/** A permanent interaction: the single widget's segment plus its slide background and sms fields. */
export interface ChannelSegment extends WidgetSegment {
  background_url: string | null;
  background_kind: string | null;
  sms: string | null;
  receiver: string | null;
}

/** A shared participation to play back (query s): the public projection of lib/rules/public_message.ts. */
export type SharedMessage = PublicMessage;
