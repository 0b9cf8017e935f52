// Station sites include this once beside the widget iframe: it sizes each widget iframe to its content.
(() => {
  const origin = new URL(document.currentScript ? document.currentScript.src : location.href).origin;
  globalThis.addEventListener("message", (event) => {
    const data = event.data;
    if (event.origin !== origin || !data || data.type !== "im:height") return;
    for (const frame of document.querySelectorAll("iframe[data-im-widget]")) {
      if (frame.contentWindow === event.source) {
        frame.style.height = `${Math.max(200, Math.min(4000, Number(data.height) || 0))}px`;
      }
    }
  });
  // a widget that loaded before this script said its height to no one, and says it again only when it
  // changes: each widget already there is asked for it once
  for (const frame of document.querySelectorAll("iframe[data-im-widget]")) {
    frame.contentWindow?.postMessage({ type: "im:ask-height" }, origin);
  }
})();
