"""The tie-breaks, one small module per family; each code one registry row (:mod:`.spec`).

They work on a :class:`~xl_tiebreak.tiebreaks.context.Context` (the event's facts under one
edition) and compute every player at once. A row's ``compute`` returns its column, or a
:class:`~xl_tiebreak.tiebreaks.breakdown.Breakdown`: the column of values (integer numerators
over one denominator, undefined values masked) and what each round contributed to it, with the
reasons (:mod:`~xl_tiebreak.reasons`) and the layout of its account when one is asked
for. Each family lists its rows in ``ROWS``; :mod:`.registry` collects them.

The team families (``team_*``: scores, Buchholz, progressive, ESB, SSSC, boards, encounter) are
rows of the same registry, of team scope: they work on a :class:`~.team_context.TeamContext` (a
team event as the same arrays, one per score) and return the same column, one row per team.
"""
