"""Writes that never lose the user's data: temporary file, fsync, then rename (DESIGN)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Optional

from ..errors import InputError


def excel_lock(path: Path) -> Optional[Path]:
    """The lock file Excel (``~$BOOK.xlsx``) or LibreOffice (``.~lock.BOOK.xlsx#``) keeps beside
    ``path`` while the book is open."""
    for lock in (path.with_name("~$" + path.name), path.with_name(f".~lock.{path.name}#")):
        if lock.exists():
            return lock
    return None


def atomic_write(path: Path, data: bytes, *, overwrite: bool = False, backup: bool = False) -> Path:
    """Write ``data`` to ``path`` through a temporary file in the same folder and a rename.

    Refuses to replace an existing file unless ``overwrite``; with ``backup`` the old file is
    first copied to ``NAME.bak.xlsx``-style ``path.with_suffix('.bak' + suffix)``. Refuses when
    Excel has the file open.
    """
    path = Path(path)
    if path.exists() and not overwrite:
        raise InputError("the file exists; choose another name (or allow replacing it)", str(path))
    if excel_lock(path):
        raise InputError("Excel (or LibreOffice) has this workbook open; close it first", str(path))
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise InputError("the folder does not exist", str(folder))
    if path.exists() and backup:
        shutil.copy2(path, backup_path(path))
    mode = path.stat().st_mode & 0o777 if path.exists() else _default_mode()
    fd, tmp = tempfile.mkstemp(prefix=".~xltb-", suffix=path.suffix, dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


def _default_mode() -> int:
    """The mode a new file gets here (0o666 less the umask), as open() would give it."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def backup_path(path: Path) -> Path:
    """Where the previous version of a replaced file is kept: ``BOOK.bak.xlsx``."""
    return path.with_name(path.stem + ".bak" + path.suffix)
