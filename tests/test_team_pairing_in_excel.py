"""Pairing a team workbook's next round from Excel, through xlwings's own runtimes, equals
``xl-tiebreak pair TEAM.xlsx``.

- ``=TEAM_PAIRING(Matches, Teams, TeamSettings)`` runs through the Office.js runtime (xlwings Lite)
  and the classic add-in's argument conversion, and spills the round ``pair`` prints.
- The one action, ``PAIR_NEXT_ROUND``, on a team workbook (it has the names Teams and Matches) runs
  as xlwings Lite runs a script and as the classic add-in runs the VBA Sub (the remote book through
  xlwings's mock-caller hook, as in tests/test_pairing_in_excel.py): what it tells Excel to do must be
  the cells ``pair --write`` writes into the Matches table, no more.

The workbook is made by ``xl-tiebreak workbook`` from a team history built here (nine teams, four
boards, three rounds paired by our own team pairing with random results: tests/team_histories.py),
whose record 142 says six rounds: round 4 is next, and nine teams give a PAB.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("xlwings")

from tests.support.runtimes import MISSING, body, classic, officejs  # noqa: E402
from tests.support.workbook_typing import read_sheet, type_cells  # noqa: E402
from tests.team_histories import generate  # noqa: E402
from tests.test_pairing_in_excel import book_data  # noqa: E402
from xl_tiebreak.excel.functions.team_pairing import team_pairing_table  # noqa: E402
from xl_tiebreak.excel.ranges.book_reader import open_book  # noqa: E402
from xl_tiebreak.excel.ranges.team_book import read_team_workbook  # noqa: E402
from xl_tiebreak.excel.ranges.team_next_round import pair_team_tables  # noqa: E402
from xl_tiebreak.excel.xlsx.a1 import column_letter, split_cell  # noqa: E402
from xl_tiebreak.pairing.systems import pair_team  # noqa: E402
from xl_tiebreak.trf.teams import read_team_file  # noqa: E402

SHEETS = ("Teams", "Matches", "Settings")


def _our_pairer(path: Path, r: int) -> list[tuple[int, int]]:
    got = pair_team(read_team_file(path), r)
    return [(p.white, p.black) for p in got.pairs] + [(u.no, 0) for u in got.byes if u.kind == "PAB"]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", *args], capture_output=True, text=True,
                          timeout=300)


@pytest.fixture(scope="module")
def team_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A team workbook after three complete rounds of six (nine teams: round 4 has a PAB)."""
    tmp = tmp_path_factory.mktemp("teamxl")
    trf = generate(tmp / "club.trf", 7, 9, 4, 3, bye_rate=0, forfeit_rate=0, pairer=_our_pairer)
    assert trf is not None
    trf.write_text(trf.read_text(encoding="latin-1").replace("142 3", "142 6"), encoding="latin-1")
    book = tmp / "club.xlsx"
    r = _cli("workbook", str(trf), "--rules", "fide2026", "-o", str(book))
    assert r.returncode == 0, r.stderr
    return book


def named_range(path: Path, name: str) -> list[list[Any]]:
    """The range of a defined name as Excel hands it to a function (None where empty)."""
    book = open_book(path)
    sheet, area = book.xlsx.names[name]
    (c0, r0), (c1, r1) = (split_cell(x.replace("$", "")) for x in area.split(":"))
    cells = book.cells(sheet)
    return [[cells.get(f"{column_letter(c)}{r}") for c in range(c0, c1 + 1)] for r in range(r0, r1 + 1)]


def cli_written(path: Path, tmp: Path) -> tuple[dict[str, Any], str]:
    """The cells ``pair --write`` writes into the Matches table's columns under its header row (on
    a copy; the status line above the table is recomputed), and what it printed."""
    copy, out = tmp / "cli-copy.xlsx", tmp / "cli-out.xlsx"
    shutil.copyfile(path, copy)
    r = _cli("pair", str(copy), "--write", str(out), "--force", "--format", "json")
    assert r.returncode == 0, r.stderr
    before, after = read_sheet(copy, "Matches"), read_sheet(out, "Matches")
    width, top = len(named_range(path, "Matches")[0]), 4  # (the table's header row: Matches!A4)
    return ({k: v for k, v in after.items() if before.get(k) != v and split_cell(k)[0] <= width
             and split_cell(k)[1] > top},
            r.stdout.splitlines()[0])


