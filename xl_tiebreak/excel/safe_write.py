"""Writes that never lose the user's data: temporary file, fsync, then rename (DESIGN)."""

from __future__ import annotations

import os
import stat
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


MAX_BACKUPS = 1000  # BOOK.bak.xlsx, BOOK.bak1.xlsx ... BOOK.bak999.xlsx; then the recompute refuses


def atomic_write(path: Path, data: bytes, *, overwrite: bool = False, backup: bool = False) -> Path:
    """Write ``data`` to ``path`` through a temporary file in the same folder and a rename.

    Refuses to replace an existing file unless ``overwrite``, and a read-only file always (no
    write permission for its owner, or none for us); with ``backup`` the old content is first
    kept under a new name (:func:`keep_backup`). A ``path`` that is a symlink is written
    through: the link stays a link and the file it points to gets the new content (a dangling
    link is refused). Refuses when Excel has the file open. An interrupted write leaves the file
    as it was (the rename is the last step).
    """
    return write_file(path, data, overwrite=overwrite, backup=backup)[0]


def write_file(path: Path, data: bytes, *, overwrite: bool = False,
               backup: bool = False) -> tuple[Path, Optional[Path]]:
    """:func:`atomic_write`, returning also where the backup went (None without one)."""
    path = Path(path)
    if path.is_symlink() and not path.exists():
        raise InputError("is a symbolic link to a file that does not exist; nothing was written", str(path))
    if path.exists() and not overwrite:
        raise InputError("the file exists; choose another name (or allow replacing it)", str(path))
    if excel_lock(path):
        raise InputError("Excel (or LibreOffice) has this workbook open; close it first", str(path))
    target = Path(os.path.realpath(path)) if path.is_symlink() else path  # written through the link
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise InputError("the folder does not exist", str(folder))
    if target.exists():
        if target.is_dir():
            raise InputError("is a folder, not a file", str(path))
        st = target.stat()
        if not st.st_mode & stat.S_IWUSR or not os.access(target, os.W_OK):
            raise InputError("the file is read-only (no write permission); nothing was written: allow "
                             "writing to it, or write to another file with -o", str(path))
    kept = keep_backup(path, target.read_bytes()) if backup and target.exists() else None
    mode = target.stat().st_mode & 0o777 if target.exists() else _default_mode()
    try:
        fd, tmp = tempfile.mkstemp(prefix=".~xltb-", suffix=target.suffix, dir=folder)
    except OSError as exc:
        raise InputError(f"cannot write in this folder ({exc.strerror})", str(folder)) from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path, kept


def keep_backup(path: Path, data: bytes) -> Path:
    """Keep ``data`` (the previous content of ``path``) as a new file beside ``path``: the first
    free name of ``BOOK.bak.xlsx``, ``BOOK.bak1.xlsx``, ``BOOK.bak2.xlsx`` ... A name taken by
    anything (a file, a folder, a symlink, even a broken one) is never written: the file is
    created exclusively and never through a link. Refused after ``MAX_BACKUPS`` names."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    mode = path.stat().st_mode & 0o777 | stat.S_IWUSR
    for n in range(MAX_BACKUPS):
        candidate = backup_path(path, n)
        if os.path.lexists(candidate):
            continue
        try:
            fd = os.open(candidate, flags, mode)
        except FileExistsError:
            continue  # taken meanwhile
        except OSError as exc:
            raise InputError(f"cannot keep the backup {candidate.name} ({exc.strerror}); nothing was written",
                             str(path)) from None
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        except BaseException:
            try:
                os.unlink(candidate)
            except OSError:
                pass
            raise
        return candidate
    raise InputError(f"{MAX_BACKUPS} backups ({backup_path(path, 0).name}, {backup_path(path, 1).name}, ...) "
                     "are already there; move some away, or write to another file with -o", str(path))


def _default_mode() -> int:
    """The mode a new file gets here (0o666 less the umask), as open() would give it."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def backup_path(path: Path, n: int = 0) -> Path:
    """The ``n``-th name for the previous version of a replaced file: ``BOOK.bak.xlsx`` (0),
    ``BOOK.bak1.xlsx`` (1), ``BOOK.bak2.xlsx`` ..."""
    return path.with_name(f"{path.stem}.bak{n or ''}{path.suffix}")
