// The player app and notifications (docs/portal.md, "Notifications"): registers the service worker (/sw.js), shows
// the banner when the live push says a notification came, and switches this browser's Web Push on and off on the
// choices page. No inline script: the page hands URLs and words over in data- attributes.
(function () {
  "use strict";
  function csrf() {
    var field = document.querySelector("[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }
  function post(url, fields) {
    var body = new FormData();
    Object.keys(fields).forEach(function (key) { body.append(key, fields[key]); });
    return fetch(url, {method: "POST", body: body, credentials: "same-origin", headers: {"X-CSRFToken": csrf()}});
  }
  function keyBytes(base64) {
    var padded = (base64 + "===".slice((base64.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(padded);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { bytes[i] = raw.charCodeAt(i); }
    return bytes;
  }

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch(function () { /* the site works without it */ });
  }

  // The banner: the person's stream sends their unread count; a count above the first one fetches the banner.
  var banner = document.getElementById("notification-banner");
  if (banner && window.EventSource) {
    var first = null;
    var stream = new EventSource(banner.dataset.eventsUrl);
    stream.addEventListener("error", function () {
      if (stream.readyState === EventSource.CLOSED) { stream.close(); }  // a 204: this server doesn't stream
    });
    window.addEventListener("pagehide", function () { stream.close(); });
    stream.addEventListener("version", function (event) {
      var count = Number(event.data);
      if (first === null) { first = count; return; }
      if (count > first) {
        first = count;
        fetch(banner.dataset.bannerUrl, {credentials: "same-origin"}).then(function (answer) {
          return answer.ok ? answer.text() : "";
        }).then(function (html) {
          var box = new DOMParser().parseFromString(html, "text/html").body.firstElementChild;
          banner.replaceChildren();
          if (box) { banner.appendChild(box); banner.hidden = false; }
        });
      }
    });
  }

  // Push on this device (the choices page).
  var panel = document.getElementById("push-panel");
  if (!panel || !("serviceWorker" in navigator) || !("PushManager" in window)) { return; }
  var state = document.getElementById("push-state");
  var words = document.getElementById("push-words").dataset;
  var on = document.getElementById("push-on");
  var off = document.getElementById("push-off");
  function show(subscription) {
    state.textContent = subscription ? words.on : words.off;
    on.hidden = !!subscription;
    off.hidden = !subscription;
  }
  navigator.serviceWorker.ready.then(function (registration) {
    registration.pushManager.getSubscription().then(show);
    on.addEventListener("click", function () {
      registration.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: keyBytes(panel.dataset.vapidKey)})
        .then(function (subscription) {
          var json = subscription.toJSON();
          return post(panel.dataset.subscribeUrl, {endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth})
            .then(function () { show(subscription); });
        }).catch(function () { show(null); });
    });
    off.addEventListener("click", function () {
      registration.pushManager.getSubscription().then(function (subscription) {
        if (!subscription) { return show(null); }
        return post(panel.dataset.unsubscribeUrl, {endpoint: subscription.endpoint}).then(function () {
          return subscription.unsubscribe();
        }).then(function () { show(null); });
      });
    });
  });
})();
