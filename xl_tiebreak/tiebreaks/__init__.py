"""The tie-break functions, one small module per family; each tie-break a named pure function.

They work on a :class:`~xl_tiebreak.tiebreaks.context.Context` (the event's facts under one
edition) and compute every player at once. Each family's ``*_breakdown`` function returns a
:class:`~xl_tiebreak.tiebreaks.breakdown.Breakdown`: the column of values (integer numerators
over one denominator, undefined values masked) and what each round contributed to it, with the
reasons (:mod:`~xl_tiebreak.tiebreaks.reasons`) when an account is asked for; the column-only
functions the engine calls (``buchholz``, ``wins``, ...) return its column.
"""
