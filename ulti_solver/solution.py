"""The answers for one deal, bid and trump, and their JSON form (INTERFACE.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Optional

from .cards import SUIT_NAMES


@dataclass
class Solution:
    """What both searches return: each component, the whole bid (R24), the points.

    ``silent`` maps the R25-R27 questions asked (see
    :func:`ulti_solver.scoring.silent_questions`) to their answers, or is
    ``None`` when they were not asked.
    """

    components: Dict[str, bool]
    joint: bool
    declarer_points: Optional[int]
    silent: Optional[Dict[str, bool]] = None
    nodes: int = field(default=0, compare=False)  # work done, not part of the answer

    def as_json(self, deal, bid, trump, rules=None) -> dict:
        """The INTERFACE.md object, with ``rules`` and ``silent`` added when known."""
        data = {
            "deal": str(deal),
            "bid": str(bid),
            "trump": None if trump is None else SUIT_NAMES[trump],
            "components": {name: {"makeable": made} for name, made in self.components.items()},
            "joint": {"makeable": self.joint},
            "declarer_points": self.declarer_points,
        }
        if rules is not None:
            data["rules"] = rules.as_json()
        if self.silent is not None:
            data["silent"] = {name: {"makeable": made} for name, made in self.silent.items()}
        return data
