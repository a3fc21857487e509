"""Nothing the user has is lost by ``recompute`` (DESIGN "Hostile input and faults"). A recompute in
place keeps the previous version under the first free name of BOOK.bak.xlsx, BOOK.bak2.xlsx,
BOOK.bak3.xlsx ...: it never writes into an existing file, folder or symlink of such a name, nor
follows one (broken or not). A read-only workbook is refused, and so is a read-only ``-o`` file, even
with ``--force``; ``-o`` onto an existing file needs ``--force``, and a dangling ``-o`` link is
refused. A workbook that is a symlink is written through (the link stays a link, its target gets the
new content). A write that fails leaves the workbook as it was and no partial file."""

from __future__ import annotations

import os
import random
import stat
from pathlib import Path

import pytest

from .books import swiss_book
from .conftest import assert_no_traceback, assert_refused, assert_unchanged, run_cli, snapshot, text


def _backup(k: int) -> str:
    """The k-th backup name (0 based): BOOK.bak.xlsx, BOOK.bak2.xlsx, BOOK.bak3.xlsx ..."""
    return "BOOK.bak.xlsx" if k == 0 else f"BOOK.bak{k + 1}.xlsx"


def _recompute(folder, *args):
    proc = run_cli(["recompute", *args], folder, timeout=30)
    assert proc.returncode == 0 and "Traceback" not in text(proc), text(proc)
    return proc


def _occupants(rng: random.Random, folder: Path, name: str) -> None:
    """Something already bearing a backup name: a file, a folder, a link to a precious file, a
    dangling link, a link to a folder."""
    kind = rng.choice(["file", "dir", "link", "dangling", "dirlink"])
    p = folder / name
    if kind == "file":
        p.write_bytes(b"an older backup the user keeps " + name.encode())
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


# ------------------------------------------------------------------------------------- backup names

@pytest.mark.parametrize("taken", [0, 1, 3])
def test_existing_backups_are_never_overwritten_the_next_number_is_used(tmp_path, taken):
    book = swiss_book(tmp_path / "BOOK.xlsx")
    original = book.read_bytes()
    for n in range(taken):
        (tmp_path / _backup(n)).write_bytes(f"backup {n}".encode())
    before = snapshot(tmp_path)
    fresh = _backup(taken)
    proc = _recompute(tmp_path, book.name)
    assert f"kept as {fresh}" in text(proc)
    assert_unchanged({k: v for k, v in before.items() if k != "BOOK.xlsx"}, tmp_path, allowed_new=["BOOK.xlsx", fresh])
    assert (tmp_path / fresh).read_bytes() == original and book.read_bytes() != original


@pytest.mark.parametrize("dangling", [False, True])
def test_a_symlink_named_like_the_backup_is_never_followed(tmp_path, dangling):
    book = swiss_book(tmp_path / "BOOK.xlsx")
    original = book.read_bytes()
    victim = tmp_path / "victim.txt"
    if not dangling:
        victim.write_text("precious")
    os.symlink(victim.name, tmp_path / "BOOK.bak.xlsx")
    before = snapshot(tmp_path)
    _recompute(tmp_path, book.name)
    after = snapshot(tmp_path)
    assert after["BOOK.bak.xlsx"] == ("link", "victim.txt")
    assert not dangling or not victim.exists()
    assert dangling or after["victim.txt"] == before["victim.txt"]
    assert (tmp_path / "BOOK.bak2.xlsx").read_bytes() == original
    assert not (tmp_path / "BOOK.bak2.xlsx").is_symlink()


@pytest.mark.parametrize("seed", range(6))
def test_backup_takes_a_fresh_name_and_touches_nothing_else(tmp_path, seed):
    rng = random.Random(seed)
    book = swiss_book(tmp_path / "book.xlsx")
    taken = ["book.bak.xlsx"] + [f"book.bak{k}.xlsx" for k in range(2, 2 + rng.randrange(0, 4))]
    for name in taken:
        _occupants(rng, tmp_path, name)
    original = book.read_bytes()
    before = snapshot(tmp_path)
    before.pop("book.xlsx")
    fresh = f"book.bak{len(taken) + 1}.xlsx"
    proc = run_cli(["recompute", "book.xlsx"], tmp_path)
    assert_no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    assert fresh in proc.stdout.decode()
    assert (tmp_path / fresh).read_bytes() == original
    assert_unchanged(before, tmp_path, allowed_new=[fresh, "book.xlsx"])


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
    real = tmp_path / "store"
    real.mkdir()
    target = swiss_book(real / "season.xlsx")
    original = target.read_bytes()
    link = tmp_path / "BOOK.xlsx"
    os.symlink(os.path.join("store", "season.xlsx"), link)
    _recompute(tmp_path, link.name)
    assert link.is_symlink() and os.readlink(link) == os.path.join("store", "season.xlsx")
    assert target.read_bytes() != original  # the target got the new content
    backup = tmp_path / "BOOK.bak.xlsx"
    assert backup.read_bytes() == original and not backup.is_symlink()
    assert sorted(p.name for p in real.iterdir()) == ["season.xlsx"]  # no temporary file left there


def test_a_workbook_that_is_a_symlink_stays_a_link(tmp_path):
    (tmp_path / "store").mkdir()
    real = swiss_book(tmp_path / "store" / "real.xlsx")  # its recompute writes cells
    os.symlink(os.path.relpath(real, tmp_path), tmp_path / "book.xlsx")
    original = real.read_bytes()
    inode = os.stat(real).st_ino
    proc = run_cli(["recompute", "book.xlsx"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "book.xlsx").is_symlink()
    assert os.readlink(tmp_path / "book.xlsx") == os.path.join("store", "real.xlsx")
    assert os.stat(real).st_ino != inode and real.is_file()  # the target was written (renamed over)
    assert (tmp_path / "book.bak.xlsx").read_bytes() == original
    assert not (tmp_path / "book.bak.xlsx").is_symlink()


# ----------------------------------------------------------------------------------- a failed write

def test_a_failed_write_leaves_the_workbook_and_no_partial_file(tmp_path):
    """The same folder made unwritable after the read: the write fails cleanly, nothing changes."""
    if os.geteuid() == 0:
        pytest.skip("root writes in any folder")
    book = swiss_book(tmp_path / "BOOK.xlsx")
    tmp_path.chmod(0o555)
    try:
        before = snapshot(tmp_path)
        proc = run_cli(["recompute", book.name], tmp_path, timeout=30)
        assert proc.returncode == 2 and "Traceback" not in text(proc)
        assert_unchanged(before, tmp_path)
    finally:
        tmp_path.chmod(0o755)
