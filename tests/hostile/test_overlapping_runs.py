"""Two runs at once, and a workbook saved while it is recomputed (issue 32, "Overlapping runs").

- Two ``publish ... -o page.html`` started together: without ``--force`` exactly one writes the page
  and the other is refused (exit 2, naming the page), also when both have passed every check and meet
  at the write (:func:`.fs_faults.run_together`), on a file system with hard links or without; the
  page is the winner's, whole.
- ``recompute BOOK.xlsx`` while the user saves an edit of the book: the edit is never lost. An edit
  saved just before the book is renamed to its backup is found there and put back; one saved just
  before the recomputed file takes the book's name keeps the name. Nothing is written over it, the
  command says so (exit 2), and no temporary file is left.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from xl_tiebreak.cli import main
from xl_tiebreak.examples import demo_text

from .books import swiss_book
from .conftest import assert_refused
from .fs_faults import run_together

ROUNDS = 4  # times each race is run


@pytest.fixture
def two_events(tmp_path):
    """Two copies of one event under two names: the page names its input, so it tells who wrote it."""
    for name in ("first.trf", "second.trf"):
        (tmp_path / name).write_text(demo_text(), encoding="utf-8")
    return tmp_path


def _winner(procs, page: Path) -> str:
    """The input whose run wrote the page; the other run refused naming the page."""
    codes = sorted(p.returncode for p in procs)
    assert codes == [0, 2], [(p.returncode, (p.stdout + p.stderr).decode()) for p in procs]
    won, lost = (procs[0], procs[1]) if procs[0].returncode == 0 else (procs[1], procs[0])
    assert_refused(lost, "page.html", "--force")
    assert b"written to page.html" in won.stdout
    return won.args[-3]  # [python, -c, code, publish, INPUT, -o, page.html]


@pytest.mark.parametrize("hard_links", [True, False], ids=["hard-links", "no-hard-links"])
@pytest.mark.parametrize("attempt", range(ROUNDS))
def test_two_publish_runs_meeting_at_the_write_exactly_one_wins(two_events, attempt, hard_links):
    page = two_events / "page.html"
    procs = run_together([["publish", "first.trf", "-o", "page.html"],
                          ["publish", "second.trf", "-o", "page.html"]], two_events, hard_links=hard_links)
    winner = _winner(procs, page)
    html = page.read_text(encoding="utf-8")
    loser = "second.trf" if winner == "first.trf" else "first.trf"
    assert winner in html and loser not in html and html.rstrip().endswith("</html>")
    assert [p.name for p in two_events.iterdir() if p.name.startswith(".~xltb-")] == []


# ----------------------------------------------------------- a book saved while it is recomputed

EDIT = b"the arbiter's edit, saved by Excel"


def _save_by_rename(book: Path, replace) -> None:
    """What Excel and LibreOffice do: a new file written beside the book, renamed over it."""
    tmp = book.with_name("~edit.tmp")
    tmp.write_bytes(EDIT)
    replace(tmp, book)


def _save_in_place(book: Path, _replace) -> None:
    """A program that writes into the book's file itself."""
    with open(book, "r+b") as f:
        f.seek(0)
        f.write(EDIT)
        f.truncate()


CASES = [  # (how the user saves, the moment before which the save lands, what the message says)
    (_save_by_rename, "rename", "changed while it was being recomputed; nothing was written"),
    (_save_in_place, "rename", "changed while it was being recomputed; nothing was written"),
    (_save_by_rename, "link", "saved by another program while it was being recomputed"),
]


@pytest.mark.parametrize("save,moment,said", CASES, ids=["new-file-before-rename", "in-place-before-rename",
                                                         "new-file-before-link"])
def test_an_edit_saved_while_the_book_is_recomputed_is_never_lost(tmp_path, monkeypatch, capsys, save, moment, said):
    """The save is injected into the run, right before the file operation that renames the book away
    (``rename``: an ``os.replace``/``os.link`` whose source is the book) or that gives the book's name
    to the recomputed file (``link``: one whose destination is the book)."""
    book = swiss_book(tmp_path / "BOOK.xlsx")
    read = book.read_bytes()
    real_replace, real_link = os.replace, os.link
    saved = []

    def at(src, dst) -> None:
        if saved or Path(src).name == "~edit.tmp":
            return
        if (Path(src) == book) if moment == "rename" else (Path(dst) == book):
            save(book, real_replace)
            saved.append(True)

    def replace(src, dst, *a, **k):
        at(src, dst)
        return real_replace(src, dst, *a, **k)

    def link(src, dst, *a, **k):
        at(src, dst)
        return real_link(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "link", link)
    status = main(["recompute", str(book)])
    err = capsys.readouterr().err
    assert saved, "the run never reached that moment"
    assert status == 2 and "BOOK.xlsx" in err and said in err, err
    assert book.read_bytes() == EDIT  # the edit stands under the book's name
    backups = [p for p in tmp_path.iterdir() if p.name.startswith("BOOK.bak-")]
    if moment == "rename":  # the edit was found in the renamed file and put back: no backup made
        assert backups == []
    else:  # the version read stays as the backup the message names
        assert [p.read_bytes() for p in backups] == [read] and backups[0].name in err
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith((".~xltb-", "~edit"))] == []


def test_an_edit_written_into_the_open_file_after_the_check_lands_in_the_backup(tmp_path, monkeypatch, capsys):
    """What remains (README "Limits and safety"): a program holding the book open and writing into it
    after the renamed book was compared writes into the backup, whose name then no longer matches its
    content (so it is never removed as one of ours): the edit is kept, not lost."""
    book = swiss_book(tmp_path / "BOOK.xlsx")
    held = open(book, "r+b")  # the other program has the book open
    real_link = os.link

    def link(src, dst, *a, **k):
        if Path(dst) == book and not held.closed:
            held.seek(0)
            held.write(EDIT)
            held.truncate()
            held.close()
        return real_link(src, dst, *a, **k)

    monkeypatch.setattr(os, "link", link)
    try:
        assert main(["recompute", str(book)]) == 0
    finally:
        held.close()
    backups = [p for p in tmp_path.iterdir() if p.name.startswith("BOOK.bak-")]
    assert [p.read_bytes() for p in backups] == [EDIT]
