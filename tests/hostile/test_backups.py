"""Nothing the user has is lost by ``recompute`` (DESIGN "Hostile input and faults"), and its backups
stay few (issue 33, item 7). A recompute in place keeps the version it read as
``BOOK.bak-YYYY-MM-DD-HHMMSS-xxxxxxxx.xlsx`` beside the book (the date and time of the recompute, then
the start of the SHA-256 of the backup's content: the mark that it is ours); a name taken by anything
(a file, a folder, a symlink, broken or not) is never written nor followed, the next second is taken.
Only the five newest of our backups are kept, the one just made always among them; a file that only
looks like one of ours (wrong content for its name, a symlink, a folder, another book's, the
``BOOK.bak.xlsx``/``BOOK.bak2.xlsx`` of earlier versions) is never removed. A read-only workbook is
refused, and so is a read-only ``-o`` file, even with ``--force``; ``-o`` onto an existing file needs
``--force``, and a dangling ``-o`` link is refused. A workbook that is a symlink is written through
(the link stays a link, its target gets the new content, the backup is beside the target). A write
that fails leaves the workbook as it was and no partial file."""

from __future__ import annotations

import hashlib
import os
import random
import stat
import time
from pathlib import Path

import pytest

from xl_tiebreak.cli import main

from .books import PLAYERS, swiss_book
from .conftest import assert_refused, assert_unchanged, run_cli, snapshot, text
from .fs_faults import unwritable

WHEN = time.mktime((2026, 3, 7, 14, 30, 12, 0, 0, -1))  # a Saturday's round, local time
WEEK = 7 * 24 * 3600


def _name(stem: str, when: float, content: bytes, suffix: str = ".xlsx") -> str:
    """The backup name our recompute at ``when`` gives ``content`` (as the README says)."""
    stamp = time.strftime("%Y-%m-%d-%H%M%S", time.localtime(when))
    return f"{stem}.bak-{stamp}-{hashlib.sha256(content).hexdigest()[:8]}{suffix}"


def _recompute_at(monkeypatch, capsys, when: float, book: Path, *args: str) -> str:
    """``recompute BOOK`` run in this process with the clock at ``when``; its output."""
    monkeypatch.setattr(time, "time", lambda: when)
    status = main(["recompute", str(book), *args])
    monkeypatch.undo()
    out, err = capsys.readouterr()
    assert status == 0 and not err, (out, err)
    return out


def _ours(folder: Path, when: float, content: bytes, stem: str = "BOOK") -> Path:
    """A backup of ours made earlier: the name its content and date give it."""
    p = folder / _name(stem, when, content)
    p.write_bytes(content)
    return p


def _week(k: int) -> list[tuple]:
    """The event as typed by week ``k``: one more name changed each week (the book differs)."""
    return [(*PLAYERS[0][:1], f"Alpha week {k}", *PLAYERS[0][2:]), *PLAYERS[1:]]


# -------------------------------------------------------------------------------- the backup's name

def test_a_recompute_keeps_the_version_read_under_its_dated_name(tmp_path, monkeypatch, capsys):
    book = swiss_book(tmp_path / "BOOK.xlsx")
    original = book.read_bytes()
    before = snapshot(tmp_path)
    out = _recompute_at(monkeypatch, capsys, WHEN, book)
    fresh = _name("BOOK", WHEN, original)
    assert fresh == f"BOOK.bak-2026-03-07-143012-{hashlib.sha256(original).hexdigest()[:8]}.xlsx"
    assert f"the previous version is kept as {tmp_path / fresh}" in out
    assert (tmp_path / fresh).read_bytes() == original and book.read_bytes() != original
    assert_unchanged({k: v for k, v in before.items() if k != "BOOK.xlsx"}, tmp_path,
                     allowed_new=["BOOK.xlsx", fresh])


