"""The crosstable exports met in real use (issue 24, item 4), read by ``--from swiss-manager`` and
``--from chess-results``: small files written here that reproduce each layout found, with its
source, the published points and a tie-break recomputed by our engine.

Sources of the layouts (facts about the files only; no code taken):

* Swiss-Manager's own Excel export of a list: a Malaysian club's importer of "Ranking List" files
  exported by Swiss-Manager, ``pertandingan-parse.ts`` and its test against a real export
  (``__fixtures__/ranking-141225.xls``, 27 players): the event's name, ``Final ranking``, the header
  ``Rank | SNo. | Name | FED | Pts | BH:GP | SB/C1 | PS`` (tie-break columns headed by the
  tie-break's short name, not ``TB1``), points written ``7½``, then the footer ``Program
  Swiss-Manager developed and copyright ...``; the file is an old ``.xls`` (BIFF8).
* Swiss-Manager's own Excel export of a round (a Greek team championship, ``parsePairings.test.ts``,
  "reproduces exactly the structure of the real Swiss-Manager file"): the event's name, an empty
  row, the list's title, an empty row, the header, the rows, an empty row and three footer rows
  (``Program Swiss-Manager developed and copyright © by DI.Heinz Herzog, ...``, ``Mail:...``,
  ``Details on this tournament can be found on http://chess-results.com``).
* chess-results' German Excel export: the chesscrew project's ``tournament_importer`` tests (the
  Schach Tirol Open 2025, tnr 1107066): ``Aus der Turnierdatenbank von Chess-Results ...``, the
  event, ``Die Seite wurde zuletzt aktualisiert am 30.08.2025 13:47:05``, ``Endtabelle nach 9
  Runden``, the header ``Rg. | | | Name | Land | 1.Rd ... | Pkt. | Wtg1 | Wtg2 | Wtg3 | Rp``, black
  written ``s``, ``16w+`` a forfeit won.
* chess-results' English "Starting rank crosstable" as the Keshmat circuit's
  ``process_crosstable.py`` reads it: the event, ``Date : ...``, ``Number of rounds ...``,
  ``Location : ...``, ``Starting rank crosstable``, a header beginning ``No.``, a footer ``You find
  all ... chess-results``.
* extra columns on chess-results pages (``Typ`` in ``Rk SNo Name Typ FED Rtg TB1 TB2 TB3``, a
  chess-results parser's test of tnr1375699), and club / FIDE id columns.

No real Swiss-Manager *crosstable* export was found: its round columns are assumed to be headed
``1.Rd`` ... as on the chess-results pages Swiss-Manager publishes.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from openpyxl import Workbook  # type: ignore[import-untyped]

from xl_tiebreak import compute
from xl_tiebreak.cli import main
from xl_tiebreak.errors import InputError
from xl_tiebreak.imports.chess_results import read_export
from xl_tiebreak.imports.published import read_number
from xl_tiebreak.notation import format_cell

# Four players, two rounds, every game played. Round 1: Adams (No 2) beats Cole (No 3), Brown
# (No 1) beats Dunn (No 4); round 2: Brown - Adams draw, Cole beats Dunn (Dunn white).
# Points 1½ 1½ 1 0. Buchholz: Adams 1 + 1½ = 2½, Brown 0 + 1½ = 1½, Cole 1½ + 0 = 1½,
# Dunn 1½ + 1 = 2½. Sonneborn-Berger: Adams 1 + ½·1½ = 1.75, Brown ½·1½ = 0.75, Cole 0, Dunn 0.
# Final order (points, then BH): Adams, Brown, Cole, Dunn; the cells name opponents by rank.
SM_TITLE = [["Club Championship 2025"], [], ["Final ranking crosstable after 2 Rounds"], []]
SM_HEADER = ["Rank", "SNo.", "Name", "FED", "Rtg", "1.Rd", "2.Rd", "Pts", "BH:GP", "SB"]
SM_PLAYERS = [
    [1, 2, "Adams, A", "ENG", 2100, "3w1", "2b½", "1½", "2.5", "1.75"],
    [2, 1, "Brown, B", "ENG", 2200, "4w1", "1w½", "1½", "1.5", "0.75"],
    [3, 3, "Cole, C", "SCO", 1900, "1b0", "4b1", "1", "1.5", "0"],
    [4, 4, "Dunn, D", "WLS", 1800, "2b0", "3w0", "0", "2.5", "0"],
]
SM_FOOTER = [[], ["Program Swiss-Manager developed and copyright © by DI.Heinz Herzog, 1230 Vienna"],
             ["Mail:h.herzog@swiss-manager.at, homepage http://swiss-manager.at"],
             ["Details on this tournament can be found on http://chess-results.com"]]


def _write_xlsx(path, rows) -> None:
    wb = Workbook()
    ws = wb.active
    for row in rows:
        ws.append(row)
    wb.save(path)


def _cli(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_swiss_managers_own_layout_reads_with_its_tie_break_headings_and_footer():
    imp = read_export([*SM_TITLE, SM_HEADER, *SM_PLAYERS, *SM_FOOTER], "club.xlsx")
    assert imp.numbered_by == "rank" and imp.title == "Club Championship 2025"
    assert imp.published.columns == ("BH:GP", "SB")
    t = imp.tournament
    assert [(p.no, p.name) for p in t.players] == [(1, "Brown, B"), (2, "Adams, A"), (3, "Cole, C"), (4, "Dunn, D")]
    assert [format_cell(r) for r in t.players[1].rounds] == ["3w1", "1b½"]  # Adams, by start number
    assert imp.published.points[2].value == Fraction(3, 2)  # "1½"
    res = compute(t, "BH,SB")
    assert [res.value(no, "BH") for no in (2, 1, 3, 4)] == [Fraction(5, 2), Fraction(3, 2), Fraction(3, 2),
                                                          Fraction(5, 2)]
    assert res.value(2, "SB") == Fraction(7, 4) and res.value(1, "SB") == Fraction(3, 4)


def test_check_from_swiss_manager_agrees_with_the_published_values_and_names_a_misprint(tmp_path, capsys):
    book = tmp_path / "club.xlsx"
    _write_xlsx(book, [*SM_TITLE, SM_HEADER, *SM_PLAYERS, *SM_FOOTER])
    code, out, err = _cli(capsys, "check", "--from", "swiss-manager", book, "-t", "BH,SB", "-f", "json")
    assert code == 0, (out, err)
    assert json.loads(out)["differences"] == []
    wrong = [list(p) for p in SM_PLAYERS]
    wrong[2][8] = "2.5"  # Cole's Buchholz misprinted
    _write_xlsx(book, [*SM_TITLE, SM_HEADER, *wrong, *SM_FOOTER])
    code, out, _ = _cli(capsys, "check", "--from", "swiss-manager", book, "-t", "BH,SB")
    assert code == 1 and "No 3 Cole, C: BH:GP (BH): published 2.5, ours 1.5" in out, out


@pytest.mark.parametrize("heading", ["BH:GP", "SB/C1", "PS", "BH/C1", "DE", "WIN", "TB3", "Wtg2"])
def test_a_tie_break_column_is_known_by_swiss_managers_short_name_or_by_tb_n(heading):
    header = SM_HEADER[:8] + [heading]
    imp = read_export([*SM_TITLE, header, *[p[:8] + ["1"] for p in SM_PLAYERS]])
    assert imp.published.columns == (heading,)


def test_chess_results_german_layout_with_two_unnamed_columns_and_a_forfeit():
    title = [["Aus der Turnierdatenbank von Chess-Results https://chess-results.com"], ["Vereinsopen 2025"],
             ["Die Seite wurde zuletzt aktualisiert am 30.08.2025 13:47:05"], ["Endtabelle nach 2 Runden"]]
    header = ["Rg.", None, None, "Name", "Land", "1.Rd", "2.Rd", "Pkt.", "Wtg1", "Wtg2", "Rp"]
    players = [  # as above, but Cole's round-2 win is a forfeit ("4s+" / "3w-")
        [1, None, "FM", "Adams, A", "AUT", "3w1", "2s½", 1.5, 2.5, 1.75, 2000],
        [2, None, None, "Brown, B", "AUT", "4w1", "1w½", 1.5, 1.5, 0.75, 1900],
        [3, None, None, "Cole, C", "GER", "1s0", "4s+", 1, None, None, 1500],
        [4, None, None, "Dunn, D", "GER", "2s0", "3w-", 0, None, None, 1000],
    ]
    legend = [[], ["Anmerkung:"], ["Wertung1: Buchholz Wertung"]]
    imp = read_export([*title, header, *players, *legend])
    assert imp.numbered_by == "rank" and imp.title == "Vereinsopen 2025"
    assert imp.published.columns == ("Wtg1", "Wtg2") and imp.published.legend == ("Wertung1: Buchholz Wertung",)
    t = imp.tournament
    assert t.players[0].title == "FM" and [format_cell(r) for r in t.players[2].rounds] == ["1b0", "+4"]
    res = compute(t, "BH,SB")
    published = [imp.published.points[t.players[k].no].value for k in range(4)]
    assert list(res.points) == published == [Fraction(3, 2), Fraction(3, 2), 1, 0]  # the forfeit won counts 1
    assert imp.published.values[1] == (read_number(2.5), read_number(1.75))


def test_chess_results_starting_rank_crosstable_with_metadata_rows_and_a_footer():
    rows = [["Keshmat Open 2026"], ["Date : 2026/01/10"], ["Number of rounds : 2"], ["Location : Beirut"],
            ["Starting rank crosstable"],
            ["No.", "", "Name", "Rtg", "FED", "1.Rd", "2.Rd", "Pts.", "Rk.", "TB1"],
            [1, "", "Brown, B", 2200, "LBN", "4w1", "2w½", 1.5, 2, 1.5],
            [2, "FM", "Adams, A", 2100, "LBN", "3w1", "1b½", 1.5, 1, 2.5],
            [3, "", "Cole, C", 1900, "LBN", "2b0", "4b1", 1, 3, 1.5],
            [4, "", "Dunn, D", 1800, "LBN", "1b0", "3w0", 0, 4, 2.5],
            [], ["You find all details of this tournament on https://chess-results.com/tnr1.aspx"]]
    imp = read_export(rows)
    assert imp.numbered_by == "start number" and imp.title == "Keshmat Open 2026"
    res = compute(imp.tournament, "BH")
    assert {no: res.value(no, "BH") for no in (1, 2, 3, 4)} == {
        no: imp.published.values[no][0].value for no in (1, 2, 3, 4)}
    assert imp.published.ranks == {1: 2, 2: 1, 3: 3, 4: 4}


def test_extra_columns_typ_sex_club_fide_id_are_passed_over_and_a_bye_and_an_empty_cell_read():
    header = ["Rk.", "SNo", "", "Name", "Typ", "sex", "FED", "Rtg", "Club/City", "FideID", "1.Rd", "2.Rd", "Pts."]
    rows = [["Final Ranking crosstable after 2 Rounds"], header,
            [1, 1, "GM", "Brown, B", "S50", "", "AUT", 2200, "SK Ried", 1234567, "3w1", "-1", 2],
            [2, 2, "", "Adams, A", "U18", "w", "AUT", 2100, "SK Wels", 1234568, "4b1", "3w½", 1.5],
            [3, 3, "", "Cole, C", "", "", "GER", 1900, "", "", "1b0", "2b½", 0.5],
            [4, 4, "", "Dunn, D", "", "", "GER", 1800, "", "", "2w0", "", 0]]
    imp = read_export(rows)
    t = imp.tournament
    assert [p.name for p in t.players] == ["Brown, B", "Adams, A", "Cole, C", "Dunn, D"]
    assert [format_cell(r) for r in t.players[0].rounds] == ["3w1", "BYE"]
    assert [format_cell(r) for r in t.players[3].rounds] == ["2w0", "-"]  # not paired in round 2
    res = compute(t, "BH")
    published = [imp.published.points[no].value for no in (1, 2, 3, 4)]
    assert list(res.points) == published == [2, Fraction(3, 2), Fraction(1, 2), 0]


# ------------------------------------------------------------------------------------- refusals

def test_a_ranking_list_without_rounds_is_refused_naming_its_row(tmp_path, capsys):
    rows = [["PERTANDINGAN MINGGUAN CFK"], ["Final ranking"],
            ["Rank", "SNo.", "Name", "FED", "Pts", "BH:GP", "SB/C1", "PS"],
            [1, 8, "Azim", "MAS", "7½", "40.5", "32.75", "33.5"],
            ["Program Swiss-Manager developed and copyright"]]
    with pytest.raises(InputError, match=r"row 3: a ranking list .* without the round columns 1.Rd, 2.Rd"):
        read_export(rows)
    book = tmp_path / "ranking.xlsx"
    _write_xlsx(book, rows)
    code, _, err = _cli(capsys, "workbook", "--from", "swiss-manager", book, "-o", tmp_path / "b.xlsx")
    assert code == 2 and "ranking.xlsx" in err and "row 3: a ranking list" in err and "Traceback" not in err


def test_swiss_managers_old_xls_and_an_unknown_language_are_refused_saying_what_to_do(tmp_path, capsys):
    old = tmp_path / "ranking-141225.xls"
    old.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100)
    code, _, err = _cli(capsys, "check", "--from", "swiss-manager", old)
    assert code == 2 and "save it as .xlsx (or CSV)" in err and "Traceback" not in err
    polish = [["Nr", "", "Nazwisko", "Rg", "Fed", "1.Rd", "2.Rd", "Pkt."], [1, "", "Kowalski", 1800, "POL", "2w1",
                                                                          "-1", 2]]
    with pytest.raises(InputError, match="no crosstable header found: expected a row with Rk. .*English or German"):
        read_export(polish)


def test_a_misprinted_cell_in_swiss_managers_layout_names_its_row_and_column():
    wrong = [list(p) for p in SM_PLAYERS]
    wrong[1][6] = "1x½"
    with pytest.raises(InputError, match=r"row 7, column G \(2.Rd\): '1x½' is not a chess-results result"):
        read_export([*SM_TITLE, SM_HEADER, *wrong, *SM_FOOTER])
