"""Writes that never lose the user's data (DESIGN "Hostile input and faults"): a temporary file in
the target's folder, fsync, then a rename over the target.

- A file that exists is replaced only when asked (``overwrite``); the message names ``--force``.
- A read-only file (no write permission for its owner) is never replaced, even by root.
- A symlink is written through: the file it points to gets the new content and the link stays a
  link (a rename over the link itself would turn it into a regular file).
- A backup never overwrites anything: ``BOOK.bak.xlsx``, else ``BOOK.bak2.xlsx``, ``BOOK.bak3.xlsx``
  ... (up to :data:`MAX_BACKUPS`), each created exclusively, so a symlink or a file already bearing
  the name is never followed nor replaced.
- Excel's or LibreOffice's lock file beside a workbook means it is open: nothing is written.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Callable, Optional

from ...errors import InputError

MAX_BACKUPS = 999


def excel_lock(path: Path) -> Optional[Path]:
    """The lock file Excel (``~$BOOK.xlsx``) or LibreOffice (``.~lock.BOOK.xlsx#``) keeps beside
    ``path`` while the book is open."""
    for lock in (path.with_name("~$" + path.name), path.with_name(f".~lock.{path.name}#")):
        if lock.exists():
            return lock
    return None


def writable_target(path: Path, *, overwrite: bool = False, force_hint: str = "--force") -> Path:
    """The file a write to ``path`` lands in (the target of a symlink), after the refusals: an
    existing file without ``overwrite``, a read-only file, something that is not a regular file,
    a dangling link, a missing folder, a workbook open in Excel."""
    path = Path(path)
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    if path.is_symlink() and not target.exists():
        raise InputError("is a symbolic link to a file that does not exist; nothing was written", str(path))
    if target.exists() or path.is_symlink():
        if not overwrite:
            raise InputError(f"the file exists; choose another name, or add {force_hint} to replace it", str(path))
        st = target.stat()
        if not stat.S_ISREG(st.st_mode):
            raise InputError("is not a regular file; nothing was written", str(path))
        if not st.st_mode & stat.S_IWUSR:
            raise InputError("the file is read-only; nothing was written (make it writable, or write "
                             "elsewhere with -o)", str(path))
    for p in {path, target}:
        if excel_lock(p):
            raise InputError("Excel (or LibreOffice) has this workbook open; close it first", str(path))
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise InputError("the folder does not exist", str(folder))
    return target


def atomic_write(path: Path, data: bytes, *, overwrite: bool = False) -> Path:
    """Write ``data`` to ``path`` through a temporary file in the same folder and a rename (through
    a symlink: into the file it points to). Refuses as :func:`writable_target` says. Returns ``path``."""
    path = Path(path)
    target = writable_target(path, overwrite=overwrite)
    folder = target.parent if str(target.parent) else Path(".")
    mode = target.stat().st_mode & 0o7777 if target.exists() else _default_mode()
    fd, tmp = tempfile.mkstemp(prefix=".~xltb-", suffix=target.suffix, dir=folder)
    _fill(fd, tmp, data, mode, lambda: os.replace(tmp, target))
    return path


def _fill(fd: int, name: "str | Path", data: bytes, mode: int, then: Callable[[], None] = lambda: None) -> None:
    """Write ``data`` into the new file ``name`` open as ``fd``, on disk (fsync), with ``mode``, then
    ``then()``; on any failure the new file is removed and the error goes on."""
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(name, mode)
        then()
    except BaseException:
        try:
            os.unlink(name)
        except OSError:
            pass
        raise


def _default_mode() -> int:
    """The mode a new file gets here (0o666 less the umask), as open() would give it."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def backup_names(path: Path):
    """The names a backup of ``path`` may take, in order: ``BOOK.bak.xlsx``, ``BOOK.bak2.xlsx``, ..."""
    yield path.with_name(path.stem + ".bak" + path.suffix)
    for k in range(2, MAX_BACKUPS + 1):
        yield path.with_name(f"{path.stem}.bak{k}{path.suffix}")


def make_backup(path: Path, data: bytes) -> Path:
    """Keep ``data`` (the file's previous content) under the first free backup name beside ``path``
    (beside the link, for a symlink). The name is created exclusively: an existing file, folder or
    symlink of that name is never written, and the next number is taken."""
    path = Path(path)
    mode = path.stat().st_mode & 0o7777 if path.exists() else _default_mode()
    for name in backup_names(path):
        try:
            fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), mode | 0o200)
        except FileExistsError:
            continue
        except OSError as exc:
            raise InputError(f"cannot create the backup {name.name} ({exc.strerror}); nothing was written",
                             str(path)) from None
        _fill(fd, name, data, mode)
        return name
    raise InputError(f"{MAX_BACKUPS} backups exist already ({path.stem}.bak*.{path.suffix.lstrip('.')}); "
                     "remove some, or write elsewhere with -o", str(path))
