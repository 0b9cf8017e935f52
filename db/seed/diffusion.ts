// The distribution timeline (back-office §2 /timeline, §7 diffusion_spaces and diffusion_blocks).
import type { ChannelKey } from "./units.ts";

/** The spaces, in insert order; blocks name them by kind. */
export const DIFFUSION_SPACES: { channel: ChannelKey; name: string; kind: string }[] = [
  { channel: "radio", name: "Antenne FM 98.4", kind: "radio" },
  { channel: "radio", name: "Site radiohorizon.example", kind: "website" },
  { channel: "tv", name: "Canal Neuf – antenne", kind: "tv" },
];

/**
 * The blocks, in insert order: a segment (by key) on a space (by kind), from `from` to `to`, each
 * [days, hours] after today's midnight (UTC).
 */
export const DIFFUSION_BLOCKS: {
  channel: ChannelKey;
  space: string;
  segment: string;
  from: [number, number];
  to: [number, number];
  label: string;
}[] = [
  {
    channel: "radio",
    space: "radio",
    segment: "dedication",
    from: [0, 5],
    to: [0, 7],
    label: "La Matinale – dédicaces",
  },
  {
    channel: "radio",
    space: "radio",
    segment: "topics",
    from: [1, 5.5],
    to: [1, 6],
    label: "La Matinale – vos sujets",
  },
  {
    channel: "radio",
    space: "website",
    segment: "summer_hit",
    from: [0, 0],
    to: [7, 0],
    label: "Sondage de l'été en une",
  },
  {
    channel: "radio",
    space: "radio",
    segment: "quiz",
    from: [2, 16],
    to: [2, 17],
    label: "Le Drive – quiz musical",
  },
  {
    channel: "tv",
    space: "tv",
    segment: "tv_cooking",
    from: [5, 18],
    to: [5, 20],
    label: "Finale du Grand Défi Cuisine",
  },
];
