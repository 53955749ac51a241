// Stream overlays (OBS browser sources): the region refreshes when the server pushes a change of the event
// (Server-Sent Events), and every data-poll-seconds as the fallback. No inline scripts (Content Security Policy).
(function () {
  "use strict";
  function refresh(box) {
    fetch(box.dataset.refresh, { credentials: "same-origin", cache: "no-store" })
      .then(function (answer) { return answer.ok ? answer.text() : null; })
      .then(function (html) {
        if (html === null) { return; }
        box.innerHTML = html;
        box.dataset.refreshes = String(Number(box.dataset.refreshes || 0) + 1);
      })
      .catch(function () { /* the next push or poll tries again */ });
  }
  document.addEventListener("DOMContentLoaded", function () {
    var box = document.getElementById("overlay");
    if (!box) { return; }
    setInterval(function () { refresh(box); }, 1000 * Number(box.dataset.pollSeconds || 30));
    if (!window.EventSource || !box.dataset.events) { return; }
    var source = new EventSource(box.dataset.events);
    source.addEventListener("open", function () { box.dataset.push = "open"; });
    var seen = null;
    source.addEventListener("version", function (event) {
      // The stream opens with the event's version; every later message is a change.
      if (seen !== null) { refresh(box); }
      seen = event.data;
    });
  });
})();
