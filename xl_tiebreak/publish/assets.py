"""The page's style and its one small script, written for this page (no library): the script
switches the round shown, turns the tie-break values of a table it shows into buttons and opens a
value's account (inflating that round's accounts the first time); everything else works without
it."""

from __future__ import annotations

__all__ = ["CSS", "SCRIPT"]

CSS = """
:root { --fg: #1b1b1b; --muted: #5f6368; --line: #d9dce1; --head: #eef1f5; --accent: #1f3a93; --zebra: #f7f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
       color: var(--fg); background: #fff; }
header, main, footer { max-width: 1200px; margin: 0 auto; padding: 0 12px; }
h1 { font-size: 1.5rem; margin: .8rem 0 .2rem; }
h2 { font-size: 1.2rem; border-bottom: 2px solid var(--accent); padding-bottom: .15rem; margin: 1.4rem 0 .5rem; }
h3 { font-size: 1.02rem; margin: .9rem 0 .3rem; }
.meta { margin: 0 0 .3rem; }
.note, footer { color: var(--muted); font-size: .9rem; }
footer { border-top: 1px solid var(--line); margin-top: 2rem; padding-top: .5rem; padding-bottom: 1rem; }
nav { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid var(--line); }
nav ul { display: flex; flex-wrap: wrap; gap: .15rem 1.1rem; list-style: none; margin: 0 auto; padding: .45rem 12px;
         max-width: 1200px; }
nav a, main a { color: var(--accent); text-decoration: none; }
section[id], tr[id] { scroll-margin-top: 4.5rem; }  /* an anchor's target clear of the sticky bar */
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; max-width: 100%; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: .22rem .55rem; border-bottom: 1px solid var(--line); white-space: nowrap; }
td { text-align: right; }  /* most cells are numbers: the few texts say so (a smaller page) */
th, td.l, td.name { text-align: left; }
th { background: var(--head); font-weight: 600; }
th.n { text-align: right; }
tbody tr:nth-child(even) { background: var(--zebra); }
td.name { position: sticky; left: 0; background: #fff; }
tbody tr:nth-child(even) td.name { background: var(--zebra); }
tr:target td { background: #fff3c4; }
button.v { font: inherit; color: var(--accent); background: none; border: 0; border-bottom: 1px dotted var(--accent);
           padding: 0; cursor: pointer; }
button.v:focus-visible, .picker button:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
.picker { display: flex; flex-wrap: wrap; gap: .3rem; margin: .4rem 0 .6rem; align-items: center; }
.picker button { font: inherit; min-width: 2.7rem; padding: .3rem .55rem; border: 1px solid var(--line);
                 background: #fff; border-radius: 4px; cursor: pointer; }
.picker button[aria-pressed="true"] { background: var(--accent); color: #fff; border-color: var(--accent); }
dl.legend-tb { display: grid; grid-template-columns: max-content 1fr; gap: .15rem .9rem; margin: .3rem 0; }
dl.legend-tb dt { font-weight: 600; }
dl.legend-tb dd { margin: 0; }
dialog { width: min(96vw, 980px); max-height: 88vh; padding: 0; border: 1px solid var(--line); border-radius: 6px; }
dialog::backdrop { background: rgba(0, 0, 0, .35); }
.bar { display: flex; justify-content: space-between; align-items: center; gap: .5rem; padding: .35rem .6rem;
       border-bottom: 1px solid var(--line); background: var(--head); position: sticky; top: 0; }
.bar button { font: inherit; padding: .25rem .8rem; cursor: pointer; }
dialog pre { margin: 0; padding: .8rem; overflow: auto; white-space: pre;
             font: 13px/1.4 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
.chart { display: block; width: 100%; min-width: 460px; max-width: 860px; height: auto; }
.chart .grid { stroke: #e3e6ea; stroke-width: 1; }
.chart .tick, .chart .axis { font: 15px sans-serif; fill: #5f6368; }
ol.legend { display: flex; flex-wrap: wrap; gap: .2rem 1.1rem; list-style: none; padding: 0; margin: .4rem 0; }
ol.legend svg { vertical-align: middle; margin-right: .3rem; }
.hint { display: none; }
.js .hint { display: block; }
@media (max-width: 640px) {
  body { font-size: 14px; }
  .opt { display: none; }
  th, td { padding: .2rem .35rem; }
  h1 { font-size: 1.25rem; }
  dialog pre { font-size: 11.5px; padding: .5rem; }
}
@media print {
  nav, .picker, dialog, .hint, .noprint { display: none !important; }
  html { font-size: 9pt; }
  body { font-size: 1rem; }
  .chart { min-width: 0; max-width: 15cm; }
  #chart { break-inside: avoid; }
  header, main, footer { max-width: none; padding: 0; }
  button.v { color: inherit; border: 0; }
  td.name { position: static; }
  .scroll { overflow: visible; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  h2, h3 { break-after: avoid; }
  a { color: inherit !important; }
  th { background: #eee !important; }
}
"""

