"""The FIDE (Dutch) system, C.04.3 as applied from 1 February 2026, with C.04.1 and C.04.2.

``pair_dutch(request) -> Pairing`` is the whole interface (:mod:`.engine`); the other modules are
its steps: the players' ranking and colour rules (:mod:`.colours`), the criteria a candidate is
judged by (:mod:`.criteria`), the completion test of C4 and the PAB's score of C5
(:mod:`.completion`), the candidates of a bracket in the order of Art. 4 (:mod:`.bracket`).
"""

from .engine import pair_dutch

__all__ = ["pair_dutch"]
