"""The page's style and its one small script, written for this page (no library): the script
switches the round shown (making an earlier round's table from its data block the first time),
turns the tie-break values of a table it shows into buttons and opens a value's account
(inflating that round's accounts the first time), and a player's name into a button that opens
their card (:mod:`.card_script`); it makes a round's pairings, a large crosstable and a large
starting list from their data blocks when they come into view (their blocks inflated once the
page is idle, and laid out before a print, so that the paper has them), orders the crosstable by
start number or by rank, sorts a table by the column whose head is clicked, keeps the rows of the
player typed in the search box, and downloads a table as CSV (a Blob: nothing is fetched);
everything else works without it.

Printed, the page is A4 landscape, the wide tables in a smaller type so that every column of a
20-round crosstable fits (the running heads are :func:`.page.document`'s own style element).

The style keeps a table's header row and its first column (Rk, or No in the crosstable) and
name column in view while the table scrolls inside its box, and on a phone (up to 640 px wide) the
points too (the 6th column of a table of class ``p6``, the 4th of ``p4``), the name column then a
fixed width whose long names wrap; nothing makes the page itself wider than the screen."""

from __future__ import annotations

from .card_script import CARD_CSS, CARD_SCRIPT

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
h1, h2, h3, p, dd, li, footer { overflow-wrap: anywhere; }  /* a long unbroken name never widens the page */
.note, footer { color: var(--muted); font-size: .9rem; }
footer { border-top: 1px solid var(--line); margin-top: 2rem; padding-top: .5rem; padding-bottom: 1rem; }
nav { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid var(--line); }
nav ul { display: flex; flex-wrap: wrap; gap: .15rem 1.1rem; list-style: none; margin: 0 auto; padding: .45rem 12px;
         max-width: 1200px; }
