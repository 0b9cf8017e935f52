// The server-rendered parts of the interaction edit page that show what the form saves: the page heading,
// the document title and the widget preview follow each autosave, so staff see at once what was saved.

/** Shows a saved title in the page heading and the tab's title, and reloads the widget preview. */
export function reflectSavedSegment(title: string) {
  const heading = document.querySelector<HTMLElement>(".page-head h1");
  const old = heading?.textContent ?? "";
  if (heading && old !== title) {
    heading.textContent = title;
    if (old && document.title.includes(old)) document.title = document.title.replace(old, title);
    const frame = document.querySelector<HTMLIFrameElement>(".preview-card iframe");
    if (frame && old) frame.title = frame.title.replace(old, title);
  }
  const frame = document.querySelector<HTMLIFrameElement>(".preview-card iframe");
  // the preview is the public widget: loaded again, it shows the saved interaction
  // (setting its src, even to the same address, navigates it again)
  if (frame) frame.setAttribute("src", frame.getAttribute("src") ?? "");
}

/** The page's event that says the interaction changed on the server, with its saved JSON as detail. */
const SEGMENT_CHANGED = "segment-changed";

/**
 * Tells the page's other islands what the server now holds of the interaction: the vote closed from the
 * overlay panel moves the end of the availability panel, without a reload.
 */
export function announceSegment(segment: unknown): void {
  document.dispatchEvent(new CustomEvent(SEGMENT_CHANGED, { detail: segment }));
}

/** Follows announceSegment; returns the function that stops following. */
export function onSegmentChanged<T>(apply: (segment: T) => void): () => void {
  const listener = (e: Event) => apply((e as CustomEvent<T>).detail);
  document.addEventListener(SEGMENT_CHANGED, listener);
  return () => document.removeEventListener(SEGMENT_CHANGED, listener);
}
