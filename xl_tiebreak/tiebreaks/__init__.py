"""The tie-break functions, one small module per family; each tie-break a named pure function.

They work on a :class:`~xl_tiebreak.tiebreaks.context.Context` (the event's facts under one
edition) and a player's row index, and return an exact :class:`~fractions.Fraction` or ``None``
where the value is undefined.
"""
