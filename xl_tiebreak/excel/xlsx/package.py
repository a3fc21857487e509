"""A workbook's zip package: limits checked before anything is inflated (zip bombs, huge files),
members read safely, and a copy with some members replaced (:class:`ZipCopy`).

The copy writes the members in the source's order as soon as each is known: while the caller
prepares the next replacement (Python work), the previous one is compressed (zlib, which lets
other threads run) on a second thread, so on two cores the compression costs almost nothing.
Every member keeps its ``ZipInfo`` (name, date, compression); members to add come last.
"""

from __future__ import annotations

import io
import threading
import zipfile
import zlib
from typing import IO, Callable, Iterable, Optional, TypeVar, Union

from ...errors import InputError
from .a1 import range_bounds


class LimitError(InputError):
    """Input over one of the documented limits: it stops the whole command (never one cell's error)."""


MAX_WORKBOOK_BYTES = 50 * 1024 * 1024
MAX_PART_BYTES = 200 * 1024 * 1024  # a zip member that inflates to more than this is refused
MAX_MEMBERS = 10_000  # zip members (an Excel workbook has a few dozen)
MAX_RATIO = 200  # inflated / compressed size of a member over 10 MiB (XML of styled rows: about 30)
MAX_RANGE_CELLS = 2_000_000  # cells of a range a formula hands to a function, or an array formula covers


def check_zip(source: "Union[str, IO[bytes]]") -> None:
    """Refuse zip bombs and files that are not zips before anything inflates them."""
    try:
        with zipfile.ZipFile(source) as z:
            total = 0
            infos = z.infolist()
            if len(infos) > MAX_MEMBERS:
                raise InputError(f"the file holds {len(infos)} zip members, over the limit of {MAX_MEMBERS} "
                                 "(MAX_MEMBERS)")
            seen: set[str] = set()
            for info in infos:
                if info.filename in seen:  # one program reads the first copy, another the last
                    raise InputError(f"the zip member {info.filename[:100]} is there twice: the file is damaged "
                                     "or forged (which copy a program reads differs)")
                seen.add(info.filename)
                if info.file_size > MAX_PART_BYTES:
                    raise InputError(f"zip member {info.filename[:100]} inflates to {info.file_size} bytes, over "
                                     f"the limit of {MAX_PART_BYTES // 2**20} MiB (MAX_PART_BYTES)")
                if info.file_size > 10 * 2**20 and info.file_size > MAX_RATIO * max(info.compress_size, 1):
                    raise InputError(f"zip member {info.filename[:100]} inflates {info.file_size // max(info.compress_size, 1)} "
                                     f"times (to {info.file_size // 2**20} MiB), over the limit of {MAX_RATIO} "
                                     "(MAX_RATIO): a zip bomb?")
                total += info.file_size
            if total > 4 * MAX_PART_BYTES:
                raise InputError(f"the workbook inflates to more than {4 * MAX_PART_BYTES // 2**20} MiB "
                                 "(4 x MAX_PART_BYTES)")
    except InputError:
        raise
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, NotImplementedError):
        raise InputError("not a .xlsx workbook (not a zip file)") from None


def read_member(z: zipfile.ZipFile, path: str) -> bytes:
    """A zip member's bytes; a damaged one (bad CRC, broken deflate data, cut short) is an
    InputError naming the member. A missing one stays a KeyError (callers decide what it means)."""
    try:
        return z.read(path)
    except KeyError:
        raise
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError) as exc:
        raise InputError(f"the zip member {path[:100]} is damaged ({type(exc).__name__}: {exc}); the file "
                         "cannot be read") from None


def read_text(z: zipfile.ZipFile, path: str) -> str:
    """A zip member as UTF-8 text (every XML part Excel writes); otherwise an InputError naming it."""
    try:
        return read_member(z, path).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"the zip member {path[:100]} is not UTF-8 text (byte {exc.start}); the file "
                         "cannot be read") from None


def check_area(area: str, where: str) -> None:
    """Refuse a range of more than ``MAX_RANGE_CELLS`` cells before anything walks it (a name or
    an array formula widened to the whole sheet); the message names the place and the limit."""
    try:
        min_col, min_row, max_col, max_row = full_bounds(area)
    except (ValueError, TypeError):
        return  # not a plain range: the evaluator says so where it matters
    n = (max_col - min_col + 1) * (max_row - min_row + 1)
    if n > MAX_RANGE_CELLS:
        raise LimitError(f"the range {area} holds {n:,} cells, over the limit of {MAX_RANGE_CELLS:,} cells "
                         "(MAX_RANGE_CELLS); make it cover the table only", where)


def full_bounds(area: str) -> tuple[int, int, int, int]:
    """``range_bounds`` with whole columns (``A:C``) and whole rows (``2:5``) made explicit
    (rows 1..1048576, columns A..XFD); ValueError for what is not a range."""
    min_col, min_row, max_col, max_row = range_bounds(area.replace("$", ""))
    return (min_col or 1, min_row or 1, max_col or 16_384, max_row or 1_048_576)


T = TypeVar("T")


class ZipCopy:
    """``ZipCopy(data, replaced)``, then :meth:`put` each replaced member and :meth:`finish`
    (or :meth:`cancel`)."""

    def __init__(self, data: bytes, replaced: Iterable[str]) -> None:
        self._data = data
        self._replaced = set(replaced)
        self._bodies: dict[str, bytes] = {}
        self._added: Optional[dict[str, bytes]] = None
        self._cancelled = False
        self._failed: Optional[BaseException] = None
        self._ready = threading.Condition()
        self._out = io.BytesIO()
        self._thread = threading.Thread(target=self._run, name="xl-tiebreak-zip", daemon=True)
        self._thread.start()

    def put(self, name: str, body: bytes) -> None:
        """The new content of a replaced member."""
        with self._ready:
            self._bodies[name] = body
            self._ready.notify_all()

    def finish(self, added: "dict[str, bytes] | None" = None) -> bytes:
        """The new zip, with ``added`` members (name -> content) at the end."""
        with self._ready:
            self._added = dict(added or {})
            self._ready.notify_all()
        self._thread.join()
        if self._failed is not None:
            raise self._failed
        return self._out.getvalue()

    def cancel(self) -> None:
        """Stop writing (the copy is dropped)."""
        with self._ready:
            self._cancelled = True
            self._ready.notify_all()
        self._thread.join()

    def _wait(self, given: Callable[[], Optional[T]]) -> Optional[T]:
        """What ``given`` returns (a replaced member's content, the members to add) once the
        caller has handed it over; None when cancelled."""
        with self._ready:
            while not self._cancelled:
                got = given()
                if got is not None:
                    return got
                self._ready.wait()
        return None

    def _run(self) -> None:
        try:
            with zipfile.ZipFile(io.BytesIO(self._data)) as src, zipfile.ZipFile(self._out, "w") as dst:
                last = None
                for info in src.infolist():
                    if info.filename in self._replaced:
                        body = self._wait(lambda: self._bodies.get(info.filename))  # kept: a name may be there twice
                        if body is None:
                            return
                    else:
                        body = read_member(src, info.filename)
                    dst.writestr(info, body)
                    last = info
                added = self._wait(lambda: self._added)
                if added is None:
                    return
                for name, body in added.items():
                    new = zipfile.ZipInfo(name, date_time=last.date_time if last else (1980, 1, 1, 0, 0, 0))
                    new.compress_type = zipfile.ZIP_DEFLATED
                    dst.writestr(new, body)
        except BaseException as exc:  # handed to the caller by finish()
            self._failed = exc
