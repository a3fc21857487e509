"""Pairing the next round: FIDE Berger tables (C.05 Annex 1) and the Dutch system (C.04.3).

``model`` holds the request and the answer every system shares; each system is a function
``Request -> Pairing``. (``xl_tiebreak.pairings`` is something else: the check that both sides of
every pairing already played tell the same story.)
"""
