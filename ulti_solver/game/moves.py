"""The moves of a whole game besides auction actions, kontras and cards, as values.

:meth:`~.referee.Game.push` takes any move and :meth:`~.referee.Game.legal_moves`
lists them, as python-chess's ``Board`` does, so that a bot or a person
at the table is driven through one door: an
:class:`~.actions.AuctionAction` (R46), a :class:`ThrowInChoice` (R49), a
:class:`TrumpChoice` (R29), a :class:`~.kontras.KontraCall` (R48), a card
(an int, R8-R12) or a :class:`Concession` (R39).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..cards import SUIT_NAMES, Suit


@dataclass(frozen=True)
class ThrowInChoice:
    """R49: table seat 0 throws his standing plain party in (``thrown``) or plays it."""

    thrown: bool

    def __str__(self) -> str:
        return "throw in" if self.thrown else "play"


@dataclass(frozen=True)
class TrumpChoice:
    """R29: the trump the declarer names (None for a bid without trump)."""

    suit: Optional[Suit]

    def __str__(self) -> str:
        return "-" if self.suit is None else SUIT_NAMES[self.suit]


@dataclass(frozen=True)
class Concession:
    """R39: the declarer gives the game up."""

    def __str__(self) -> str:
        return "concede"