SCRIPT = """
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var dialog = document.getElementById("account");
  var text = document.getElementById("account-text");
  var title = document.getElementById("account-title");
  var rounds = document.querySelectorAll("section.round");
  var last = rounds.length ? rounds[rounds.length - 1].getAttribute("data-round") : null;
  var books = {};
  function inflate(r) {  /* a round's accounts: base64 of zlib-compressed JSON */
    var store = document.getElementById("accounts-" + r);
    var packed = atob(store.textContent);
    var bytes = new Uint8Array(packed.length);
    for (var i = 0; i < packed.length; i++) { bytes[i] = packed.charCodeAt(i); }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    var codes = Number(store.getAttribute("data-codes"));
    return new Response(stream).text().then(function (json) {
      var got = JSON.parse(json);
      got.codes = codes;
      return got;
    });
  }
  function book(r) {  /* inflated once; a browser without DecompressionStream gets a refusal, shown */
    if (!books[r]) {
      try { books[r] = inflate(r); } catch (error) { return Promise.reject(error); }
    }
    return books[r];
  }
  function buttons(table) {  /* the table's tie-break values become buttons that open their accounts */
    if (!table || table.getAttribute("data-ready")) { return; }
    table.setAttribute("data-ready", "1");
    var r = table.getAttribute("data-r");
    var first = Number(table.getAttribute("data-tb"));
    var heads = table.tHead.rows[0].cells;
    var store = document.getElementById("accounts-" + r);
    var codes = store ? Number(store.getAttribute("data-codes")) : 0;
    var when = r === last ? "" : " (after round " + r + ")";
    var body = table.tBodies[0].rows;
    for (var i = 0; i < body.length; i++) {
      var row = body[i];
      var name = row.querySelector("td.name");
      var who = name.previousElementSibling.textContent + " " + name.textContent;
      for (var j = 0; j < codes; j++) {
        var cell = row.cells[first + j];
        var button = document.createElement("button");
        button.type = "button";
        button.className = "v";
        button.setAttribute("data-j", String(j));
        button.setAttribute("aria-label", heads[first + j].textContent + " of " + who + when);
        button.textContent = cell.textContent;
        cell.textContent = "";
        cell.appendChild(button);
      }
    }
  }
  function show(value) {
    var table = value.closest("table");
    var r = table.getAttribute("data-r");
    var k = Number(value.closest("tr").getAttribute("data-k"));
    var j = Number(value.getAttribute("data-j"));
    book(r).then(function (got) {
      var ids = got.ids[k * got.codes + j];
      var lines = [];
      for (var i = 0; i < ids.length; i++) { lines.push(got.lines[ids[i]]); }
      text.textContent = lines.join("\\n");
      title.textContent = value.getAttribute("aria-label");
      if (!dialog.open) { dialog.showModal(); }
    }, function (error) {
      text.textContent = "This browser could not read the accounts (" + error + ").";
      title.textContent = value.getAttribute("aria-label");
      if (!dialog.open) { dialog.showModal(); }
    });
  }
  function showRound(n) {
    for (var i = 0; i < rounds.length; i++) {
      var shown = rounds[i].getAttribute("data-round") === n;
      rounds[i].hidden = !shown;
      if (shown) { buttons(rounds[i].querySelector("table")); }
    }
    var picks = document.querySelectorAll(".picker button");
    for (var j = 0; j < picks.length; j++) {
      picks[j].setAttribute("aria-pressed", String(picks[j].getAttribute("data-round") === n));
    }
  }
  var tables = document.querySelectorAll("table[data-r]");
  for (var t = 0; t < tables.length; t++) {
    if (!tables[t].closest("[hidden]")) { buttons(tables[t]); }
  }
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) { return; }
    var value = target.closest("button.v");
    if (value) { show(value); return; }
    var round = target.closest(".picker button");
    if (round) { showRound(round.getAttribute("data-round")); return; }
    if (target === dialog) { dialog.close(); }
  });
})();
"""
