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
})();
