"""Input files: only a regular file is read.

Reading a named pipe (``mkfifo``) waits for a writer that may never come, and a device
(``/dev/zero``) never ends; a folder cannot be read at all. Every input file (a TRF file, a
workbook, another program's export) is therefore checked to be a regular file before it is read,
and read size-limited, so that such a path is a clear error (exit 2) naming it, not a hang.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Union

from .errors import InputError

__all__ = ["check_input_file", "read_input_file"]

_NOT_REGULAR = ("is not a regular file (a named pipe, a device or a socket); save the data to a file and give "
                "that file")


def _refuse(mode: int, path: str) -> None:
    if stat.S_ISDIR(mode):
        raise InputError("is a folder, not a file", path)
    if not stat.S_ISREG(mode):
        raise InputError(_NOT_REGULAR, path)


def check_input_file(path: Union[str, Path]) -> int:
    """The size of the input file ``path``; an :class:`InputError` naming it when it does not
    exist, cannot be reached, or is not a regular file (``os.stat`` does not open it, so a
    named pipe cannot block here)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise InputError("no such file", str(path)) from None
    except (OSError, ValueError) as exc:  # (ValueError: a NUL in the path)
        raise InputError(f"cannot be read ({getattr(exc, 'strerror', None) or exc})", str(path)) from None
    _refuse(st.st_mode, str(path))
    return st.st_size


def read_input_file(path: Union[str, Path], limit: int, too_large: str) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them (``too_large``: the
    message when there are more). The file is opened without blocking and checked on the opened
    descriptor, so that a path swapped for a named pipe between a check and the read is refused
    too."""
    check_input_file(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise InputError("no such file", str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot be read ({exc.strerror or exc})", str(path)) from None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        _refuse(st.st_mode, str(path))
        if st.st_size > limit:
            raise InputError(too_large, str(path))
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise InputError(f"cannot be read ({exc.strerror or exc})", str(path)) from None
    if len(data) > limit:  # (grown since the check)
        raise InputError(too_large, str(path))
    return data
