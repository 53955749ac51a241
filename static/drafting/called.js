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

  function render(kind) {
    var box = root.querySelector('[data-kind="' + kind + '"]');
    var timer = state[kind];
    if (!box) { return; }
    if (!timer) { box.hidden = true; return; }
    box.hidden = false;
    var now = Date.now() / 1000 + offset;
    var end = timer.paused_at !== null ? timer.paused_at : now;
    var elapsed = Math.max(0, end - timer.started - timer.paused_seconds);
    var where = position(timer.schedule, elapsed);
    var what, status = "";
    if (where.index === null) {
      what = root.dataset[kind === "draft" ? "tDraftOver" : "tBuildOver"];
    } else {
      var seg = timer.schedule[where.index];
      if (seg.kind === "pick") {
        what = fill(root.dataset[seg.passing === "left" ? "tPickLeft" : "tPickRight"], seg);
      } else if (seg.kind === "review") {
        what = fill(root.dataset.tReview, seg);
      } else {
        what = root.dataset.tBuild;
      }
    }
    if (timer.paused_at !== null) { status = root.dataset.tPaused; }
    box.dataset.elapsed = elapsed.toFixed(2);
    box.dataset.index = where.index === null ? "over" : String(where.index);
    box.dataset.paused = timer.paused_at !== null ? "1" : "0";
    box.querySelector("[data-what]").textContent = what;
    box.querySelector("[data-left]").textContent = where.index === null ? "0:00" : clock(where.left);
    box.querySelector("[data-status]").textContent = status;
    var key = timer.version + ":" + where.index;
    if (last[kind] !== undefined && last[kind] !== key && timer.paused_at === null) { signal(); }
    last[kind] = key;
  }

  function tick() {
    render("draft");
    render("build");
    var idle = root.querySelector("[data-idle]");
    if (idle) { idle.hidden = Boolean(state.draft || state.build); }
  }

  function poll() {
    var note = root.querySelector("[data-offline]");
    fetch(root.dataset.stateUrl, {cache: "no-store", credentials: "same-origin"})
      .then(function (response) { if (!response.ok) { throw new Error(String(response.status)); } return response.json(); })
      .then(function (fresh) {
        state = fresh;
        offset = fresh.server_now - Date.now() / 1000;
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
