// Everything the single-interaction widget shows or does after its first screen, in one module so the
// browser fetches it as one file on the visitor's first intent (islands/SingleWidget.tsx) rather than a
// file per screen plus the chunks they would share.
export { Participation } from "./Participation.tsx";
