// The sealed pool page: sort and filter the pool's rows, and keep each member's deck size up to date while the team
// assigns cards. Pure progressive enhancement: without it the form still posts and the server counts.
(function () {
  "use strict";
  var table = document.getElementById("pool-table");
  if (!table) { return; }
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var filters = document.getElementById("pool-filters");
  var shown = document.getElementById("pool-shown");
  var form = document.getElementById("pool-form");
  var sortKey = "position", sortUp = true;
  var colorRank = { W: 0, U: 1, B: 2, R: 3, G: 4 };

  function colorSort(key) {
    if (key === "C") { return 9; }
    return key.length > 1 ? 5 + key.length / 10 : colorRank[key];
  }
  function sortValue(row, key) {
    var d = row.dataset;
    if (key === "position" || key === "mv") { return Number(d[key]); }
    if (key === "color") { return colorSort(d.color); }
    if (key === "rarity") { return ["common", "uncommon", "rare", "mythic"].indexOf(d.rarity); }
    return d[key] || "";
  }
  function sortRows() {
    rows.sort(function (a, b) {
      var x = sortValue(a, sortKey), y = sortValue(b, sortKey);
      var c = x < y ? -1 : x > y ? 1 : Number(a.dataset.position) - Number(b.dataset.position);
      return sortUp ? c : -c;
    });
    var frag = document.createDocumentFragment();
    rows.forEach(function (row) { frag.appendChild(row); });
    body.appendChild(frag);
  }
  function filterRows() {
    var name = filters.querySelector("[data-filter=name]").value.trim().toLowerCase();
    var colors = Array.prototype.slice.call(filters.querySelectorAll("[data-filter=color]:checked")).map(function (el) { return el.value; });
    var type = filters.querySelector("[data-filter=type]").value;
    var mv = filters.querySelector("[data-filter=mv]").value;
    var place = filters.querySelector("[data-filter=place]").value;
    var count = 0;
    rows.forEach(function (row) {
      var d = row.dataset;
      var key = d.color;
      var ok = (!name || d.name.indexOf(name) !== -1)
        && (!colors.length || colors.some(function (c) {
          if (c === "M") { return key.length > 1 && key !== "C"; }
          if (c === "C") { return key === "C"; }
          return key.indexOf(c) !== -1;
        }))
        && (!type || (" " + d.type + " ").indexOf(" " + type + " ") !== -1)
        && (!mv || d.mv === mv)
        && (!place || (place === "-" ? !row.querySelector("select").value : row.querySelector("select").value === place));
      row.hidden = !ok;
      if (ok) { count += 1; }
    });
    if (shown) { shown.textContent = count + " / " + rows.length; }
  }
  function recount() {
    var counts = {};
    var unassigned = 0;
    rows.forEach(function (row) {
      var value = row.querySelector("select").value;
      if (!value) { unassigned += 1; return; }
      var parts = value.split(":");
      counts[parts[0]] = counts[parts[0]] || { main: 0, side: 0, basics: 0 };
      counts[parts[0]][parts[1]] += 1;
    });
    form.querySelectorAll("[data-basics]").forEach(function (input) {
      var seat = input.dataset.basics;
      counts[seat] = counts[seat] || { main: 0, side: 0, basics: 0 };
      counts[seat].basics += Math.max(0, parseInt(input.value, 10) || 0);
    });
    var min = Number(form.dataset.minMain || 40);
    document.querySelectorAll("#pool-counts tr[data-seat]").forEach(function (tr) {
      var c = counts[tr.dataset.seat] || { main: 0, side: 0, basics: 0 };
      var main = tr.querySelector("[data-count=main]");
      main.textContent = String(c.main + c.basics);
      main.classList.toggle("short", tr.dataset.seat !== "" && c.main + c.basics < min);
      tr.querySelector("[data-count=basics]").textContent = String(c.basics);
      tr.querySelector("[data-count=side]").textContent = String(c.side);
    });
    var cell = document.querySelector("#pool-counts [data-count=unassigned]");
    if (cell) { cell.textContent = String(unassigned); }
  }
  table.querySelectorAll("[data-sort]").forEach(function (button) {
    button.addEventListener("click", function () {
      var key = button.dataset.sort;
      sortUp = key === sortKey ? !sortUp : true;
      sortKey = key;
      table.querySelectorAll("th").forEach(function (th) { th.removeAttribute("aria-sort"); });
      button.parentNode.setAttribute("aria-sort", sortUp ? "ascending" : "descending");
      sortRows();
    });
  });
  filters.addEventListener("input", filterRows);
  filters.addEventListener("change", filterRows);
  form.addEventListener("change", function (event) {
    if (event.target.matches("select[name^=c], [data-basics]")) { recount(); }
  });
  form.addEventListener("input", function (event) {
    if (event.target.matches("[data-basics]")) { recount(); }
  });
  filterRows();
  recount();
})();