def _occupy(rng: random.Random, folder: Path, name: str) -> None:
    """Something already bearing a backup name: a file, a folder, a link to a precious file, a
    dangling link, a link to a folder."""
    kind = rng.choice(["file", "dir", "link", "dangling", "dirlink"])
    p = folder / name
    if kind == "file":
        p.write_bytes(b"a file the user keeps under " + name.encode())
    elif kind == "dir":
        p.mkdir()
    elif kind == "link":
        (folder / f"precious-{name}.txt").write_text("do not overwrite me")
        os.symlink(f"precious-{name}.txt", p)
    elif kind == "dangling":
        os.symlink("nowhere-" + name, p)
    else:
        (folder / f"d-{name}").mkdir()
        os.symlink(f"d-{name}", p)


@pytest.mark.parametrize("seed", range(6))
def test_a_backup_name_already_taken_is_never_written_nor_followed(tmp_path, monkeypatch, capsys, seed):
    rng = random.Random(seed)
    book = swiss_book(tmp_path / "BOOK.xlsx")
    original = book.read_bytes()
    taken = 1 + rng.randrange(0, 4)
    for k in range(taken):  # the names of this second and the next ones, with this very content
        _occupy(rng, tmp_path, _name("BOOK", WHEN + k, original))
    before = snapshot(tmp_path)
    before.pop("BOOK.xlsx")
    out = _recompute_at(monkeypatch, capsys, WHEN, book)
    fresh = _name("BOOK", WHEN + taken, original)
    assert fresh in out
    assert (tmp_path / fresh).read_bytes() == original and not (tmp_path / fresh).is_symlink()
    assert_unchanged(before, tmp_path, allowed_new=[fresh, "BOOK.xlsx"])


# ------------------------------------------------------------------------------ the newest five kept

def test_a_season_of_weekly_recomputes_keeps_the_five_newest_backups(tmp_path, monkeypatch, capsys):
    book = tmp_path / "club.xlsx"
    versions = []
    for k in range(9):
        swiss_book(book, _week(k))  # the arbiter types the week's results and saves
        versions.append(book.read_bytes())
        out = _recompute_at(monkeypatch, capsys, WHEN + k * WEEK, book)
        gone = [_name("club", WHEN + j * WEEK, versions[j]) for j in range(k - 4)]
        if k >= 5:
            assert f"older backups removed (the newest 5 are kept): {gone[-1]}" in out, out
    kept = sorted(p.name for p in tmp_path.iterdir() if p.name != "club.xlsx")
    assert kept == [_name("club", WHEN + k * WEEK, versions[k]) for k in range(4, 9)]
    for k in range(4, 9):
        assert (tmp_path / _name("club", WHEN + k * WEEK, versions[k])).read_bytes() == versions[k]


def test_a_recompute_that_changes_nothing_writes_nothing_and_keeps_every_backup(tmp_path, monkeypatch, capsys):
    """Five recomputes of a book already up to date (before each print, say): the file is not
    written (its bytes and time stay), no backup is made and none removed, so the five earlier
    versions kept stay the five kept; the command says the book was up to date."""
    book = tmp_path / "club.xlsx"
    versions = []
    for k in range(5):
        swiss_book(book, _week(k))
        versions.append(book.read_bytes())
        _recompute_at(monkeypatch, capsys, WHEN + k * WEEK, book)
    kept = sorted(p.name for p in tmp_path.iterdir() if p.name != "club.xlsx")
    current, mtime = book.read_bytes(), book.stat().st_mtime_ns
    for k in range(5, 10):
        out = _recompute_at(monkeypatch, capsys, WHEN + k * WEEK, book)
        assert f"{book} is up to date:" in out and "nothing written, no backup made" in out, out
        assert "older backups removed" not in out and "previous version" not in out
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "club.xlsx") == kept
    assert kept == sorted(_name("club", WHEN + k * WEEK, versions[k]) for k in range(5))
    assert book.read_bytes() == current and book.stat().st_mtime_ns == mtime


