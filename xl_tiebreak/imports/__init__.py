"""Readers of other programs' published crosstables (chess-results / Swiss-Manager exports): each
turns the rows of an export into the project's :class:`~xl_tiebreak.model.Tournament` and keeps
the published points, ranks and tie-break columns (:mod:`.published`) for comparison with ours."""