def action_cells(actions: list[dict], sheet_position: int) -> dict[str, Any]:
    """The cells the runtime's actions set (A1 -> value), each action one cell on ``sheet_position``."""
    out = {}
    for a in actions:
        assert a["func"] == "setValues" and a["sheet_position"] == sheet_position, a
        assert a["row_count"] == a["column_count"] == 1, a
        out[f"{column_letter(a['start_column'] + 1)}{a['start_row'] + 1}"] = a["values"][0][0]
    return out


def test_team_pairing_spills_the_round_pair_prints_through_both_runtimes(team_book: Path) -> None:
    """TEAM_PAIRING spills round 4 as ``pair`` pairs it (the same pairs, the PAB named with its
    value), through xlwings Lite and the classic add-in; home is the white team (Settings: the home
    team has White on board 1)."""
    read, _ = read_team_workbook(team_book)
    event, pairing = pair_team_tables(read)
    want = team_pairing_table(read, event, pairing)
    printed = json.loads(_cli("pair", str(team_book), "--format", "json").stdout)
    assert printed["round"] == pairing.round == 4
    assert {(p["white"], p["black"]) for p in printed["pairs"]} == {(r[1], r[3]) for r in want[2:] if r[0] != ""}
    pab = [b["no"] for b in printed["byes"] if b["kind"] == "PAB"]
    assert len(pab) == 1 and want[-1][1] == pab[0] and want[-1][4].startswith("pairing-allocated bye (")
    assert want[0][0] == "Round 4 (FIDE Swiss team system, C.04.6, Type A colour preferences)"
    assert want[1] == ["Match", "Home", "Home team", "Away", "Away team"] and len(want) == 2 + 4 + 1
    matches, teams, settings = (named_range(team_book, n) for n in ("Matches", "Teams", "TeamSettings"))
    js = officejs([body("TEAM_PAIRING", matches, teams, settings), body("TEAM_PAIRING", matches, teams, settings, 4,
                                                                        "chess")])
    com = classic([["TEAM_PAIRING", [matches, teams, settings, MISSING, MISSING]]])
    shown = [[float(v) if isinstance(v, int) else v for v in r] for r in want]
    assert js["results"][0].get("value") == shown, js["results"][0]
    assert com["results"][0].get("value") == shown, com["results"][0]
    assert js["results"][1]["value"][0][0].startswith("#ERROR: TEAM_PAIRING: system 'chess' is not a team pairing "
                                                      "system; write auto, fideteam")


@pytest.mark.parametrize("bye", [False, True], ids=["pab", "team-bye-typed"])
def test_the_action_on_a_team_workbook_writes_the_rows_pair_write_writes(team_book: Path, tmp_path: Path,
                                                                          bye: bool) -> None:
    """PAIR_NEXT_ROUND on the team workbook (Lite's script, the classic add-in's macro) sets exactly
    the Matches cells ``pair --write`` writes (Rd, Home, Away of each match after the table's last
    row, the PAB as Away = BYE; with team 9's zero-point bye typed for round 4 beforehand, eight
    teams and no PAB, the rows going under the bye's), says what it wrote, and run again once the
    round has its rows it is refused naming them, with nothing set."""
    if bye:
        book = tmp_path / "bye.xlsx"
        shutil.copyfile(team_book, book)
        last = max(i for i, r in enumerate(named_range(book, "Matches")) if any(v not in (None, "") for v in r))
        type_cells(book, {f"Matches!A{5 + last}": 4, f"Matches!B{5 + last}": 9, f"Matches!C{5 + last}": "Z"})
        team_book = book
    want, printed = cli_written(team_book, tmp_path)
    pairs = json.loads(printed)["pairs"]
    assert len(want) == 3 * (len(pairs) + (0 if bye else 1))
    assert sorted(v for v in want.values() if isinstance(v, str)) == ([] if bye else ["BYE"])
    assert len(pairs) == 4 and (9 not in {t for p in pairs for t in (p["white"], p["black"])}) == bye
    data = book_data(team_book, SHEETS)
    position = [s["name"] for s in data["sheets"]].index("Matches")
    js = officejs([], scripts=[{"name": "PAIR_NEXT_ROUND", "book": data}])["scripts"][0]
    com = classic([], macros=[{"name": "PAIR_NEXT_ROUND", "book": data}])["macros"][0]
    assert "actions" in js and "actions" in com, (js, com)
    got = [action_cells(run["actions"], position) for run in (js, com)]
    as_shown = {k: float(v) if isinstance(v, int) else v for k, v in want.items()}
    assert got[0] == got[1] == as_shown
    said = "Round 4 paired (FIDE Swiss team system, C.04.6, Type A colour preferences): 4 matches"
    assert js["printed"].startswith(said + (" written into the Matches table" if bye else
                                            " and the pairing-allocated bye (team ")), js["printed"]
    # the book as pair --write left it: round 4 has its rows, its results to come
    paired = tmp_path / "cli-out.xlsx"
    jobs = [{"name": "PAIR_NEXT_ROUND", "book": book_data(paired, SHEETS)}]
    for run in (officejs([], scripts=jobs)["scripts"][0], classic([], macros=jobs)["macros"][0]):
        assert "actions" not in run and "PAIR_NEXT_ROUND: round 4 is paired already" in run["error"], run


