"""Limits on workbook files, checked before anything is inflated (zip bombs, huge files)."""

from __future__ import annotations

import zipfile
from typing import IO, Union

from ..errors import InputError

MAX_WORKBOOK_BYTES = 50 * 1024 * 1024
MAX_PART_BYTES = 200 * 1024 * 1024  # a zip member that inflates to more than this is refused


def check_zip(source: "Union[str, IO[bytes]]") -> None:
    """Refuse zip bombs and files that are not zips before anything inflates them."""
    try:
        with zipfile.ZipFile(source) as z:
            total = 0
            for info in z.infolist():
                if info.file_size > MAX_PART_BYTES:
                    raise InputError(f"zip member {info.filename} inflates to {info.file_size} bytes")
                total += info.file_size
            if total > 4 * MAX_PART_BYTES:
                raise InputError("the workbook inflates to more than 800 MiB")
    except InputError:
        raise
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, NotImplementedError):
        raise InputError("not a .xlsx workbook (not a zip file)") from None
