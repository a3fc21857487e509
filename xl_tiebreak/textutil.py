"""Small text helpers shared by the readers."""

from __future__ import annotations


def is_digits(text: str) -> bool:
    """Only ASCII digits: ``str.isdigit`` also accepts ``'¹'``, which ``int()`` refuses."""
    return text.isascii() and text.isdigit()
