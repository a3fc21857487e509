"""Limits on workbook files, checked before anything is inflated (zip bombs, huge files)."""

from __future__ import annotations

import zipfile
import zlib
from typing import IO, Union

from ..errors import InputError

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
    from .a1 import range_bounds
    min_col, min_row, max_col, max_row = range_bounds(area.replace("$", ""))
    return (min_col or 1, min_row or 1, max_col or 16_384, max_row or 1_048_576)
