"""Every file the package writes goes through here, so that nothing the user has is lost (DESIGN
"Hostile input and faults"): a temporary file in the target's folder, on disk (fsync), then put in
place in one step.

- A file that exists is replaced only when asked (``overwrite``; the message names ``--force``),
  and that holds at the moment the file is put in place, not only when it was checked: without
  ``overwrite`` the temporary file is hard-linked to the target's name, which fails if anything
  took the name meanwhile (two runs writing one page: exactly one wins).
- A read-only file (no write permission for its owner) is never replaced, even by root.
- A symlink is written through: the file it points to gets the new content and the link stays a
  link (a rename over the link itself would turn it into a regular file).
- A path that cannot be written (a name too long for the folder, a folder where nothing can be
  created, a full disk) is an :class:`InputError` naming the path, checked before the work where
  the system tells (:func:`writable_target`), and the write leaves no partial file.
- Excel's or LibreOffice's lock file beside a workbook means it is open: nothing is written.

A workbook replaced in place (``recompute BOOK.xlsx``, :func:`replace_keeping_backup`) keeps its
previous version as ``BOOK.bak-YYYY-MM-DD-HHMMSS-xxxxxxxx.xlsx`` beside it: the file itself is
renamed to that name in one step, so an edit saved by the user at any moment before that step is
in the file renamed, and is found; one saved after it finds the name free and stands. The last
eight characters are the start of the SHA-256 of the backup's content: that is how a backup is
known to be ours (:func:`our_backups`). Only the newest :data:`KEEP_BACKUPS` of ours are kept;
nothing else is ever removed or overwritten.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import stat
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ...errors import InputError
from .package import MAX_WORKBOOK_BYTES

KEEP_BACKUPS = 5
"""How many backups of a workbook :func:`replace_keeping_backup` keeps (the newest, by the date in
their names); older ones of ours are removed."""

_HASH_CHARS = 8
_STAMP = "%Y-%m-%d-%H%M%S"
_NO_LINKS = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK, errno.EXDEV}
"""Errors of ``os.link`` that mean the file system has no hard links (FAT, some network drives)."""


def excel_lock(path: Path) -> Optional[Path]:
    """The lock file Excel (``~$BOOK.xlsx``) or LibreOffice (``.~lock.BOOK.xlsx#``) keeps beside
    ``path`` while the book is open."""
    for lock in (path.with_name("~$" + path.name), path.with_name(f".~lock.{path.name}#")):
        if lock.exists():
            return lock
    return None


def _why(exc: BaseException) -> str:
    """The system's reason for a failed file operation ("Permission denied", "File name too long")."""
    return getattr(exc, "strerror", None) or str(exc)


def writable_target(path: Path, *, overwrite: bool = False, force_hint: str = "--force") -> Path:
    """The file a write to ``path`` lands in (the target of a symlink), after the refusals: an
    existing file without ``overwrite``, a read-only file, something that is not a regular file,
    a dangling link, a missing folder, a workbook open in Excel, a name too long for its folder, a
    folder where no file can be created. Called before the work, so that the work is not lost."""
    path = Path(path)
    shown = str(path)
    try:
        return _writable_target(path, shown, overwrite, force_hint)
    except InputError:
        raise
    except (OSError, ValueError) as exc:  # a name too long for the system, a NUL in it, a path through a file
        raise InputError(f"cannot write here ({_why(exc)}); nothing was written", shown) from None


def _writable_target(path: Path, shown: str, overwrite: bool, force_hint: str) -> Path:
    long = _too_long(_folder(path), path.name) if _folder(path).is_dir() else None
    if long:
        raise InputError(f"the file name is too long ({long[0]} bytes; the folder's file system allows {long[1]}); "
                         "nothing was written", shown)
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    if path.is_symlink() and not target.exists():
        raise InputError("is a symbolic link to a file that does not exist; nothing was written", shown)
    if target.is_dir():
        raise InputError("is a folder; name a file in it", shown)
    if target.exists() or path.is_symlink():
        if not overwrite:
            raise InputError(f"the file exists; choose another name, or add {force_hint} to replace it", shown)
        st = target.stat()
        if not stat.S_ISREG(st.st_mode):
            raise InputError("is not a regular file; nothing was written", shown)
        if not st.st_mode & stat.S_IWUSR:
            raise InputError("the file is read-only; nothing was written (make it writable, or write "
                             "elsewhere with -o)", shown)
    for p in {path, target}:
        if excel_lock(p):
            raise InputError("Excel (or LibreOffice) has this workbook open; close it first", shown)
    folder = _folder(target)
    if not folder.is_dir():
        raise InputError("the folder does not exist", str(folder))
    try:  # the folder takes a new file (a read-only folder or drive, no permission: refused now)
        fd, probe = tempfile.mkstemp(prefix=".~xltb-", dir=folder)
    except OSError as exc:
        raise InputError(f"no file can be created in the folder {str(folder)!r} ({_why(exc)}); nothing was "
                         "written", shown) from None
    os.close(fd)
    os.unlink(probe)
    return target


def _folder(target: Path) -> Path:
    return target.parent if str(target.parent) else Path(".")


def _too_long(folder: Path, name: str) -> Optional[tuple[int, int]]:
    """(its length in bytes, the limit) when ``name`` is longer than the folder's file system allows
    (255 bytes on most), else ``None``; checked by name, since a temporary file's short name would not
    show it. ``None`` where the system does not tell (no pathconf: Windows), where the write tells."""
    try:
        limit = os.pathconf(folder, "PC_NAME_MAX")
    except (AttributeError, OSError, ValueError):
        return None
    size = len(os.fsencode(name))
    return (size, limit) if 0 < limit < size else None


def atomic_write(path: Path, data: bytes, *, overwrite: bool = False) -> Path:
    """Write ``data`` to ``path`` through a temporary file in the same folder, put in place in one
    step (through a symlink: into the file it points to). Refuses as :func:`writable_target` says;
    without ``overwrite``, also when the name was taken between that check and the write.
    Returns ``path``."""
    path = Path(path)
    target = writable_target(path, overwrite=overwrite)
    shown = str(path)
    try:
        mode = target.stat().st_mode & 0o7777 if target.exists() else _default_mode()
        tmp = _temporary(target, data, mode)
    except OSError as exc:
        raise InputError(f"cannot write the file ({_why(exc)}); nothing was written", shown) from None
    try:
        if overwrite:
            os.replace(tmp, target)
        elif not _link_new(tmp, target):
            raise InputError("the file was created by another program (or run) while this one worked; it was "
                             "left as it is and nothing was written (add --force to replace it)", shown)
    except OSError as exc:
        raise InputError(f"cannot write the file ({_why(exc)}); nothing was written", shown) from None
    finally:
        _remove(tmp)
    return path


def _temporary(target: Path, data: bytes, mode: int) -> Path:
    """A new file beside ``target`` holding ``data`` on disk, with ``mode``; removed if anything fails."""
    fd, name = tempfile.mkstemp(prefix=".~xltb-", suffix=target.suffix, dir=_folder(target))
    _fill(fd, name, data, mode)
    return Path(name)


def _fill(fd: int, name: "str | Path", data: bytes, mode: int) -> None:
    """Write ``data`` into the new file ``name`` open as ``fd``, on disk (fsync), with ``mode``; on
    any failure the new file is removed and the error goes on."""
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(name, mode)
    except BaseException:
        _remove(Path(name))
        raise


def _remove(name: Path) -> None:
    """Remove a file of ours (a temporary file) if it is still there."""
    try:
        os.unlink(name)
    except OSError:
        pass


def _default_mode() -> int:
    """The mode a new file gets here (0o666 less the umask), as open() would give it."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _link_new(ours: Path, name: Path) -> bool:
    """Give the file ``ours`` (a name only this process uses) the name ``name`` if that name is
    free at this instant, and drop the name ``ours``; ``False``, changing nothing, if ``name`` is
    taken. A hard link is created only where no entry exists, in one step; on a file system without
    hard links, :func:`_claim_and_rename`."""
    try:
        os.link(ours, name)
    except FileExistsError:
        return False
    except OSError as exc:
        if exc.errno not in _NO_LINKS:
            raise
        return _claim_and_rename(ours, name)
    os.unlink(ours)
    return True


def _claim_and_rename(ours: Path, name: Path) -> bool:
    """``name`` claimed by creating it exclusively (``False`` if taken), then ``ours`` renamed over
    the claim. Another program's save that lands between the two steps would be replaced: used only
    where hard links are not to be had."""
    try:
        os.close(os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600))
    except FileExistsError:
        return False
    try:
        os.replace(ours, name)
    except BaseException:
        _remove(name)
        raise
    return True


# ------------------------------------------------------------------ replacing a workbook in place

@dataclass
class Replaced:
    """What :func:`replace_keeping_backup` did: the backup made, the older backups removed."""

    backup: Path
    removed: list[Path] = field(default_factory=list)


def replace_keeping_backup(path: Path, read: bytes, data: bytes) -> Replaced:
    """Replace the workbook ``path`` (through a symlink: the file it points to) by ``data``,
    keeping the version that was read, ``read``, as a backup beside it, unless the file changed
    after it was read: then nothing is written and the error says so.

    The file is renamed to its backup name in one step, then compared with ``read``: an edit saved
    before that step is in the renamed file, which is renamed back. ``data`` is then linked to the
    workbook's name only if the name is still free: an edit saved after the rename stands. What
    remains: a program that writes into the open file itself (rather than saving a new file and
    renaming it, as Excel and LibreOffice do) may still be writing after the comparison; its
    writes then land in the backup, not lost. Older backups of ours beyond :data:`KEEP_BACKUPS`
    are removed (:func:`prune_backups`)."""
    path = Path(path)
    target = writable_target(path, overwrite=True)
    shown = str(path)
    try:
        tmp = _temporary(target, data, target.stat().st_mode & 0o7777)
    except OSError as exc:
        raise InputError(f"cannot write the file ({_why(exc)}); nothing was written", shown) from None
    try:
        backup = _move_to_backup(target, read, shown)
        try:
            put = _link_new(tmp, target)
        except OSError as exc:  # the workbook's name is free: its previous version goes back there
            _put_back(backup, target, shown)
            raise InputError(f"cannot write the file ({_why(exc)}); nothing was written", shown) from None
        if not put:
            raise InputError("the file was saved by another program while it was being recomputed: that version "
                             f"stands, and the recomputed values were not written (the version read is kept as "
                             f"{backup.name})", shown)
    finally:
        _remove(tmp)
    return Replaced(backup, prune_backups(target, backup))


def _move_to_backup(target: Path, read: bytes, shown: str) -> Path:
    """Rename ``target`` to a new backup name (the name claimed first, exclusively) and check that
    the file renamed is the version read; else rename it back and refuse."""
    backup = _claim_backup(target, read)
    try:
        os.replace(target, backup)  # whatever the workbook is at this instant
    except OSError as exc:
        _remove(backup)
        why = "it is gone" if isinstance(exc, FileNotFoundError) else _why(exc)
        raise InputError(f"cannot replace the file ({why}); nothing was written", shown) from None
    try:
        same = backup.read_bytes() == read
    except OSError:
        same = False
    if not same:
        back = _put_back(backup, target, shown)
        raise InputError("the file changed while it was being recomputed; nothing was written"
                         + ("" if back else f" (the version saved meanwhile is kept as {backup.name}, and a "
                                            "newer one stands)"), shown)
    return backup


def _put_back(backup: Path, target: Path, shown: str) -> bool:
    """The renamed workbook back under its name, unless something took the name meanwhile."""
    try:
        return _link_new(backup, target)
    except OSError:
        pass
    try:
        return _claim_and_rename(backup, target)
    except OSError as exc:
        raise InputError(f"cannot put the file back ({_why(exc)}); it is kept as {backup.name}", shown) from None


def update_target(src: Path, out: "str | Path | None", *, overwrite: bool = False) -> tuple[Path, bool]:
    """Where a command that updates a workbook writes, checked before the work: ``src`` itself
    (in place, a backup kept: its name must fit) when ``out`` is None or names it, else ``out``
    (replaced only with ``overwrite``); and whether it is in place."""
    in_place = out is None or Path(out).resolve() == src.resolve()
    target = src if in_place or out is None else Path(out)
    writable_target(target, overwrite=in_place or overwrite)
    if in_place:
        backup_name_fits(src)
    return target, in_place


def write_update(src: Path, read: bytes, new: bytes, target: Path, in_place: bool, *,
                 overwrite: bool = False, doing: str = "the pairing was written") -> tuple[Path, Optional[Path]]:
    """Write ``new``, a workbook update made from ``read`` (``src``'s bytes as read), where
    :func:`update_target` said: in place, keeping ``read`` as a backup (nothing is written when
    ``new`` is ``read``), or to ``target``, refused when ``src`` changed since it was read (a copy of
    a version that is no longer the book's; the message says what was ``doing``). Returns (the file
    written, its backup or None)."""
    if in_place:
        if new == read:
            return src, None
        return src, replace_keeping_backup(src, read, new).backup
    if src.read_bytes() != read:
        raise InputError(f"the file changed while {doing}; nothing was written", str(src))
    return atomic_write(target, new, overwrite=overwrite), None


def backup_name_fits(path: Path) -> None:
    """Refuse, before the work, a workbook whose backup name would be too long for its folder."""
    target = Path(os.path.realpath(path))
    name = f"{target.stem}.bak-{time.strftime(_STAMP)}-{'x' * _HASH_CHARS}{target.suffix}"
    long = _too_long(_folder(target), name)
    if long:
        raise InputError(f"the backup's name ({name}) would be too long ({long[0]} bytes; the folder's file system "
                         f"allows {long[1]}); nothing was written: shorten the workbook's name, or write the result "
                         "elsewhere with -o", str(path))


def _claim_backup(target: Path, content: bytes) -> Path:
    """A new backup name for ``content`` beside ``target``, created exclusively (an empty file of
    ours, to be renamed over): the date and time now, a second later if that name is taken."""
    digest = hashlib.sha256(content).hexdigest()[:_HASH_CHARS]
    now = time.time()
    for k in range(60):
        stamp = time.strftime(_STAMP, time.localtime(now + k))
        name = target.with_name(f"{target.stem}.bak-{stamp}-{digest}{target.suffix}")
        try:
            fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except FileExistsError:
            continue
        except OSError as exc:
            raise InputError(f"cannot create the backup {name.name} ({_why(exc)}); nothing was written",
                             str(target)) from None
        os.close(fd)
        return name
    raise InputError(f"the backup names {target.stem}.bak-{time.strftime(_STAMP, time.localtime(now))}... are "
                     "taken; nothing was written", str(target))


def backup_pattern(target: Path) -> "re.Pattern[str]":
    """The names of the backups of ``target``: ``STEM.bak-YYYY-MM-DD-HHMMSS-xxxxxxxx.SUFFIX``."""
    return re.compile(re.escape(target.stem) + r"\.bak-(\d{4}-\d\d-\d\d-\d{6})-([0-9a-f]{%d})" % _HASH_CHARS
                      + re.escape(target.suffix))


def our_backups(target: Path) -> list[Path]:
    """The backups of ``target`` that are ours, oldest first: regular files (not links) beside it,
    named by :func:`backup_pattern`, whose content's SHA-256 starts with the eight characters at
    the end of the name. A file that only looks like one is not ours."""
    pattern = backup_pattern(target)
    found: list[tuple[str, str, Path]] = []
    try:
        names = os.listdir(_folder(target))
    except OSError:
        return []
    for name in names:
        m = pattern.fullmatch(name)
        if m is None:
            continue
        p = target.with_name(name)
        try:
            st = os.lstat(p)
            if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_WORKBOOK_BYTES or _digest(p) != m.group(2):
                continue  # (a backup of ours holds a workbook that recompute read: within its limit)
        except OSError:
            continue
        found.append((m.group(1), name, p))
    return [p for _, _, p in sorted(found)]


def _digest(p: Path) -> str:
    h = hashlib.sha256()
    with open(p, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()[:_HASH_CHARS]


def prune_backups(target: Path, newest: Path, keep: int = KEEP_BACKUPS) -> list[Path]:
    """Remove our backups of ``target`` (:func:`our_backups`) but the ``keep`` newest by the date in
    their names; ``newest`` (the one just made) is kept whatever the clock said. The removed ones."""
    ours = [p for p in our_backups(target) if p != newest]
    removed = []
    for p in ours[:max(len(ours) - (keep - 1), 0)]:
        try:
            os.unlink(p)
        except OSError:  # left as it is: nothing is lost
            continue
        removed.append(p)
    return removed
