"""Team tie-breaks (FIDE C.07 team articles; TIEBREAK_RULES §5.17, §9.4) over a
:class:`~xl_tiebreak.teams.TeamEvent`: one registry row per code (:mod:`.spec`), Art. 16 applied
per match, under the 2024 and 2026 editions.
"""
