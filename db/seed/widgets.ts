// The radio's saved widget configurations (back-office §7 widgets); `segment` is a segment key.
import type { ChannelKey } from "./units.ts";

/** In insert order. */
export const WIDGETS: {
  channel: ChannelKey;
  name: string;
  width: number;
  height: number;
  background: string;
  segment: string | null;
  site_ref: string;
}[] = [
  {
    channel: "radio",
    name: "Player du site radiohorizon",
    width: 420,
    height: 640,
    background: "#1b2a4a",
    segment: null,
    site_ref: "radiohorizon.example",
  },
  {
    channel: "radio",
    name: "Encart sondage de l'été",
    width: 360,
    height: 560,
    background: "#ffffff",
    segment: "summer_hit",
    site_ref: "radiohorizon.example/ete",
  },
];
