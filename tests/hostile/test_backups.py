"""Issue 21 items 14 and 15: nothing the user has is lost by ``recompute BOOK.xlsx``. The previous
version goes to the first free name of BOOK.bak.xlsx, BOOK.bak2.xlsx, BOOK.bak3.xlsx ...: an
existing backup is never overwritten, a symlink of a backup's name is never followed (nor a broken
one); a read-only workbook is refused; a workbook that is a symlink is written through (the link
stays a link, its target gets the new content); an -o file that is read-only is refused."""

from __future__ import annotations

import os
import stat

import pytest

from .books import swiss_book
from .conftest import assert_refused, assert_unchanged, run_cli, snapshot, text


def _backup(k: int) -> str:
    """The k-th backup name (0 based): BOOK.bak.xlsx, BOOK.bak2.xlsx, BOOK.bak3.xlsx ..."""
    return "BOOK.bak.xlsx" if k == 0 else f"BOOK.bak{k + 1}.xlsx"


def _recompute(folder, *args):
    proc = run_cli(["recompute", *args], folder, timeout=30)
    assert proc.returncode == 0 and "Traceback" not in text(proc), text(proc)
    return proc


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
