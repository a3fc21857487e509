"""A command reads its workbook once (issue 34, stage 5): the file is read once, its workbook part
parsed once and each sheet at most once, whoever reads it (the crosstable or team tables, the
Settings, the categories, the prizes, the What if sheet, the Published and Event sheets, the
staleness check), and every formula is evaluated at most once. ``print`` parses one more workbook:
the page it writes (the values filled in), a different file."""

from __future__ import annotations

import collections
import io
import os
import shutil
from pathlib import Path

import pytest

from xl_tiebreak.cli import main
from xl_tiebreak.excel.recompute import cached_values as rc
from xl_tiebreak.excel.xlsx.sheet import XlsxBook

DATA = Path(__file__).resolve().parents[1] / "xl_tiebreak" / "data"


class Reads:
    """What one command read of the workbook ``path``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
        self.files = 0  # the file opened for reading
        self.books = 0  # XlsxBook: the zip opened and the workbook part parsed
        self.sheets: collections.Counter[str] = collections.Counter()  # sheet parts parsed
        self.plans = 0  # every formula of ours evaluated (the recompute's plan)
        target = os.path.abspath(path)

        def ours(p: object) -> bool:
            try:
                return os.path.abspath(os.fspath(p)) == target  # type: ignore[arg-type]
            except TypeError:
                return False
        real_os_open, real_io_open = os.open, io.open

        def os_open(p, flags, *a, **k):
            self.files += ours(p) and not flags & (os.O_WRONLY | os.O_RDWR)
            return real_os_open(p, flags, *a, **k)

        def io_open(p, mode="r", *a, **k):
            self.files += ours(p) and "r" in mode and "+" not in mode
            return real_io_open(p, mode, *a, **k)
        real_init, real_cells, real_plan = XlsxBook.__init__, XlsxBook.cells, rc.plan

        def init(book, z):
            self.books += 1
            real_init(book, z)

        def cells(book, part):
            self.sheets[part.title] += 1
            return real_cells(book, part)

        def plan(*a, **k):
            self.plans += 1
            return real_plan(*a, **k)
        monkeypatch.setattr(os, "open", os_open)
        monkeypatch.setattr(io, "open", io_open)
        monkeypatch.setattr(XlsxBook, "__init__", init)
        monkeypatch.setattr(XlsxBook, "cells", cells)
        monkeypatch.setattr(rc, "plan", plan)

    def once(self, files: int = 1) -> bool:
        return self.files == files and self.books == 1 and max(self.sheets.values(), default=1) == 1 \
            and self.plans <= 1


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> dict[str, Path]:
    """The demo event's workbook with a category and prizes typed on its sheets, and a team workbook."""
    from openpyxl import load_workbook
    from xl_tiebreak.excel.authoring.prize_sheets import CAT_FIRST, PRIZE_HEAD_ROW
    folder = tmp_path_factory.mktemp("read-once")
    book, team = folder / "book.xlsx", folder / "team.xlsx"
    assert main(["workbook", str(DATA / "example-6-1.trf"), "-o", str(book)]) == 0
    wb = load_workbook(book)
    wb["Categories"].cell(CAT_FIRST, 1, "Mid")
    wb["Categories"].cell(CAT_FIRST, 2, "1800-2000")
    wb["Prizes"].cell(PRIZE_HEAD_ROW + 1, 2, 100)
    wb.save(book)  # (openpyxl keeps no stored values: every table is stale, which the note says)
    assert main(["workbook", str(DATA / "example-teams.trf"), "-o", str(team)]) == 0
    return {"book": book, "team": team}


@pytest.mark.parametrize("which,args", [
    ("book", ["standings"]), ("book", ["standings", "--category", "Mid"]), ("book", ["check"]),
    ("book", ["publish", "-o", "{out}.html"]), ("book", ["prizes"]), ("book", ["whatif", "--before", "3"]),
    ("book", ["export-trf", "-o", "{out}.trf"]), ("book", ["compute"]), ("book", ["explain", "-p", "1", "-t", "BH"]),
    ("book", ["recompute", "-o", "{out}.xlsx"]),
    ("team", ["standings"]), ("team", ["check"]), ("team", ["export-trf", "-o", "{out}.trf"]),
    ("team", ["recompute", "-o", "{out}.xlsx"]),
], ids=lambda v: v if isinstance(v, str) else " ".join(v))
def test_a_command_reads_its_workbook_once(books, which, args, tmp_path, monkeypatch, capsys):
    path = books[which]
    given = [a.replace("{out}", str(tmp_path / "out")) for a in args]
    reads = Reads(monkeypatch, path)
    assert main([given[0], str(path), *given[1:]]) in (0, 1), capsys.readouterr().err
    # (recompute reads the file a second time as it writes: a version saved meanwhile is not replaced)
    assert reads.once(2 if args[0] == "recompute" else 1), (reads.files, reads.books, dict(reads.sheets), reads.plans)


@pytest.mark.skipif(not shutil.which("soffice"), reason="LibreOffice (soffice) prints the page")
def test_print_evaluates_the_workbook_once_for_the_page_and_its_stale_note(books, tmp_path, monkeypatch, capsys):
    reads = Reads(monkeypatch, books["book"])
    assert main(["print", str(books["book"]), "-o", str(tmp_path / "page.pdf")]) == 0
    assert "stale values" in capsys.readouterr().err  # (openpyxl saved it without values)
    assert (reads.files, reads.plans) == (1, 1)
    assert reads.books == 2 and reads.sheets["Standings"] == 2  # the input, then the page written
