// Tells the page embedding this widget how tall it is (read by /static/embed.js), so the iframe fits.
(function () {
  if (window.parent === window) return;
  var last = 0;
  function post() {
    var height = Math.ceil(document.documentElement.scrollHeight);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: "im:height", height: height, href: location.href }, "*");
  }
  if ("ResizeObserver" in window) new ResizeObserver(post).observe(document.documentElement);
  window.addEventListener("load", post);
  post();
})();