nav a, main a { color: var(--accent); text-decoration: none; }
section[id], tr[id] { scroll-margin-top: 7.5rem; }  /* an anchor's target clear of the sticky bar and search box */
/* a table scrolls inside its box, both ways, so that its header row and first columns can stay in view */
.scroll { overflow: auto; -webkit-overflow-scrolling: touch; max-width: 100%; max-height: 85vh; }
table { border-collapse: separate; border-spacing: 0; font-variant-numeric: tabular-nums; }
th, td { padding: .22rem .55rem; border-bottom: 1px solid var(--line); white-space: nowrap; background: #fff; }
td { text-align: right; }  /* most cells are numbers: the few texts say so (a smaller page) */
th, td.l, td.name, table.x td { text-align: left; }
table.x td:first-child, table.x td:nth-last-child(-n+2) { text-align: right; }
th { background: var(--head); font-weight: 600; position: sticky; top: 0; z-index: 2; }
th.n { text-align: right; }
tbody tr:nth-child(even) td { background: var(--zebra); }
.name { position: sticky; left: 0; z-index: 1; }
table.rk tr > :first-child { position: sticky; left: 0; z-index: 1; width: 3.4rem; min-width: 3.4rem;
                             max-width: 3.4rem; white-space: normal; }
table.rk .name { left: 3.4rem; }
th.name, table.rk th:first-child { z-index: 3; }
table.x th, table.x td { padding-left: .4rem; padding-right: .4rem; }
@media (min-width: 641px) {  /* a wide crosstable keeps its points and rank in view at the right */
  table.x tr > :last-child { position: sticky; right: 0; z-index: 1; width: 4.2rem; min-width: 4.2rem;
                             white-space: normal; }
  table.x tr > :nth-last-child(2) { position: sticky; right: 4.2rem; z-index: 1; box-shadow: inset 1px 0 var(--line); }
  table.x th:last-child, table.x th:nth-last-child(2) { z-index: 3; }
}
tbody tr:target td { background: #fff3c4; }
table.sq td.c, table.sq th.c { text-align: center; min-width: 2.1rem; }
table.sq td.d { background: #c9ced6; text-align: center; }
button.v { font: inherit; color: var(--accent); background: none; border: 0; border-bottom: 1px dotted var(--accent);
           padding: 0; cursor: pointer; }
button.card { font: inherit; color: var(--accent); background: none; border: 0; padding: 0; cursor: pointer;
               text-align: left; overflow-wrap: anywhere; }
button.card:focus-visible, button.v:focus-visible, .picker button:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
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
button.sort { font: inherit; font-weight: 600; color: inherit; background: none; border: 0; padding: 0;
              cursor: pointer; text-align: inherit; }
th[aria-sort="ascending"] button.sort::after { content: " \\25B2" / ""; font-size: .7em; }  /* aria-sort says it */
th[aria-sort="descending"] button.sort::after { content: " \\25BC" / ""; font-size: .7em; }
.find { display: none; margin: 0 auto; padding: 0 12px .4rem; max-width: 1200px; }
.find input { font: inherit; width: min(100%, 22rem); padding: .25rem .5rem; border: 1px solid var(--line);
              border-radius: 4px; }
.js .find { display: block; }
.hint, .picker { display: none; }
.js .hint { display: block; }
.js .picker { display: flex; }
.js .nojs { display: none; }
@media (max-width: 640px) {
  body { font-size: 14px; }
  .opt { display: none; }
  th, td { padding: .2rem .35rem; }
  table.rk .name { width: 8.5rem; min-width: 8.5rem; max-width: 8.5rem; white-space: normal;
                   overflow-wrap: anywhere; }
  table.p6 tr > :nth-child(6), table.p4 tr > :nth-child(4) { position: sticky; left: 11.9rem; z-index: 1;
                                                              box-shadow: inset -1px 0 var(--line); }
  table.p6 th:nth-child(6), table.p4 th:nth-child(4) { z-index: 3; }
  h1 { font-size: 1.25rem; }
  dialog pre { font-size: 11.5px; padding: .5rem; }
}
button.csv { font: inherit; font-size: .8rem; margin: .1rem 0 .3rem; padding: .1rem .5rem; cursor: pointer;
             border: 1px solid var(--line); background: #fff; border-radius: 4px; color: var(--accent); }
""" + CARD_CSS + """@page { size: A4 landscape; margin: 14mm 8mm 12mm; }
@media print {
  nav, .picker, dialog, .hint, .noprint, .find, button.csv { display: none !important; }
  #matches section.pairs[hidden] { display: block !important; }  /* a team page prints every round's matches */
  table.x, table.sq, table.pairs { font-size: 7pt; }  /* a 20-round crosstable keeps every column on A4 */
  table.x th, table.x td, table.sq th, table.sq td { padding: .05rem .12rem; }
  .opt { display: table-cell !important; }
  html { font-size: 9pt; }
  body { font-size: 1rem; }
  .chart { min-width: 0; max-width: 15cm; }
  #chart { break-inside: avoid; }
  header, main, footer { max-width: none; padding: 0; }
  button.v, button.card { color: inherit; border: 0; }
  th, td { position: static !important; }
  .scroll { overflow: visible; max-height: none; }
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
  var pane = document.getElementById("card");
  var rounds = document.querySelectorAll("section.round");
  var final = rounds.length ? rounds[rounds.length - 1] : null;
  var last = final ? final.getAttribute("data-round") : null;
  var blocks = {};
  function unpack(id) {  /* a data block (base64 of zlib-compressed JSON), inflated once */
    if (!blocks[id]) {
      try {
        var packed = atob(document.getElementById(id).textContent);
        var bytes = new Uint8Array(packed.length);
        for (var i = 0; i < packed.length; i++) { bytes[i] = packed.charCodeAt(i); }
        var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
        blocks[id] = new Response(stream).text().then(JSON.parse);
      } catch (error) { return Promise.reject(error); }  /* a browser without DecompressionStream: shown */
    }
    return blocks[id];
  }
  function openText(id, n, what, kind) {  /* text n of a block of shared lines in the dialog, titled what */
    unpack(id).then(function (got) {
      var ids = got.ids[n];
      var lines = [];
      for (var i = 0; i < ids.length; i++) { lines.push(got.lines[ids[i]]); }
      text.textContent = lines.join("\\n");
    }, function (error) {
      text.textContent = "This browser could not read " + kind + " (" + error + ").";
    }).then(function () {
      text.hidden = false;
      pane.hidden = true;
      title.textContent = what;
      if (!dialog.open) { dialog.showModal(); }
    });
  }
  function buttons(table) {  /* the table's tie-break values become buttons that open their accounts */
    if (!table || table.getAttribute("data-ready")) { return; }
    table.setAttribute("data-ready", "1");
    cards(table);
    var r = table.getAttribute("data-r");
    var first = Number(table.getAttribute("data-tb"));
    var heads = table.tHead.rows[0].cells;
    var store = document.getElementById("accounts-" + r + "-0");
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
        /* the name starts with the value, as shown, so that a screen reader announces it */
        button.setAttribute("aria-label", cell.textContent + ", " + heads[first + j].textContent + " of " + who + when);
        button.textContent = cell.textContent;
        cell.textContent = "";
        cell.appendChild(button);
      }
    }
  }
  function cell(row, value, kind) {
    var td = document.createElement("td");
    if (kind) { td.className = kind; }
    td.textContent = value;
    row.appendChild(td);
  }
  function build(section, n) {  /* an earlier round's table, from its data block and the final table's players */
    var store = document.getElementById("standings-" + n);
    if (!store || section.querySelector("table, p.fail")) { return; }
    var model = final.querySelector("table");
    unpack("standings-" + n).then(function (got) {
      var players = {};
      var rows = model.tBodies[0].rows;
      for (var i = 0; i < rows.length; i++) { players[rows[i].getAttribute("data-k")] = rows[i]; }
      var table = document.createElement("table");
      table.className = model.className;
      table.setAttribute("data-r", n);
      table.setAttribute("data-tb", model.getAttribute("data-tb"));
      table.appendChild(model.tHead.cloneNode(true));
      var body = table.appendChild(document.createElement("tbody"));
      for (var k = 0; k < got.rows.length; k++) {
        var d = got.rows[k];
        var row = document.createElement("tr");
        var src = players[String(d[1])];
        row.setAttribute("data-k", String(d[1]));
        cell(row, d[0]);
        for (var c = 1; c < 5; c++) { row.appendChild(src.cells[c].cloneNode(true)); }
        for (var v = 2; v < d.length - 1; v++) { cell(row, d[v]); }
        cell(row, d[d.length - 1], "opt l");
        body.appendChild(row);
      }
      var box = document.createElement("div");
      box.className = "scroll";
      box.appendChild(table);
      section.appendChild(box);
      made(table);
      if (!section.hidden) { buttons(table); }
    }, function (error) {
      var fail = document.createElement("p");
      fail.className = "note fail";
      fail.textContent = "This browser could not read these standings (" + error + ").";
      section.appendChild(fail);
    });
  }
  function fill(table) {  /* a crosstable carried as data: its rows, made once, the players' cells the final table's */
    var id = table.getAttribute("data-fill");
    table.removeAttribute("data-fill");
    var model = final.querySelector("table");
    unpack(id).then(function (got) {
      var players = {};
      var rows = model.tBodies[0].rows;
      for (var i = 0; i < rows.length; i++) { players[rows[i].getAttribute("data-k")] = rows[i]; }
      var body = table.tBodies[0];
      for (var k = 0; k < got.rows.length; k++) {
        var d = got.rows[k];
        var src = players[String(k)];
        var row = document.createElement("tr");
        row.id = "x" + src.cells[1].textContent;
        row.setAttribute("data-k", String(k));
        for (var c = 1; c < 5; c++) { row.appendChild(src.cells[c].cloneNode(true)); }
        for (var r = 2; r < d.length; r += 2) {
          var td = row.appendChild(document.createElement("td"));
          var who = String(d[r + 1]);
          var at = d[r + 1] ? d[r].indexOf(who) : -1;
          if (at < 0) { td.textContent = d[r]; continue; }
          var link = document.createElement("a");
          link.href = "#x" + who;
          link.textContent = who;
          td.append(d[r].slice(0, at), link, d[r].slice(at + who.length));
        }
        cell(row, d[0]);
        cell(row, d[1]);
        body.appendChild(row);
      }
      if (byRank) { order(table); }
      if (query) { find(table); }
    }, function (error) {
      var fail = document.createElement("p");
      fail.className = "note fail";
      fail.textContent = "This browser could not read the crosstable (" + error + ").";
      table.closest("section").appendChild(fail);
    });
  }
  var people = null;
  function players() {  /* each player row's row of the final standings (its No, Name, Rtg and Fed) */
    if (!people) {
      people = {};
      var rows = final.querySelector("table").tBodies[0].rows;
      for (var i = 0; i < rows.length; i++) { people[rows[i].getAttribute("data-k")] = rows[i]; }
    }
    return people;
  }
  function head(table, heads) {
    var tr = table.createTHead().insertRow();
    for (var i = 0; i < heads.length; i++) {
      var th = document.createElement("th");
      th.scope = "col";
      if (heads[i][1]) { th.className = heads[i][1]; }
      th.textContent = heads[i][0];
      tr.appendChild(th);
    }
    return table.appendChild(document.createElement("tbody"));
  }
  function pairs(section) {  /* a round's pairings, from its data block, the players' cells the final table's */
    var n = section.getAttribute("data-pairs");
    if (section.hasAttribute("data-made") || !document.getElementById("pairs-" + n)) { return; }  /* made */
    section.setAttribute("data-made", "");
    unpack("pairs-" + n).then(function (got) {
      var who = players();
      var table = document.createElement("table");
      table.className = "pairs";
      var body = head(table, [["Bd", "n"], ["No", "n"], ["White", ""], ["Rtg", "n opt"], ["Pts", "n"], ["Result", ""],
                              ["Pts", "n"], ["No", "n"], ["Black", ""], ["Rtg", "n opt"]]);
      function side(row, k) {
        var src = who[String(k)].cells;
        cell(row, src[1].textContent);
        cell(row, src[2].textContent, "l");
        cell(row, src[3].textContent, "opt");
      }
      for (var i = 0; i < got.boards.length; i++) {
        var d = got.boards[i];
        var row = body.insertRow();
        cell(row, d[0]);
        side(row, d[1]);
        cell(row, d[4]);
        cell(row, d[3], "l");
        cell(row, d[5]);
        var src = who[String(d[2])].cells;
        cell(row, src[1].textContent);
        cell(row, src[2].textContent, "l");
        cell(row, src[3].textContent, "opt");
      }
      for (var j = 0; j < got.alone.length; j++) {
        var a = got.alone[j];
        var alone = body.insertRow();
        cell(alone, "");
        side(alone, a[0]);
        cell(alone, a[3]);
        cell(alone, a[2], "l");
        cell(alone, "");
        cell(alone, "");
        cell(alone, a[1], "l");
        cell(alone, "", "opt");
      }
      var box = document.createElement("div");
      box.className = "scroll";
      box.appendChild(table);
      section.appendChild(box);
      made(table);
    }, function (error) {
      var fail = document.createElement("p");
      fail.className = "note fail";
      fail.textContent = "This browser could not read these pairings (" + error + ").";
      section.appendChild(fail);
    });
  }
  function showPairs(n) {
    var all = document.querySelectorAll("section.pairs");
    for (var i = 0; i < all.length; i++) {
      all[i].hidden = all[i].getAttribute("data-pairs") !== n;
      if (!all[i].hidden) { pairs(all[i]); }
    }
    var picks = document.querySelectorAll(".picker button[data-pairs]");
    for (var j = 0; j < picks.length; j++) {
      picks[j].setAttribute("aria-pressed", String(picks[j].getAttribute("data-pairs") === n));
    }
  }
  var byRank = false;
  var ranks = null;
  function rankOf() {  /* each start number's place in the final standings' order (before any sorting) */
    if (!ranks) {
      ranks = {};
      var rows = final.querySelector("table").tBodies[0].rows;
      for (var i = 0; i < rows.length; i++) { ranks[rows[i].cells[1].textContent] = i + 1; }
    }
    return ranks;
  }
  function order(table) {  /* the crosstable by start number or by rank, each opponent as the order says */
    var at = rankOf();
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    function key(row) {
      var no = row.cells[0].textContent;
      return byRank ? at[no] : Number(no);
    }
    rows.sort(function (a, b) { return key(a) - key(b); });
    for (var i = 0; i < rows.length; i++) {
      var links = rows[i].querySelectorAll("a");
      for (var j = 0; j < links.length; j++) {
        var no = links[j].getAttribute("href").slice(2);
        links[j].textContent = byRank ? String(at[no]) : no;
      }
      body.appendChild(rows[i]);
    }
  }
  function number(text) {  /* a cell's number for sorting (½ a half, a shared place its first), else NaN */
    var t = text.replace("\\u00bd", ".5").replace(/^(\\d*)\\.5/, function (m, d) { return (d || "0") + ".5"; });
    return /^[+-]?\\d/.test(t) ? parseFloat(t.replace(/^\\+/, "")) : NaN;
  }
  function sortable(table) {  /* each column head a button that sorts the rows by that column */
    var heads = table.tHead ? table.tHead.rows[0].cells : [];
    for (var i = 0; i < heads.length; i++) {
      if (heads[i].querySelector("button.sort") || !heads[i].textContent) { continue; }
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      button.textContent = heads[i].textContent;
      heads[i].textContent = "";
      heads[i].appendChild(button);
    }
  }
  function sortBy(th) {  /* the rows by the column's numbers, then its texts; a second click the other way */
    rankOf();  /* the final order, read before any sorting */
    var table = th.closest("table");
    var col = Array.prototype.indexOf.call(th.parentNode.cells, th);
    var up = th.getAttribute("aria-sort") !== "ascending";
    var heads = th.parentNode.cells;
    for (var i = 0; i < heads.length; i++) { heads[i].removeAttribute("aria-sort"); }
    th.setAttribute("aria-sort", up ? "ascending" : "descending");
    var body = table.tBodies[0];
    var rows = Array.prototype.map.call(body.rows, function (row, k) {
      var text = row.cells[col] ? row.cells[col].textContent.trim() : "";
      if (text === "\\u2014") { text = ""; }  /* an undefined value: last */
      return {row: row, n: number(text), text: text, k: k};
    });
    rows.sort(function (a, b) {
      var an = isNaN(a.n), bn = isNaN(b.n);
      var by = (!a.text || !b.text) ? (!a.text) - (!b.text) :  /* empty cells last, either way */
        an !== bn ? an - bn : (!an ? (a.n - b.n) : a.text.localeCompare(b.text)) * (up ? 1 : -1);
      return by || a.k - b.k;
    });
    for (var j = 0; j < rows.length; j++) { body.appendChild(rows[j].row); }
  }
  var query = "";
  function find(table) {  /* the rows of the player looked for: a start number exactly, or a name's part */
    var heads = table.tHead ? table.tHead.rows[0].cells : [];
    var nos = [], names = [];
    for (var i = 0; i < heads.length; i++) {
      var h = heads[i].textContent;
      if (h === "No") { nos.push(i); }
      if (/^(Name|White|Black|Team|Opponent)$/.test(h)) { names.push(i); }
    }
    if (!nos.length && !names.length) { return; }
    var q = query.trim().toLowerCase();
    var digits = /^\\d+$/.test(q);
    var rows = table.tBodies[0].rows;
    for (var k = 0; k < rows.length; k++) {
      var cells = rows[k].cells, hit = !q;
      var look = digits ? nos : names;
      for (var c = 0; c < look.length && !hit; c++) {
        var text = cells[look[c]] ? cells[look[c]].textContent.toLowerCase() : "";
        hit = digits ? text === q : text.indexOf(q) >= 0;
      }
      rows[k].hidden = !hit;
    }
  }
  function csvText(table) {  /* the table as CSV (RFC 4180), a cell a spreadsheet would run as a formula neutralised */
    var out = [];
    var rows = table.rows;
    for (var i = 0; i < rows.length; i++) {
      var line = [];
      for (var j = 0; j < rows[i].cells.length; j++) {
        var v = rows[i].cells[j].textContent.trim();
        if (/^[=+\\-@\\t\\r]/.test(v)) { v = "'" + v; }
        line.push(/[",\\r\\n]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v);
      }
      out.push(line.join(","));
    }
    return out.join("\\r\\n") + "\\r\\n";
  }
  function download(table) {  /* a CSV file made here, from a Blob: nothing is fetched */
    var section = table.closest("section[id]");
    var round = table.closest("section[data-round], section[data-pairs]");
    var name = [document.title.split(" - ")[0], section ? section.id : "table",
                round ? "round-" + (round.getAttribute("data-round") || round.getAttribute("data-pairs")) : ""];
    var file = name.join("-").replace(/[^\\w.-]+/g, "-").replace(/-+/g, "-").replace(/^-|-$/g, "") + ".csv";
    var url = URL.createObjectURL(new Blob(["\\ufeff" + csvText(table)], {type: "text/csv;charset=utf-8"}));
    var link = document.createElement("a");
    link.href = url;
    link.download = file;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
  }
  function csvButton(table) {
    var box = table.closest(".scroll") || table;
    if (box.previousElementSibling && box.previousElementSibling.matches("button.csv")) { return; }
    var button = document.createElement("button");
    button.type = "button";
    button.className = "csv";
    var what = "";  /* the table's own heading: the nearest before it */
    for (var el = box.previousElementSibling; el && !what; el = el.previousElementSibling) {
      if (/^H[2-4]$/.test(el.tagName)) { what = el.textContent; }
    }
    button.textContent = "CSV";
    button.setAttribute("aria-label", "Download " + (what || "this table") + " as CSV");
    box.parentNode.insertBefore(button, box);
  }
  function made(table) {  /* a table the script made: sortable, and filtered as the search box says */
    sortable(table);
    csvButton(table);
    if (query) { find(table); }
  }
  function show(value) {
    var table = value.closest("table");
    var r = table.getAttribute("data-r");
    var k = Number(value.closest("tr").getAttribute("data-k"));
    var j = Number(value.getAttribute("data-j"));
    var label = value.getAttribute("aria-label");
    var what = label.slice(label.indexOf(", ") + 2);
    var store = document.getElementById("accounts-" + r + "-0");  /* the round's accounts, a block per so many rows */
    var codes = Number(store.getAttribute("data-codes"));
    var rows = Number(store.getAttribute("data-rows"));
    var block = Math.floor(k / rows);
    openText("accounts-" + r + "-" + block, (k - block * rows) * codes + j, what, "the accounts");
  }
  function showRound(n) {
    for (var i = 0; i < rounds.length; i++) {
      var shown = rounds[i].getAttribute("data-round") === n;
      rounds[i].hidden = !shown;
      if (shown) {
        build(rounds[i], n);
        buttons(rounds[i].querySelector("table"));
      }
    }
    var picks = document.querySelectorAll(".picker button[data-round]");
    for (var j = 0; j < picks.length; j++) {
      picks[j].setAttribute("aria-pressed", String(picks[j].getAttribute("data-round") === n));
    }
  }
  var all = document.querySelectorAll("main table");
  for (var a = 0; a < all.length; a++) {
    sortable(all[a]);
    csvButton(all[a]);
  }
  var box = document.getElementById("find");
  if (box) {
    box.addEventListener("input", function () {
      query = box.value;
      var shown = document.querySelectorAll("main table");
      for (var i = 0; i < shown.length; i++) { find(shown[i]); }
    });
  }
  var picked = document.querySelector(".picker button[data-pairs][aria-pressed=true]");
  if (picked) {  /* a team page's matches are HTML, every round shown without a script: the last one only */
    var each = document.querySelectorAll("section.pairs");
    for (var e = 0; e < each.length; e++) {
      each[e].hidden = each[e].getAttribute("data-pairs") !== picked.getAttribute("data-pairs");
    }
  }
  var tables = document.querySelectorAll("table[data-r]");
  for (var t = 0; t < tables.length; t++) {
    if (!tables[t].closest("[hidden]")) { buttons(tables[t]); }
  }
  function kindOf(th) {  /* a cell's class from its head's: a number right aligned, a text left */
    var words = th.className.split(" ");
    if (words.indexOf("name") >= 0) { return "name"; }
    var rest = words.filter(function (w) { return w && w !== "n"; }).join(" ");
    return words.indexOf("n") >= 0 ? rest : (rest + " l").trim();
  }
  function list(table) {  /* a list carried as data: a row of plain cells each, the cells' classes the heads' */
    var id = table.getAttribute("data-list");
    table.removeAttribute("data-list");
    unpack(id).then(function (got) {
      var heads = table.tHead.rows[0].cells;
      var body = table.tBodies[0];
      for (var k = 0; k < got.rows.length; k++) {
        var row = body.insertRow();
        for (var c = 0; c < got.rows[k].length; c++) {
          cell(row, String(got.rows[k][c]), kindOf(heads[c]));
        }
      }
      if (query) { find(table); }
    }, function (error) {
      var fail = document.createElement("p");
      fail.className = "note fail";
      fail.textContent = "This browser could not read this list (" + error + ").";
      table.closest("section").appendChild(fail);
    });
  }
  function making(section) {  /* what a section makes when it comes near the screen */
    var table = section.querySelector("table[data-fill]");
    if (table) { fill(table); }
    var rows = section.querySelector("table[data-list]");
    if (rows) { list(rows); }
    var round = section.querySelector("section.pairs:not([hidden])");
    if (round) { pairs(round); }
  }
  var later = document.querySelectorAll("table[data-fill], table[data-list], #pairings");  /* made when near */
  var watch = "IntersectionObserver" in window ? new IntersectionObserver(function (seen) {
    for (var i = 0; i < seen.length; i++) {
      if (seen[i].isIntersecting) {
        watch.unobserve(seen[i].target);
        making(seen[i].target);
      }
    }
  }) : null;
  var nears = [];
  for (var f = 0; f < later.length; f++) {
    var near = later[f].id === "pairings" ? later[f] : later[f].closest("section");
    nears.push(near);
    if (watch) { watch.observe(near); } else { making(near); }
  }
  function early() {  /* the blocks a print lays out, inflated once the page is idle (laid out only when seen) */
    var wanted = document.querySelectorAll("table[data-fill], table[data-list], section.pairs:not([hidden])");
    for (var i = 0; i < wanted.length; i++) {
      var id = wanted[i].getAttribute("data-fill") || wanted[i].getAttribute("data-list") ||
        "pairs-" + wanted[i].getAttribute("data-pairs");
      if (document.getElementById(id)) { unpack(id).catch(function () {}); }  /* a failure: said when laid out */
    }
  }
  if (nears.length) {
    window.addEventListener("load", function () {
      if ("requestIdleCallback" in window) { requestIdleCallback(early, {timeout: 2000}); }
      else { setTimeout(early, 200); }
    });
  }
  window.addEventListener("beforeprint", function () {  /* a print has what has not come into view yet: a */
    for (var i = 0; i < nears.length; i++) {  /* block inflated already is laid out before the print (a microtask) */
      if (watch) { watch.unobserve(nears[i]); }
      making(nears[i]);
    }
  });
""" + CARD_SCRIPT + """  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) { return; }
    var value = target.closest("button.v");
    if (value) { show(value); return; }
    var named = target.closest("button.card");
    if (named) { card(named); return; }
    var csv = target.closest("button.csv");
    if (csv) { download(csv.nextElementSibling.querySelector("table") || csv.nextElementSibling); return; }
    var sort = target.closest("button.sort");
    if (sort) { sortBy(sort.closest("th")); return; }
    var pick = target.closest(".picker button");
    if (pick && pick.hasAttribute("data-pairs")) { showPairs(pick.getAttribute("data-pairs")); return; }
    if (pick && pick.hasAttribute("data-order")) {
      byRank = pick.getAttribute("data-order") === "rank";
      var orders = pick.parentNode.querySelectorAll("button");
      for (var o = 0; o < orders.length; o++) { orders[o].setAttribute("aria-pressed", String(orders[o] === pick)); }
      order(document.querySelector("#crosstable table.x"));
      return;
    }
    if (pick) { showRound(pick.getAttribute("data-round")); return; }
    if (target === dialog) { dialog.close(); }
  });
})();
"""
