"""The answers for one deal, bid and trump: what both searches return, in the JSON of INTERFACE.md."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Dict, Optional

from .bids import Bid
from .cards import SUIT_NAMES, Suit
from .deal import Deal
from .kontra import NO_KONTRA, Kontra, half
from .position import Position
from .scoring import SilentItem
from .variants import Rules


@dataclass
class Solution:
    """Each component's makeability, the whole bid (R24), the declarer's points,
    and, when asked, the silent achievements (R25-R27) and the value (R34, R39).

    It knows the deal, bid, trump, rules and kontras it answers, so it prints
    itself: :meth:`as_json` is the object of INTERFACE.md.  ``position`` is
    where the answer starts when that is not the opening lead.  The value is
    kept as the declarer's total S_1 + S_2 (``value_total``); ``value`` is
    per defender, half of it (R39).
    """

    deal: Deal
    bid: Bid
    trump: Optional[Suit]
    rules: Rules = field(kw_only=True)  # keyword-only, as everywhere in the API
    components: Dict[str, bool]  # by component name (a Component is its name)
    joint: bool
    declarer_points: Optional[int]
    silent: Optional[Dict[SilentItem, bool]] = None
    value_total: Optional[int] = None
    kontra: Kontra = field(default=NO_KONTRA, kw_only=True)
    concede_total: Optional[int] = None  # R39: what conceding gives the declarer in all
    position: Optional[Position] = field(default=None, compare=False)
    nodes: int = field(default=0, compare=False)  # work done, not part of the answer

    @property
    def trump_name(self) -> Optional[str]:
        return None if self.trump is None else SUIT_NAMES[self.trump]

    @property
    def value(self):
        """R34: S per defender, half the declarer's total (a half unit when individual kontras differ)."""
        return None if self.value_total is None else half(self.value_total)

    @property
    def concede_value(self):
        """R39: what conceding gives the declarer per defender (negative)."""
        return None if self.concede_total is None else half(self.concede_total)

    @property
    def concede_is_better(self) -> bool:
        """R39: conceding costs less than playing on against the best defence."""
        return self.value_total is not None and self.concede_total is not None and self.concede_total > self.value_total

    def answers(self) -> dict:
        """The answer fields alone (no deal, bid, trump or rules): what a card's value reports."""
        data = {
            "components": {name: {"makeable": made} for name, made in self.components.items()},
            "joint": {"makeable": self.joint},
            "declarer_points": self.declarer_points,
        }
        if self.silent is not None:
            data["silent"] = {name: {"makeable": made} for name, made in self.silent.items()}
        if self.value_total is not None:
            data["value"] = self.value
            if self.kontra:
                data["value_total"] = self.value_total
            if self.concede_total is not None:
                data["concede_value"] = self.concede_value
        return data

    def as_json(self) -> dict:
        """The INTERFACE.md object, with ``rules``, and ``silent``, ``kontra`` and ``value`` when asked."""
        head = {"deal": str(self.deal), "bid": str(self.bid), "trump": self.trump_name}
        answers = self.answers()
        silent = answers.pop("silent", None)
        worth = {k: answers.pop(k) for k in ("value", "value_total", "concede_value") if k in answers}
        data = {**head, **answers, "rules": self.rules.as_json()}
        if self.kontra:
            data["kontra"] = self.kontra.as_json()
        if silent is not None:
            data["silent"] = silent
        data.update(worth)
        return data

    def to_json(self) -> str:
        return json.dumps(self.as_json())

    def __str__(self) -> str:
        """The table ``ulti solve`` prints: the hands, the answers, what is lost before play."""
        from .render.solve import solution_lines  # the text layer, loaded only to print (as chess.svg)

        return "\n".join(solution_lines(self))
