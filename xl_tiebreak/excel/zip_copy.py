"""A copy of a zip with some members replaced, written on a second thread.

The members are written in the source's order as soon as each is known: while the caller
prepares the next replacement (Python work), the previous one is compressed (zlib, which lets
other threads run), so on two cores the compression costs almost nothing. Every member keeps
its ``ZipInfo`` (name, date, compression); members to add come last.
"""

from __future__ import annotations

import io
import threading
import zipfile
from typing import Iterable, Optional

from .zip_guard import read_member


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

    def _wait(self, name: Optional[str]) -> "Optional[bytes | dict[str, bytes]]":
        """A replaced member's content (``name``), or the members to add (None); None when
        cancelled."""
        with self._ready:
            while not self._cancelled:
                if name is None and self._added is not None:
                    return self._added
                if name is not None and name in self._bodies:
                    return self._bodies[name]  # kept: a zip may hold a name twice
                self._ready.wait()
        return None

    def _run(self) -> None:
        try:
            with zipfile.ZipFile(io.BytesIO(self._data)) as src, zipfile.ZipFile(self._out, "w") as dst:
                last = None
                for info in src.infolist():
                    if info.filename in self._replaced:
                        body = self._wait(info.filename)
                        if body is None:
                            return
                    else:
                        body = read_member(src, info.filename)
                    dst.writestr(info, body)
                    last = info
                added = self._wait(None)
                if added is None:
                    return
                for name, body in added.items():
                    new = zipfile.ZipInfo(name, date_time=last.date_time if last else (1980, 1, 1, 0, 0, 0))
                    new.compress_type = zipfile.ZIP_DEFLATED
                    dst.writestr(new, body)
        except BaseException as exc:  # handed to the caller by finish()
            self._failed = exc
