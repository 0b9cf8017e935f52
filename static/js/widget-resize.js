// Tells the page embedding this widget how tall it is (read by /static/embed.js), so the iframe fits.
(() => {
  if (globalThis.parent === globalThis) return;
  let last = 0;
  const post = () => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height === last) return;
    last = height;
    globalThis.parent.postMessage({ type: "im:height", height, href: location.href }, "*");
  };
  if ("ResizeObserver" in globalThis) new ResizeObserver(post).observe(document.documentElement);
  globalThis.addEventListener("load", post);
  post();
})();