def test_the_backup_just_made_is_kept_whatever_the_clock_said_before(tmp_path, monkeypatch, capsys):
    """Backups dated in the future (a clock set wrong once) never push out the one just made."""
    book = swiss_book(tmp_path / "BOOK.xlsx")
    original = book.read_bytes()
    future = [_ours(tmp_path, WHEN + 1000 * WEEK + k, f"version {k}".encode()) for k in range(6)]
    out = _recompute_at(monkeypatch, capsys, WHEN, book)
    left = sorted(p.name for p in tmp_path.iterdir() if p.name != "BOOK.xlsx")
    assert left == sorted([_name("BOOK", WHEN, original)] + [p.name for p in future[2:]])
    assert ", ".join(p.name for p in future[:2]) in out


def test_files_that_only_look_like_our_backups_are_never_removed(tmp_path, monkeypatch, capsys):
    book = swiss_book(tmp_path / "BOOK.xlsx")
    old = WHEN - 1000 * WEEK  # older than every backup of ours: removed first if taken for ours
    ours = [_ours(tmp_path, WHEN - (10 - k) * WEEK, f"week {k}".encode()) for k in range(7)]
    looks = tmp_path / _name("BOOK", old, b"what the name says")
    looks.write_bytes(b"the user's own file under a name like ours")  # its content is not the name's
    target = tmp_path / "kept-elsewhere.xlsx"
    target.write_bytes(b"a backup's content")
    os.symlink(target.name, tmp_path / _name("BOOK", old + 1, target.read_bytes()))  # a link, not a file
    (tmp_path / _name("BOOK", old + 2, b"")).mkdir()  # a folder
    _ours(tmp_path, old + 3, b"another book's backup", stem="OTHER")
    (tmp_path / _name("BOOK", old + 4, b"xlsm").replace(".xlsx", ".xlsm")).write_bytes(b"xlsm")  # not this book's
    upper = _name("BOOK", old + 5, b"upper")
    (tmp_path / (upper[:-13] + upper[-13:-5].upper() + ".xlsx")).write_bytes(b"upper")
    for legacy in ("BOOK.bak.xlsx", "BOOK.bak2.xlsx", "BOOK.bak12.xlsx"):  # the names of earlier versions
        (tmp_path / legacy).write_bytes(b"a backup of an earlier version: the user decides")
    before = snapshot(tmp_path)
    before.pop("BOOK.xlsx")
    out = _recompute_at(monkeypatch, capsys, WHEN, book)
    removed = ours[:3]  # 7 of ours and the new one: the 3 oldest go
    assert "older backups removed (the newest 5 are kept): " + ", ".join(p.name for p in removed) in out
    for p in removed:
        before.pop(p.name)
    assert_unchanged(before, tmp_path, allowed_new=["BOOK.xlsx", _new_backup(tmp_path, ours)])


def _new_backup(folder: Path, ours) -> str:
    """The one backup that is neither an earlier one of ours nor one of the look-alikes."""
    names = {p.name for p in ours}
    fresh = [p.name for p in folder.iterdir() if p.name.startswith("BOOK.bak-2026-03-07-143012-")]
    assert len(fresh) == 1 and fresh[0] not in names, fresh
    return fresh[0]


# --------------------------------------------------------------------------- read-only files and -o

@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX modes")
def test_a_read_only_workbook_is_refused(tmp_path):
    book = swiss_book(tmp_path / "BOOK.xlsx")
    book.chmod(0o444)
    before = snapshot(tmp_path)
    assert_refused(run_cli(["recompute", book.name], tmp_path, timeout=30), "BOOK.xlsx", "read-only")
    assert_unchanged(before, tmp_path)
    out = swiss_book(tmp_path / "out.xlsx")
    out.chmod(0o444)
    before = snapshot(tmp_path)
    book.chmod(0o644)
    before["BOOK.xlsx"] = snapshot(tmp_path)["BOOK.xlsx"]
    assert_refused(run_cli(["recompute", book.name, "-o", "out.xlsx", "--force"], tmp_path, timeout=30),
                   "out.xlsx", "read-only")
    assert_unchanged(before, tmp_path)
    assert stat.S_IMODE(os.stat(out).st_mode) == 0o444


