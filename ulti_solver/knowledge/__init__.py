"""The player's view: what a seat knows (R40, R41) and the worlds that fit it (R42).

>>> from ulti_solver.knowledge import information_set
>>> info = information_set(deal, bid, trump, played, seat=1, rules=rules)   # doctest: +SKIP
>>> info.count(), info.world(seed=0, index=5), info.explain()          # doctest: +SKIP

Modules, one concern each: :mod:`.table` (who played each card),
:mod:`.inference` (R41: what the play reveals), :mod:`.marriages` (R40:
what the announcements reveal), :mod:`.facts` (the facts in words),
:mod:`.worlds` (counting, ranking and drawing placements), :mod:`.checking`
(a seat's own account checked), :mod:`.placing` (facts to constraints, and
which facts clash), :mod:`.view` (the information set and its two builders),
:mod:`.source` (the one worlds protocol every question of the worlds asks
through).
"""

from .errors import KnowledgeError, NoWorldError
from .facts import Fact, Holds, Lacks, NotBoth
from .marriages import announced_in_deal
from .view import (
    TALON,
    InformationSet,
    information_set,
    information_set_from_hand,
)

__all__ = [
    "TALON",
    "Fact",
    "Holds",
    "InformationSet",
    "KnowledgeError",
    "Lacks",
    "NoWorldError",
    "NotBoth",
    "announced_in_deal",
    "information_set",
    "information_set_from_hand",
]
