"""Nothing a user sees changed: every value, explanation (text and JSON) and descriptor error
has the fingerprint recorded before the one-place-per-rule redesign (issue 12).

A failure names the keys that differ; ``python tests/snapshot/explain_snapshot.py --show KEY``
prints what a key covers, to diff against an older checkout. Re-record (``--write``) only for a
change that is meant to be seen, and say so in the commit."""

from __future__ import annotations

import json

from snapshot.explain_snapshot import SNAPSHOT, fingerprints


def test_every_value_explanation_and_error_is_unchanged():
    want = json.loads(SNAPSHOT.read_text())
    got = fingerprints()
    missing_real = {k for k in want if k.startswith("real-") and k not in got}  # ../shared absent
    differ = sorted(k for k in want if k not in missing_real and got.get(k) != want[k])
    assert not differ, f"{len(differ)} fingerprints differ, e.g. {differ[:8]}"
    assert not set(got) - set(want), sorted(set(got) - set(want))[:8]
