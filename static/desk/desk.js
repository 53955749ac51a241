// The event day (docs/desk.md): round clocks on every page, the desk's keyboard result entry and filters, the
// projector's page cycling, print buttons. No inline scripts: a strict Content Security Policy holds.
(function () {
  "use strict";
  function pad(n) { return n < 10 ? "0" + n : String(n); }
  function format(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    return h ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
  }
  // The server's clock is the clock: the page measures its offset from the server's "now" once per element and
  // counts down to the server's end.
  function tickClocks() {
    document.querySelectorAll("[data-clock-ends]").forEach(function (el) {
      if (!el.dataset.offset) {
        var serverNow = Date.parse(el.dataset.serverNow || "");
        el.dataset.offset = isNaN(serverNow) ? "0" : String(serverNow - Date.now());
      }
      // A fresh Date header's offset (hydra.js) beats the page's own: the page may be a copy revalidated by a 304.
      if (typeof window.hydraServerOffset === "number") { el.dataset.offset = String(window.hydraServerOffset); }
      var ends = Date.parse(el.dataset.clockEnds);
      if (isNaN(ends)) { return; }
      var left = Math.max(0, Math.ceil((ends - (Date.now() + Number(el.dataset.offset))) / 1000));
      var time = el.querySelector(".clock-time");
      if (time) { time.textContent = format(left); }
      if (left === 0 && !el.classList.contains("clock-over")) {
        el.classList.remove("clock-running");
        el.classList.add("clock-over");
        el.dataset.clockState = "over";
        var note = el.querySelector(".clock-note");
        if (note) { note.textContent = el.dataset.overText || ""; note.setAttribute("role", "alert"); }
      }
    });
  }

  // --- The desk: table number, Space, result, Enter --------------------------------------------------------------
  var filter = "";
  function applyFilter() {
    var search = document.getElementById("grid-search");
    var query = search ? search.value.trim().toLowerCase() : "";
    document.querySelectorAll(".grid-row").forEach(function (row) {
      var state = row.dataset.state;
      var show = (!filter || (filter === "playing" ? (state === "playing" || state === "overdue") : state === filter)) &&
        (!query || (row.dataset.search || "").indexOf(query) !== -1);
      row.hidden = !show;
    });
    document.querySelectorAll("[data-grid-filter]").forEach(function (link) {
      link.classList.toggle("active", link.dataset.gridFilter === filter);
    });
  }
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (target && target.id === "entry-table" && (event.key === " " || event.key === "Enter" || event.key === "Tab") && !event.shiftKey) {
      if (target.value.trim() === "") { return; }
      event.preventDefault();
      var result = document.getElementById("entry-result");
      if (result) { result.focus(); result.select(); }
    }
  });
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("[data-grid-filter]") : null;
    if (link) {
      event.preventDefault();
      filter = link.dataset.gridFilter || "";
      applyFilter();
      return;
    }
    var row = event.target.closest ? event.target.closest(".grid-row") : null;
    var table = document.getElementById("entry-table");
    if (row && table && row.dataset.state !== "bye") {
      table.value = row.dataset.table;
      var result = document.getElementById("entry-result");
      if (result) { result.focus(); result.select(); }
    }
    var drop = event.target.closest ? event.target.closest("[data-confirm-drop]") : null;
    if (drop && !window.confirm(drop.getAttribute("data-confirm-drop"))) { event.preventDefault(); return; }
    var printButton = event.target.closest ? event.target.closest("[data-print]") : null;
    if (printButton) { window.print(); }
  });
  document.addEventListener("input", function (event) {
    if (event.target && event.target.id === "grid-search") { applyFilter(); }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    if (!form || form.id !== "entry-form") { return; }
    var xhr = event.detail.xhr;
    var outcome = xhr && xhr.getResponseHeader ? xhr.getResponseHeader("X-Desk-Entry") : null;
    var table = document.getElementById("entry-table");
    var result = document.getElementById("entry-result");
    if (outcome === "saved") {
      var correct = document.getElementById("entry-correct");
      if (correct) { correct.checked = false; }  // a correction is asked for one table at a time
      table.value = "";
      result.value = "";
      table.focus();
    } else if (result) {
      result.focus();
      result.select();
    }
  });

  // --- The projector: pages cycle by themselves; a refresh keeps the page on show ---------------------------------
  // The server sends its pages (a section each); here each is cut again into screens that fit the window, measured
  // in the window itself (any screen, any font, long names that wrap), so every line is seen on some screen and
  // nothing runs off the bottom. Right arrow, Space or Page Down shows the next screen at once, left the previous.
  var pageIndex = 0;
  var screens = [];
  var BOTTOM_MARGIN = 12;
  function rowsOf(section) { return Array.prototype.slice.call(section.querySelectorAll("tbody tr")); }
  function layoutScreens() {
    var sections = Array.prototype.slice.call(document.querySelectorAll("[data-page]"));
    screens = [];
    if (!sections.length) { return; }
    sections.forEach(function (section) { section.hidden = true; });
    sections.forEach(function (section) {
      var rows = rowsOf(section);
      section.hidden = false;
      rows.forEach(function (row) { row.hidden = false; });
      if (!rows.length) {
        screens.push({section: section, from: 0, to: 0});
      } else {
        var limit = window.innerHeight - BOTTOM_MARGIN;
        var firstTop = rows[0].getBoundingClientRect().top;
        var from = 0, shift = 0;
        for (var i = 0; i < rows.length; i += 1) {
          var box = rows[i].getBoundingClientRect();
          if (i > from && box.bottom - shift > limit) {  // row i starts the next screen, drawn where row 0 is now
            screens.push({section: section, from: from, to: i});
            from = i;
            shift = box.top - firstTop;
          }
        }
        screens.push({section: section, from: from, to: rows.length});
      }
      section.hidden = true;
    });
    var groups = {};
    screens.forEach(function (screen) {
      var group = screen.section.dataset.pageGroup || "";
      groups[group] = (groups[group] || 0) + 1;
      screen.number = groups[group];
      screen.group = group;
    });
    screens.forEach(function (screen) { screen.of = groups[screen.group]; });
  }
  function showPage() {
    if (!screens.length) { return; }
    pageIndex = ((pageIndex % screens.length) + screens.length) % screens.length;
    var shown = screens[pageIndex];
    document.querySelectorAll("[data-page]").forEach(function (section) { section.hidden = section !== shown.section; });
    rowsOf(shown.section).forEach(function (row, i) { row.hidden = i < shown.from || i >= shown.to; });
    var count = shown.section.querySelector("[data-page-count]");
    if (count) { count.textContent = shown.of > 1 ? shown.number + "/" + shown.of : ""; }
    var screenElement = document.querySelector("[data-cycle-seconds]");
    if (screenElement) { screenElement.dataset.shownScreen = String(pageIndex); }
  }
  function cycle() {
    var screen = document.querySelector("[data-cycle-seconds]");
    if (!screen) { return; }
    pageIndex += 1;
    showPage();
  }
  document.addEventListener("keydown", function (event) {
    if (!document.querySelector("[data-cycle-seconds]") || !screens.length) { return; }
    if (event.key === "ArrowRight" || event.key === " " || event.key === "PageDown") { pageIndex += 1; }
    else if (event.key === "ArrowLeft" || event.key === "PageUp") { pageIndex -= 1; }
    else { return; }
    event.preventDefault();
    showPage();
  });
  window.addEventListener("resize", function () {
    if (document.querySelector("[data-cycle-seconds]")) { layoutScreens(); showPage(); }
  });

  function refreshed() {
    tickClocks();
    applyFilter();
    if (document.querySelector("[data-cycle-seconds]")) { layoutScreens(); }
    showPage();
  }
  document.addEventListener("DOMContentLoaded", function () {
    refreshed();
    var screen = document.querySelector("[data-cycle-seconds]");
    if (screen) { setInterval(cycle, 1000 * Number(screen.dataset.cycleSeconds || 12)); }
  });
  document.addEventListener("htmx:afterSwap", refreshed);
  setInterval(tickClocks, 250);
})();
