"""The player card's part of the page's script and style (:mod:`.assets` puts them in its own):
a player's name becomes a button that opens their card after the round of the table it is in,
laid out from the cards' data block (:mod:`.cards`) as HTML: who and the rules, the Rp / K /
Rtg+/- figures, a table of rounds (round, colour, opponent with rating and federation on a
second line, result, running score, then the rating steps), the totals, and each tie-break's
account of that round (the accounts' block of the round, as ``explain`` prints it).

On a phone the card fits the screen: the paragraphs wrap, the rounds table scrolls inside its
own box when it must, and each account is a text that scrolls inside its own box. Every text is
set with ``textContent``."""

from __future__ import annotations

__all__ = ["CARD_CSS", "CARD_SCRIPT"]

CARD_CSS = """
#card { padding: .5rem .8rem .8rem; }
#card p { margin: .25rem 0; }
#card p.who { font-weight: 600; }
#card h3 { font-size: .98rem; margin: .8rem 0 .3rem; }
dl.figures { display: flex; flex-wrap: wrap; gap: .15rem 1.2rem; margin: .4rem 0; }
dl.figures div { display: flex; gap: .35rem; }
dl.figures dt { font-weight: 600; }
dl.figures dd { margin: 0; }
#card .scroll { max-height: none; }
table.rounds td { vertical-align: top; }
table.rounds td.opp, table.rounds td.why { white-space: normal; text-align: left; overflow-wrap: anywhere; }
table.rounds td.opp { min-width: 8.5rem; }
table.rounds td.opp span { display: block; color: var(--muted); font-size: .85em; }
table.rounds td.why { min-width: 11rem; font-size: .85em; }
#card summary { cursor: pointer; color: var(--accent); margin: .15rem 0; }
#card pre { margin: .2rem 0 .5rem; padding: .4rem; overflow: auto; max-width: 100%; background: var(--zebra);
            font: 12px/1.35 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
.bar strong { min-width: 0; overflow-wrap: anywhere; }
@media (max-width: 640px) {
  #card { padding: .4rem .5rem .6rem; }
  table.rounds th, table.rounds td { padding: .15rem .3rem; }
  table.rounds td.opp { min-width: 7.5rem; }  /* the result and running score in view, the rating steps a scroll away */
  #card pre { font-size: 11px; }
}
"""

#: functions of the page script's closure (they use its ``unpack``, ``dialog``, ``text``, ``pane`` and ``title``)
CARD_SCRIPT = """
  function cards(table) {  /* each player's name a button that opens their card, when the page has the cards */
    if (!document.getElementById("cards-0")) { return; }
    var names = table.querySelectorAll("tbody td.name");
    for (var i = 0; i < names.length; i++) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "card";
      button.textContent = names[i].textContent;
      button.setAttribute("aria-label", names[i].textContent + ", the player card of " +
                          names[i].previousElementSibling.textContent);
      names[i].textContent = "";
      names[i].appendChild(button);
    }
  }
  function lines(book, n) {  /* text n of a block of shared lines, as its lines */
    return book.ids[n].map(function (i) { return book.lines[i]; });
  }
  function put(parent, tag, value, kind) {
    var node = parent.appendChild(document.createElement(tag));
    if (value !== undefined) { node.textContent = value; }
    if (kind) { node.className = kind; }
    return node;
  }
  function layout(items, accounts, r) {  /* a card's lines (JSON, see publish/cards.py) as HTML, then the accounts */
    pane.textContent = "";
    var body = null;
    for (var i = 0; i < items.length; i++) {
      var d = items[i];
      if (d[0] === "h" || d[0] === "t") { put(pane, "p", d[1], d[0] === "t" ? "note" : (i ? "" : "who")); }
      if (d[0] === "s") {
        var figures = put(pane, "dl", undefined, "figures");
        for (var f = 1; f < d.length; f += 2) {
          var pair = put(figures, "div");
          put(pair, "dt", d[f]);
          put(pair, "dd", d[f + 1] || "\\u2014");
        }
      }
      if (d[0] === "c") {  /* Rd, Col, then Opp, Name, Rtg, Fed in one cell (Opponent), then the rest */
        var table = put(put(pane, "div", undefined, "scroll"), "table", undefined, "rounds");
        var heads = [[d[1], "n"], [d[2], ""], ["Opponent", ""]];
        for (var h = 7; h < d.length; h++) { heads.push([d[h], h === d.length - 1 ? "" : "n"]); }
        var row = table.createTHead().insertRow();
        for (var c = 0; c < heads.length; c++) {
          var th = put(row, "th", heads[c][0], heads[c][1]);
          th.scope = "col";
        }
        body = table.appendChild(document.createElement("tbody"));
      }
      if (d[0] === "g" && body) {
        var tr = body.insertRow();
        put(tr, "td", d[1]);
        put(tr, "td", d[2], "l");
        var opp = put(tr, "td", (d[3] + " " + d[4]).trim(), "opp");
        if (d[5] || d[6]) {  /* the rating and federation on a line of their own (a blank between, for a copy) */
          opp.appendChild(document.createTextNode(" "));
          put(opp, "span", (d[5] + " " + d[6]).trim());
        }
        for (var g = 7; g < d.length - 1; g++) { put(tr, "td", d[g], g === 7 ? "l" : ""); }
        put(tr, "td", d[d.length - 1], "why");
      }
    }
    if (accounts.length) {
      put(pane, "h3", "Tie-breaks after round " + r);
      for (var a = 0; a < accounts.length; a++) {
        var more = put(pane, "details");
        put(more, "summary", accounts[a][0]);
        put(more, "pre", accounts[a][1]);
      }
    }
  }
  function card(button) {  /* the player's card after the round of the table it is in, with that round's accounts */
    var table = button.closest("table");
    var r = Number(table.getAttribute("data-r"));
    var k = Number(button.closest("tr").getAttribute("data-k"));
    var store = document.getElementById("cards-0");
    var rows = Number(store.getAttribute("data-rows"));
    var block = Math.floor(k / rows);
    var book = document.getElementById("accounts-" + r + "-0");
    var codes = book ? Number(book.getAttribute("data-codes")) : 0;
    var per = book ? Number(book.getAttribute("data-rows")) : 1;
    var first = Number(table.getAttribute("data-tb"));
    var heads = table.tHead.rows[0].cells;
    var what = "Player card: " + button.closest("td").previousElementSibling.textContent + " " +
      button.textContent + ", after round " + r;
    var wanted = [unpack("cards-" + block)];
    if (codes) { wanted.push(unpack("accounts-" + r + "-" + Math.floor(k / per))); }
    Promise.all(wanted).then(function (got) {
      var items = lines(got[0], (k - block * rows) * Number(store.getAttribute("data-rounds")) + r - 1);
      var accounts = [];
      for (var j = 0; j < codes; j++) {
        accounts.push([heads[first + j].textContent, lines(got[1], (k % per) * codes + j).join("\\n")]);
      }
      layout(items.map(function (line) { return JSON.parse(line); }), accounts, r);
      text.hidden = true;
      pane.hidden = false;
    }, function (error) {
      text.textContent = "This browser could not read the cards (" + error + ").";
      text.hidden = false;
      pane.hidden = true;
    }).then(function () {
      title.textContent = what;
      if (!dialog.open) { dialog.showModal(); }
      dialog.scrollTop = 0;
    });
  }
"""
