"""Nothing the user has is lost (DESIGN "Hostile input and faults"; issue 21 items 14, 15): a
recompute in place keeps the previous version under a fresh backup name and never writes into an
existing file, folder or symlink of that name; a read-only workbook is refused; a workbook that is
a symlink stays a link (its target gets the new content); ``-o`` onto an existing file needs
``--force``."""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

import pytest

from .conftest import ROOT, assert_no_traceback, assert_refused, assert_unchanged, run_cli, snapshot

TEMPLATE = ROOT / "workbook_templates" / "xl-tiebreak-round-robin.xlsx"


def _book(folder: Path, name: str = "book.xlsx") -> Path:
    p = folder / name
    shutil.copyfile(TEMPLATE, p)
    return p


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


@pytest.mark.parametrize("seed", range(6))
def test_backup_takes_a_fresh_name_and_touches_nothing_else(tmp_path, seed):
    rng = random.Random(seed)
    book = _book(tmp_path)
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


def test_read_only_workbook_is_refused_and_left_alone(tmp_path):
    book = _book(tmp_path)
    os.chmod(book, 0o444)
    before = snapshot(tmp_path)
    assert_refused(run_cli(["recompute", "book.xlsx"], tmp_path), "book.xlsx", "read-only")
    assert_unchanged(before, tmp_path)


def test_read_only_output_is_refused_even_with_force(tmp_path):
    _book(tmp_path)
    out = _book(tmp_path, "out.xlsx")
    os.chmod(out, 0o444)
    before = snapshot(tmp_path)
    assert_refused(run_cli(["recompute", "book.xlsx", "-o", "out.xlsx", "--force"], tmp_path), "out.xlsx", "read-only")
    assert_unchanged(before, tmp_path)


def test_existing_output_needs_force_and_the_message_says_so(tmp_path):
    _book(tmp_path)
    _book(tmp_path, "out.xlsx")
    before = snapshot(tmp_path)
    for args in (["recompute", "book.xlsx", "-o", "out.xlsx"], ["template", "-o", "out.xlsx"],
                 ["export-trf", "book.xlsx", "-o", "out.xlsx"]):
        assert_refused(run_cli(args, tmp_path), "out.xlsx", "--force")
    assert_unchanged(before, tmp_path)


def test_a_workbook_that_is_a_symlink_stays_a_link(tmp_path):
    (tmp_path / "store").mkdir()
    real = tmp_path / "store" / "real.xlsx"
    shutil.copyfile(ROOT / "workbook_templates" / "xl-tiebreak-swiss.xlsx", real)  # its recompute writes cells
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


def test_a_dangling_output_link_is_refused(tmp_path):
    _book(tmp_path)
    os.symlink("missing.xlsx", tmp_path / "out.xlsx")
    before = snapshot(tmp_path)
    assert_refused(run_cli(["recompute", "book.xlsx", "-o", "out.xlsx", "--force"], tmp_path), "out.xlsx")
    assert_unchanged(before, tmp_path)