def test_read_only_workbook_is_refused_and_left_alone(tmp_path):
    book = swiss_book(tmp_path / "book.xlsx")
    os.chmod(book, 0o444)
    before = snapshot(tmp_path)
    assert_refused(run_cli(["recompute", "book.xlsx"], tmp_path), "book.xlsx", "read-only")
    assert_unchanged(before, tmp_path)


def test_read_only_output_is_refused_even_with_force(tmp_path):
    swiss_book(tmp_path / "book.xlsx")
    out = swiss_book(tmp_path / "out.xlsx")
    os.chmod(out, 0o444)
    before = snapshot(tmp_path)
    assert_refused(run_cli(["recompute", "book.xlsx", "-o", "out.xlsx", "--force"], tmp_path), "out.xlsx", "read-only")
    assert_unchanged(before, tmp_path)


def test_existing_output_needs_force_and_the_message_says_so(tmp_path):
    swiss_book(tmp_path / "book.xlsx")
    swiss_book(tmp_path / "out.xlsx")
    before = snapshot(tmp_path)
    for args in (["recompute", "book.xlsx", "-o", "out.xlsx"], ["template", "-o", "out.xlsx"],
                 ["export-trf", "book.xlsx", "-o", "out.xlsx"]):
        assert_refused(run_cli(args, tmp_path), "out.xlsx", "--force")
    assert_unchanged(before, tmp_path)


def test_a_dangling_output_link_is_refused(tmp_path):
    swiss_book(tmp_path / "book.xlsx")
    os.symlink("missing.xlsx", tmp_path / "out.xlsx")
    before = snapshot(tmp_path)
    assert_refused(run_cli(["recompute", "book.xlsx", "-o", "out.xlsx", "--force"], tmp_path), "out.xlsx")
    assert_unchanged(before, tmp_path)


# --------------------------------------------------------------------- a workbook that is a symlink

def test_a_workbook_that_is_a_symlink_is_written_through_and_stays_a_link(tmp_path):
    (tmp_path / "store").mkdir()
    real = swiss_book(tmp_path / "store" / "season.xlsx")
    original = real.read_bytes()
    inode = os.stat(real).st_ino
    link = tmp_path / "BOOK.xlsx"
    os.symlink(os.path.join("store", "season.xlsx"), link)
    proc = run_cli(["recompute", link.name], tmp_path, timeout=30)
    assert proc.returncode == 0 and "Traceback" not in text(proc), text(proc)
    assert link.is_symlink() and os.readlink(link) == os.path.join("store", "season.xlsx")
    assert real.read_bytes() != original and os.stat(real).st_ino != inode  # the target got the new content
    backups = [p for p in (tmp_path / "store").iterdir() if p.name != "season.xlsx"]
    assert [p.name for p in backups] == [p.name for p in backups if p.name.startswith("season.bak-")]
    assert len(backups) == 1 and backups[0].read_bytes() == original and not backups[0].is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["BOOK.xlsx", "store"]  # nothing beside the link


# ----------------------------------------------------------------------------------- a failed write

def test_a_workbook_in_a_folder_that_takes_no_new_file_is_refused_before_the_work(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    book = swiss_book(folder / "BOOK.xlsx")
    before = snapshot(tmp_path)
    with unwritable(folder):
        proc = run_cli(["recompute", str(book)], tmp_path, timeout=30)
    assert_refused(proc, "BOOK.xlsx", "no file can be created")
    assert_unchanged(before, tmp_path)


def test_a_workbook_whose_backup_name_would_be_too_long_is_refused_before_the_work(tmp_path):
    """A name of 230 characters fits the folder (255 bytes), its backup's (31 more) does not."""
    book = swiss_book(tmp_path / ("b" * 230 + ".xlsx"))
    before = snapshot(tmp_path)
    assert_refused(run_cli(["recompute", book.name], tmp_path, timeout=30), book.name, "backup's name",
                   "too long", "with -o")
    assert_unchanged(before, tmp_path)