def test_the_action_refuses_a_round_with_a_row_of_its_teams_and_names_the_cell(team_book: Path) -> None:
    """``match_cells`` (what the action and ``pair --write`` both call) refuses a round one of whose
    teams has a row already, naming the cell; the Matches block read past the table's last row
    (as the runtime reads it) gives the rows after it."""
    from xl_tiebreak.excel.workbook.team_pairing_book import match_cells
    block = named_range(team_book, "Matches")
    last = max(i for i, r in enumerate(block) if any(v not in (None, "") for v in r))
    rows = [(4, 1, 2), (4, 3, "BYE")]
    cells = match_cells(block, len(block), "Matches", 4, 1, rows)
    assert cells == {f"A{5 + last}": 4, f"B{5 + last}": 1, f"C{5 + last}": 2, f"A{6 + last}": 4, f"B{6 + last}": 3,
                     f"C{6 + last}": "BYE"}
    block[last + 1][:3] = [4, 3, "Z"]  # team 3's bye typed for round 4
    with pytest.raises(Exception, match=rf"round 4 has a match row already \(Matches!A{5 + last}\)"):
        match_cells(block, len(block), "Matches", 4, 1, rows)


def test_pair_reads_a_workbook_once_individual_or_team(team_book: Path, tmp_path: Path, monkeypatch, capsys) -> None:
    """``pair BOOK.xlsx`` opens the workbook once: the question "is it a team workbook?" and the
    pairing read the same copy (an individual workbook was opened twice)."""
    from xl_tiebreak.cli import main
    from xl_tiebreak.excel.ranges import book_reader
    individual = tmp_path / "club.xlsx"
    assert main(["template", "--type", "round-robin", "--players", "4", "-o", str(individual)]) == 0
    type_cells(individual, {f"Crosstable!A{4 + k}": k for k in range(1, 5)}
               | {f"Crosstable!B{4 + k}": f"Player {k}" for k in range(1, 5)})
    opened: list[str] = []
    real = book_reader.open_book

    def counting(path: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(Path(path).name)
        return real(path, *args, **kwargs)
    monkeypatch.setattr(book_reader, "open_book", counting)
    capsys.readouterr()
    for path in (individual, team_book):
        opened.clear()
        assert main(["pair", str(path), "--format", "json"]) == 0
        assert opened == [path.name], opened
    assert [json.loads(line)["round"] for line in capsys.readouterr().out.splitlines()] == [1, 4]


def test_the_action_names_a_bad_cell_of_the_matches_table_and_sets_nothing(team_book: Path, tmp_path: Path) -> None:
    """A board result that is none (``2-0``) in a complete round stops the action in both runtimes
    with the worksheet cell named, as ``pair`` names it, and nothing set."""
    book = tmp_path / "typo.xlsx"
    shutil.copyfile(team_book, book)
    cells = read_sheet(book, "Matches")
    board = next(k for k, v in cells.items() if v == "B1" and split_cell(k)[1] == 4)  # the header of board 1
    at = f"{column_letter(split_cell(board)[0])}5"
    type_cells(book, {f"Matches!{at}": "2-0"})
    r = _cli("pair", str(book))
    assert r.returncode == 2 and f"Matches!{at}" in r.stderr, r.stderr
    jobs = [{"name": "PAIR_NEXT_ROUND", "book": book_data(book, SHEETS)}]
    for run in (officejs([], scripts=jobs)["scripts"][0], classic([], macros=jobs)["macros"][0]):
        assert "actions" not in run and f"PAIR_NEXT_ROUND: Matches!{at}: board result '2-0'" in run["error"], run


def test_the_headless_recompute_fills_a_team_pairing_formula_with_the_pair_commands_round(team_book: Path,
                                                                                         tmp_path: Path) -> None:
    """A TEAM_PAIRING formula typed on a sheet of the user's own gets its spilled values from
    ``xl-tiebreak recompute`` (what Excel without the add-in shows): the table the function gives."""
    import openpyxl  # test equipment: the user's formula typed into a new file
    wb = openpyxl.load_workbook(team_book)
    wb.create_sheet("Round")["A1"] = "=TEAM_PAIRING(Matches,Teams,TeamSettings)"
    typed, out = tmp_path / "typed.xlsx", tmp_path / "out.xlsx"
    wb.save(typed)
    r = _cli("recompute", str(typed), "-o", str(out))
    assert r.returncode == 0, r.stderr
    read, _ = read_team_workbook(team_book)
    want = team_pairing_table(read, *pair_team_tables(read))
    shown = read_sheet(out, "Round")
    got = [[shown.get(f"{column_letter(c)}{r}") for c in range(1, 6)] for r in range(1, len(want) + 1)]
    assert got == [[None if v == "" else v for v in row] for row in want]


def test_the_settings_forbidden_pairs_cell_keeps_two_teams_apart_in_every_face_and_forbid_overrides_it(
        team_book: Path, tmp_path: Path) -> None:
    """Settings "Forbidden pairs" (B16, team numbers, as the individual workbook's cell): the pair
    ``pair`` would make first is typed there; ``pair``, TEAM_PAIRING (Lite) and PAIR_NEXT_ROUND
    (Lite's script) all pair round 4 without it, as ``pair_team`` does with the pair forbidden;
    ``--forbid`` replaces the cell (a bad cell is then not read); a bad cell alone exits 2 naming
    Settings!B16."""
    first = json.loads(_cli("pair", str(team_book), "--format", "json").stdout)["pairs"][0]
    a, b = sorted((first["white"], first["black"]))
    book = tmp_path / "apart.xlsx"
    shutil.copyfile(team_book, book)
    type_cells(book, {"Settings!B16": f"{a}-{b}"})
    read, _ = read_team_workbook(book)
    assert read.settings.forbid == f"{a}-{b}" and read.settings.forbid_cell.endswith("B16")
    _event, want = pair_team_tables(read, None, "auto", (frozenset((a, b)),))
    assert frozenset((a, b)) not in {frozenset((p.white, p.black)) for p in want.pairs}
    printed = json.loads(_cli("pair", str(book), "--format", "json").stdout)
    assert [(p["white"], p["black"]) for p in printed["pairs"]] == [(p.white, p.black) for p in want.pairs]
    matches, teams, settings = (named_range(book, n) for n in ("Matches", "Teams", "TeamSettings"))
    assert settings[-1] == ["Forbidden pairs", f"{a}-{b}"]
    js = officejs([body("TEAM_PAIRING", matches, teams, settings)])
    spilled = {frozenset((r[1], r[3])) for r in js["results"][0]["value"][2:] if r[0] != ""}
    assert spilled == {frozenset((p.white, p.black)) for p in want.pairs}
    run = officejs([], scripts=[{"name": "PAIR_NEXT_ROUND", "book": book_data(book, SHEETS)}])["scripts"][0]
    position = [s["name"] for s in book_data(book, SHEETS)["sheets"]].index("Matches")
    written = action_cells(run["actions"], position)
    rows = sorted(k for k in written if k.startswith("B"))
    homes = [written[k] for k in rows]
    assert homes[:len(want.pairs)] == [float(p.white) for p in want.pairs]
    # --forbid replaces the cell: the unconstrained pairing comes back, and a bad cell is not read
    type_cells(book, {"Settings!B16": "1-99"})
    r = _cli("pair", str(book), "--format", "json")
    assert r.returncode == 2 and "Settings!B16" in r.stderr and "no team has number 99" in r.stderr, r.stderr
    r = _cli("pair", str(book), "--format", "json", "--forbid", f"{a}-{b}")
    assert r.returncode == 0 and json.loads(r.stdout)["pairs"] == printed["pairs"]
    free = json.loads(_cli("pair", str(team_book), "--format", "json").stdout)["pairs"]
    met = {frozenset((p["white"], p["black"])) for p in free}
    other = next(f"{x}-{y}" for x in range(1, 10) for y in range(x + 1, 10) if frozenset((x, y)) not in met)
    type_cells(book, {"Settings!B16": f"{a}-{b}"})
    r = _cli("pair", str(book), "--format", "json", "--forbid", other)
    assert r.returncode == 0 and json.loads(r.stdout)["pairs"] == free
