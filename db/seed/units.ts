// Units and helpers the demo data is written with.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A stock background (static/backgrounds/). */
export const background = (n: number) => `/static/backgrounds/bg-${n}.jpg`;

/** The demo channels, named in the data by key; their ids come from the database. */
export type ChannelKey = "radio" | "tv";
