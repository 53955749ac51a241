/* The called draft and the deck building timer (issue 40, docs/drafting.md "Paper draft").
 * Every page computes the call from the schedule and the stopwatch the server gave (drafting/called.py does the
 * same arithmetic), with the offset between the server's clock and this device's, so phones and the projector
 * agree and the page goes on without any network. It asks call/state/ every few seconds for pauses and restarts;
 * a failed request changes nothing but the "offline" note. */
(function () {
  "use strict";
  var root = document.querySelector("[data-called]");
  if (!root) { return; }
  var source = document.getElementById("event-timers");
  var state = JSON.parse(source.textContent);
  var offset = state.server_now - Date.now() / 1000;
  var last = {};
  var sound = null;
  var POLL_MS = 2000;

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_m, key) { return values[key]; });
  }

  function clock(seconds) {
    var whole = Math.ceil(seconds);
    var m = Math.floor(whole / 60), s = whole % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function position(schedule, elapsed) {
    var end = 0;
    for (var i = 0; i < schedule.length; i++) {
      end += schedule[i].seconds;
      if (elapsed < end) { return {index: i, left: end - elapsed}; }
    }
    return {index: null, left: 0};
  }

  function signal() {
    if (navigator.vibrate) { try { navigator.vibrate(200); } catch (e) { /* not allowed */ } }
    if (!sound) { return; }
    var osc = sound.createOscillator(), gain = sound.createGain();
    osc.frequency.value = 880; gain.gain.value = 0.2;
    osc.connect(gain); gain.connect(sound.destination);
    osc.start(); osc.stop(sound.currentTime + 0.25);
  }

  function describe(seg) {
    var data = root.dataset;
    if (seg.kind === "build") { return data.tBuild; }
    if (seg.seat) {  // a team Rochester table: whose pick it is in the horseshoe order, who lays out the pack
      return fill(seg.kind === "pick" ? data.tRochPick : data.tRochReview, seg);
    }
    if (seg.kind === "review") { return fill(data.tReview, seg); }
    if (seg.take === 2) { return fill(seg.passing === "left" ? data.tPick2Left : data.tPick2Right, seg); }
    return fill(seg.passing === "left" ? data.tPickLeft : data.tPickRight, seg);
  }

  function show(box, timer, key, overText) {
    var now = Date.now() / 1000 + offset;
    var end = timer.paused_at !== null ? timer.paused_at : now;
    var elapsed = Math.max(0, end - timer.started - timer.paused_seconds);
    var where = position(timer.schedule, elapsed);
    var seg = where.index === null ? null : timer.schedule[where.index];
    box.dataset.elapsed = elapsed.toFixed(2);
    box.dataset.index = where.index === null ? "over" : String(where.index);
    box.dataset.paused = timer.paused_at !== null ? "1" : "0";
    box.querySelector("[data-what]").textContent = seg ? describe(seg) : overText;
    box.querySelector("[data-left]").textContent = seg ? clock(where.left) : "0:00";
    box.querySelector("[data-status]").textContent = timer.paused_at !== null ? root.dataset.tPaused : "";
    var next = box.querySelector("[data-next]");
    if (next) { next.textContent = seg && seg.next_opener ? fill(root.dataset.tRochNext, seg) : ""; }
    var mark = timer.version + ":" + where.index;
    if (last[key] !== undefined && last[key] !== mark && timer.paused_at === null) { signal(); }
    last[key] = mark;
  }

  function render(kind) {
    var box = root.querySelector('[data-kind="' + kind + '"]');
    var timer = state[kind];
    if (!box) { return; }
    if (!timer) { box.hidden = true; return; }
    box.hidden = false;
    show(box, timer, kind, root.dataset[kind === "draft" ? "tDraftOver" : "tBuildOver"]);
  }

  function calls() {
    var holder = root.querySelector("[data-calls]");
    if (!holder) { return; }
    var wanted = {};
    (state.calls || []).forEach(function (call) {
      wanted[call.id] = true;
      var box = holder.querySelector('[data-call="' + call.id + '"]');
      if (!box) {
        box = document.createElement("div");
        box.className = "called-timer";
        box.dataset.call = String(call.id);
        ["h2.called-label|label", "p.called-what|what", "p.called-left|left", "p.called-next|next",
         "p.called-status|status"].forEach(function (spec) {
          var parts = spec.split("|"), tag = parts[0].split(".");
          var el = document.createElement(tag[0]);
          el.className = tag[1];
          el.setAttribute("data-" + parts[1], "");
          if (parts[1] === "left") { el.setAttribute("role", "timer"); el.setAttribute("aria-live", "off"); }
          box.appendChild(el);
        });
        holder.appendChild(box);
      }
      box.querySelector("[data-label]").textContent = call.label;
      show(box, call, "call" + call.id, root.dataset[call.kind === "draft" ? "tDraftOver" : "tBuildOver"]);
    });
    Array.prototype.forEach.call(holder.querySelectorAll("[data-call]"), function (box) {
      if (!wanted[box.dataset.call]) { holder.removeChild(box); }
    });
  }

  function tick() {
    render("draft");
    render("build");
    calls();
    var idle = root.querySelector("[data-idle]");
    if (idle) { idle.hidden = Boolean(state.draft || state.build || (state.calls && state.calls.length)); }
  }

  // Each poll says which answer it holds (If-None-Match): while no timer, table or pod changed a signed-in phone
  // gets 304 from the server's cache (common/polls.py), keeps its state and takes the server's time from the Date
  // header (whole seconds: +0.5 s is the middle of that second).
  var etag = null;
  function poll() {
    var note = root.querySelector("[data-offline]");
    var headers = etag ? {"If-None-Match": etag} : {};
    fetch(root.dataset.stateUrl, {cache: "no-store", credentials: "same-origin", headers: headers})
      .then(function (response) {
        var date = Date.parse(response.headers.get("Date") || "");
        if (response.status === 304) {
          if (!isNaN(date)) { offset = (date + 500 - Date.now()) / 1000; }
          return null;
        }
        if (!response.ok) { throw new Error(String(response.status)); }
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (fresh) {
        if (fresh) {
          state = fresh;
          offset = fresh.server_now - Date.now() / 1000;
        }
        note.hidden = true;
        tick();
      })
      .catch(function () { note.textContent = root.dataset.tOffline; note.hidden = false; });
  }

  var button = root.querySelector("[data-sound]");
  if (button) {
    button.addEventListener("click", function () {
      var Context = window.AudioContext || window.webkitAudioContext;
      if (Context && !sound) { sound = new Context(); }
      button.hidden = true;
      signal();
    });
  }
  tick();
  window.setInterval(tick, 200);
  window.setInterval(poll, POLL_MS);
})();
