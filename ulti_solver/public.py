"""The public functions of positions, taking what a player types as well as the library's values.

:mod:`ulti_solver.position` takes typed values only (a :class:`~ulti_solver.deal.Deal`, card
numbers), so that it needs no text reader and the readers (:mod:`ulti_solver.coerce`) can
use it: text is read here, at the edge, as every public function reads it.
``ulti_solver.replay(deal_text, play, "BT BA")`` is ``position.replay(parse_deal(deal_text),
play, parse_play("BT BA"))``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from . import position
from .coerce import as_cards, as_deal
from .play import PlayRules

if TYPE_CHECKING:
    from .accepted import CardsLike, DealLike


def start_of_play(deal: DealLike) -> position.Position:
    """R8: the declarer leads the first trick with the dealt hands (a Deal or a deal string)."""
    return position.start_of_play(as_deal(deal))


def replay(
    deal: DealLike, play: PlayRules, cards: CardsLike, start: Optional[position.Position] = None
) -> position.Position:
    """The position after ``cards`` are played from ``start`` (the opening lead by default).

    ``deal`` is a Deal or a deal string, ``cards`` a list of cards or a string of cards
    (``"BT BA BU"``).  Every card is checked: it must be in the hand of the player to move and
    allowed by R9-R12; otherwise :class:`~ulti_solver.position.PlayError` names the card, its
    trick and whose card it is or the rule it breaks.
    """
    return position.replay(as_deal(deal), play, as_cards(cards), start)
