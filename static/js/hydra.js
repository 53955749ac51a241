// Hydra's only script besides htmx. No inline scripts anywhere, so a strict Content Security Policy holds.
// Countdowns: <span data-deadline="ISO-8601" data-server-now="ISO-8601">. The server's clock is the clock: the page
// measures its offset from the server's "now" once and counts down to the server's deadline.
(function () {
  "use strict";
  function tick() {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      if (!el.dataset.offset) {
        var serverNow = Date.parse(el.dataset.serverNow || "");
        el.dataset.offset = isNaN(serverNow) ? "0" : String(serverNow - Date.now());
      }
      var deadline = Date.parse(el.dataset.deadline);
      if (isNaN(deadline)) { return; }
      var left = Math.max(0, Math.ceil((deadline - (Date.now() + Number(el.dataset.offset))) / 1000));
      // data-format="clock": minutes and seconds (the deck-building clock); else seconds (a pick).
      el.textContent = el.dataset.format === "clock"
        ? Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") : String(left);
      el.setAttribute("aria-label", left + " s");
    });
  }
  // Forms or buttons with data-confirm ask once before they submit. A form htmx sends (hx-post) asks in
  // htmx:confirm below, so it isn't asked here as well; the button pressed may carry its own question.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.dataset || form.hasAttribute("hx-post") || form.hasAttribute("hx-get")) { return; }
    var button = event.submitter;
    var message = (button && button.getAttribute("data-confirm")) || form.dataset.confirm;
    if (message && !window.confirm(message)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
  document.addEventListener("htmx:confirm", function (event) {
    var message = event.detail.elt.getAttribute("data-confirm");
    if (message) {
      event.preventDefault();
      if (window.confirm(message)) { event.detail.issueRequest(true); }
    }
  });
  // Live pages (portal.conditional) poll with ?partial=1; the browser revalidates with If-None-Match and, on a 304,
  // hands htmx its cached copy. An answer with the ETag the region already shows changes nothing: don't swap it, so
  // focus, scroll position and screen readers aren't disturbed.
  // Polls say which copy they hold (If-None-Match, the ETag last answered for that address): a signed-in phone's
  // watched pages answer 304 from the cache while nothing they show changed (common/polls.py, docs/deploy.md
  // "Polling"). A 304 or the same ETag swaps nothing. A 503 (the server full) pauses the polls for its Retry-After.
  var etags = {};
  var pausedUntil = 0;
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.verb !== "get") { return; }
    var held = etags[event.detail.path];
    if (held) { event.detail.headers["If-None-Match"] = held; }
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    var polling = elt && elt.getAttribute && /every /.test(elt.getAttribute("hx-trigger") || "");
    if (polling && Date.now() < pausedUntil) { event.preventDefault(); }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || !xhr.getResponseHeader) { return; }
    serverTime(xhr.getResponseHeader("Date"));
    var etag = xhr.getResponseHeader("ETag");
    var path = event.detail.requestConfig && event.detail.requestConfig.path;
    if (etag && path && (xhr.status === 200 || xhr.status === 304)) { etags[path] = etag; }
    if (xhr.status === 503) {
      var wait = parseInt(xhr.getResponseHeader("Retry-After") || "", 10);
      pausedUntil = Date.now() + 1000 * (isNaN(wait) ? 10 : Math.min(Math.max(wait, 1), 300));
    }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    var xhr = event.detail.xhr;
    if (xhr && xhr.status === 304) {
      event.detail.shouldSwap = false;
      event.detail.isError = false;
      return;
    }
    var etag = xhr && xhr.getResponseHeader ? xhr.getResponseHeader("ETag") : null;
    if (etag && target && target.dataset && target.dataset.etag === etag) {
      event.detail.shouldSwap = false;
    }
  });
  // The round clock is counted on the phone from its end (desk.js), never polled each second. A page may be a copy
  // revalidated with a 304, so its data-server-now can be old: the offset to the server's clock is taken from a
  // fresh Date header instead, of every poll's answer and, where a clock runs, of one HEAD of a static file.
  function serverTime(header) {
    var at = Date.parse(header || "");
    // Date has whole seconds: +500 ms is the middle of the second the server was in.
    if (!isNaN(at)) { window.hydraServerOffset = at + 500 - Date.now(); }
  }
  function measureServerTime() {
    if (!window.fetch || !document.querySelector("[data-clock-ends]")) { return; }
    var script = document.querySelector("script[src*='hydra']");
    if (!script) { return; }
    fetch(script.src, {method: "HEAD", cache: "no-store"}).then(function (answer) {
      serverTime(answer.headers.get("Date"));
    }).catch(function () { /* the page's data-server-now stands */ });
  }
  document.addEventListener("DOMContentLoaded", measureServerTime);
  // The live draft: a card is picked with two taps (choose, then confirm; the server records only the second). When
  // the pack on the table changes, taps are ignored for a moment so a tap meant for the old pack picks nothing.
  var PICK_GUARD_MS = 700;
  var pickKey = null;
  var pickGuardUntil = 0;
  var announced = null;
  function draftChanged() {
    var state = document.getElementById("draft-state");
    if (!state) { return; }
    var key = state.getAttribute("data-pick-key");
    if (pickKey !== null && key !== pickKey) {
      pickGuardUntil = Date.now() + PICK_GUARD_MS;
      // Said on the page too (tests wait for it to end rather than for a time).
      document.documentElement.setAttribute("data-pick-guard", "");
      setTimeout(function () {
        if (Date.now() >= pickGuardUntil) { document.documentElement.removeAttribute("data-pick-guard"); }
      }, PICK_GUARD_MS + 20);
    }
    pickKey = key;
    // Screen readers hear whose turn it is when that changes, not every tick of the countdown.
    var announce = state.getAttribute("data-announce") || "";
    var region = document.getElementById("draft-announce");
    if (region && announced !== null && announce !== announced) { region.textContent = announce; }
    announced = announce;
  }
  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.classList && elt.classList.contains("pick-form") && Date.now() < pickGuardUntil) {
      event.preventDefault();
    }
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.classList && form.classList.contains("pick-form") && Date.now() < pickGuardUntil) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
  // Live push (Server-Sent Events): when the table changes the server says so at once, and the region refreshes
  // without waiting for its next poll. The poll every second stays as the fallback; a 204 (no push on this server)
  // closes the stream for good.
  var pushedVersion = null;
  function listenToDraft() {
    var state = document.getElementById("draft-state");
    if (!state || !window.EventSource || !state.getAttribute("data-events")) { return; }
    var source = new EventSource(state.getAttribute("data-events"));
    source.addEventListener("version", function (event) {
      if (pushedVersion !== null && event.data !== pushedVersion) {
        var current = document.getElementById("draft-state");
        if (current && window.htmx) { window.htmx.trigger(current, "hydra-push"); }
      }
      pushedVersion = event.data;
    });
  }
  // Invitation links (and any <button data-copy="input-id">): copy the input's text, say so in data-status's
  // element; <button data-share="input-id"> appears where the phone can share (Web Share API) and opens its sheet.
  function copyText(input) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(input.value);
    input.select();
    return document.execCommand("copy") ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-copy], button[data-share]");
    if (!button) return;
    var input = document.getElementById(button.dataset.copy || button.dataset.share);
    var status = document.getElementById(button.dataset.status);
    if (!input) return;
    if (button.dataset.share) {
      navigator.share({title: button.dataset.shareTitle || document.title, url: input.value}).catch(function () {});
      return;
    }
    copyText(input).then(function () {
      if (status) status.textContent = button.dataset.done;
    }, function () {
      input.select();
      if (status) status.textContent = button.dataset.failed;
    });
  });
  function offerSharing() {
    if (!navigator.share) return;
    document.querySelectorAll("button[data-share][hidden]").forEach(function (button) { button.hidden = false; });
  }
  // /events/new/: only the questions the chosen format asks (data-asks on each choice, data-question on each
  // question); none before a format is chosen (issue 56). Without scripts every question shows.
  function presetQuestions() {
    var form = document.getElementById("event-new");
    if (!form) return;
    var chosen = form.querySelector("input[name=preset]:checked");
    var asks = chosen ? (chosen.getAttribute("data-asks") || "").split(" ") : [];
    form.querySelectorAll("[data-question]").forEach(function (element) {
      element.hidden = !element.getAttribute("data-question").split(" ").some(function (question) {
        return asks.indexOf(question) >= 0;
      });
    });
  }
  document.addEventListener("change", function (event) {
    if (event.target && event.target.name === "preset") presetQuestions();
  });
  document.addEventListener("DOMContentLoaded", presetQuestions);
  document.addEventListener("DOMContentLoaded", offerSharing);
  document.addEventListener("DOMContentLoaded", listenToDraft);
  document.addEventListener("DOMContentLoaded", draftChanged);
  document.addEventListener("htmx:afterSwap", draftChanged);
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:afterSwap", tick);
  setInterval(tick, 250);
})();
