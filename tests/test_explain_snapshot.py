"""Nothing a user sees changes unnoticed: every code's values, the explanations of four events
and the descriptor errors read as the golden texts in tests/snapshot/ say.

A failure shows the changed lines. Rewrite the texts (``python tests/snapshot/explain_snapshot.py
--write``) only for a change meant to be seen, and say so in the commit."""

from __future__ import annotations

import difflib

import pytest

from snapshot.explain_snapshot import FILES, HERE, text_of


@pytest.mark.parametrize("file_name", FILES)
def test_the_golden_text_is_what_the_code_says_now(file_name):
    want = (HERE / file_name).read_text(encoding="utf-8")
    got = text_of(file_name)
    if got != want:
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(), f"tests/snapshot/{file_name}",
                                    "now", lineterm="", n=2)
        pytest.fail("the golden text differs:\n" + "\n".join(list(diff)[:80]))
