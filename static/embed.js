// Station sites include this once beside the widget iframe: it sizes each widget iframe to its content.
(function () {
  var origin = new URL(document.currentScript ? document.currentScript.src : location.href).origin;
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (event.origin !== origin || !data || data.type !== "im:height") return;
    var frames = document.querySelectorAll("iframe[data-im-widget]");
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) {
        var height = Math.max(200, Math.min(4000, Number(data.height) || 0));
        frames[i].style.height = height + "px";
      }
    }
  });
})();
