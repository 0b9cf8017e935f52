// Tells the page embedding this widget how tall its content is (read by /static/embed.js), so the
// iframe fits, growing and shrinking. Embedded, the page drops its full-viewport minimum heights
// (the .im-embedded rules of widget.css): otherwise the window's height would be reported back and
// the iframe could only ever grow.
(() => {
  if (globalThis.parent === globalThis) return;
  const root = document.documentElement;
  root.classList.add("im-embedded");
  let last = 0;
  const post = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    globalThis.parent.postMessage({ type: "im:height", height, href: location.href }, "*");
  };
  const watch = () => {
    if ("ResizeObserver" in globalThis) new ResizeObserver(post).observe(document.body);
    post();
  };
  // loaded async (components/WidgetHead.tsx): it may run before the body is parsed
  if (document.body) watch();
  else document.addEventListener("DOMContentLoaded", watch);
  globalThis.addEventListener("load", post);
  // the embedding page's script, loaded after this page, asks for the height it could not hear
  globalThis.addEventListener("message", (event) => {
    if (event.source !== globalThis.parent || event.data?.type !== "im:ask-height") return;
    last = 0;
    post();
  });
})();
