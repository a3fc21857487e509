"""The tie-break lists used when neither the caller nor the file (record 202/212) names one: one
list for each kind of event, defined here only. The command line, the Python API, the Excel
functions, the templates' Settings sheets and the README all give these.

C.07 sets no list (Art. 2: the chief arbiter announces one before round 1, from the tie-breaks of
Art. 5-10). Swiss: Buchholz Cut-1, Buchholz, Sonneborn-Berger, direct encounter, wins. Round robin
(Art. 15.2: no Buchholz): direct encounter, Sonneborn-Berger, wins, Koya. Team events: the
Olympiad order, on the primary score.

>>> from xl_tiebreak.default_lists import DEFAULT_LISTS
>>> ",".join(DEFAULT_LISTS["swiss"])
'BH/C1,BH,SB,DE,WIN'
"""

from __future__ import annotations

SWISS = ("BH/C1", "BH", "SB", "DE", "WIN")
ROUND_ROBIN = ("DE", "SB", "WIN", "KS")
TEAM = ("ESB/C1", "MPvGP", "BH/C1")

#: the list of each kind of event: ``swiss``, ``round-robin``, ``team``
DEFAULT_LISTS: dict[str, tuple[str, ...]] = {"swiss": SWISS, "round-robin": ROUND_ROBIN, "team": TEAM}

__all__ = ["DEFAULT_LISTS", "SWISS", "ROUND_ROBIN", "TEAM"]
