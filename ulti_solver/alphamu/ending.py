"""The question αμ and its exact reference answer: one seat's card, over worlds it cannot tell apart.

An :class:`Ending` is the seat to move, the game (bid, trump, rulebook,
kontras), the cards played so far and the worlds: whole deals that agree on
that seat's hand and on the play (R42's worlds, drawn or all of them, or a
hand-made set for a test).  Every world reaches the same trick, leader and
outcome so far (they follow from the cards alone); only the hidden hands
differ.  ``weights`` weigh the worlds (equal by default, as R42 has them).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, List, Optional, Sequence, Tuple

from ..bids import Bid
from ..cards import Card, cards_of
from ..deal import Deal
from ..errors import UltiInputError
from ..i18n import L_
from ..kontra import NO_KONTRA, Kontra
from ..play import DECLARER, PlayRules
from ..position import Position, replay
from ..scoring import Scoring
from ..variants import DEFAULT_RULES, Rules

if TYPE_CHECKING:
    from ..knowledge import InformationSet


class EndingError(UltiInputError):
    """An ending that cannot be asked: no worlds, worlds that disagree, a finished game."""


@dataclass(frozen=True)
class Ending:
    """Seat ``player`` (R5) to move after ``played``, in each of ``worlds``."""

    player: int
    bid: Bid
    trump: Optional[int]
    played: Tuple[Card, ...]
    worlds: Tuple[Deal, ...]
    rules: Rules = DEFAULT_RULES
    kontra: Kontra = NO_KONTRA
    weights: Optional[Tuple[float, ...]] = None

    def __post_init__(self):
        if not self.worlds:
            raise EndingError(L_("no world to play in: give at least one"))
        if len(self.played) >= 30:
            raise EndingError(L_("the game is over: nothing left to play"))
        common = self.common
        if common.to_move != self.player:
            raise EndingError(
                L_("it is seat {seat}'s turn, not seat {player}'s", seat=common.to_move, player=self.player)
            )
        hand = self.worlds[0].hands[self.player]
        if any(world.hands[self.player] != hand for world in self.worlds):
            raise EndingError(
                L_("the worlds disagree on the hand of seat {player}, whose worlds they are", player=self.player)
            )
        if self.weights is not None and (
            len(self.weights) != len(self.worlds) or min(self.weights) < 0 or sum(self.weights) <= 0
        ):
            raise EndingError(L_("one weight per world, none negative, not all 0"))

    @classmethod
    def of(cls, info: InformationSet, worlds: Sequence[Deal], *, kontra: Kontra = NO_KONTRA, weights=None) -> Ending:
        """The ending of an information set (R40-R42) over ``worlds`` drawn from it."""
        return cls(
            info.seat,
            info.bid,
            info.trump,
            tuple(info.played),
            tuple(worlds),
            rules=info.rules,
            kontra=kontra,
            weights=None if weights is None else tuple(weights),
        )

    @property
    def play(self) -> PlayRules:
        return PlayRules.for_game(self.bid, self.trump, rules=self.rules)

    @cached_property
    def common(self) -> Position:
        """Where every world stands: the trick, its leader and the outcome so far (the first
        world's hands; the others differ only in the hidden cards)."""
        return replay(self.worlds[0], self.play, list(self.played))

    def positions(self) -> List[Position]:
        """Each world's position after the play: its own hands, the common rest."""
        common = self.common
        gone = 0
        for card in self.played:
            gone |= 1 << card
        return [
            Position(hands_without(world.hands, gone), common.leader, common.so_far, common.trick)
            for world in self.worlds
        ]

    def scorings(self) -> List[Scoring]:
        return [Scoring(world, self.bid, self.trump, rules=self.rules, kontra=self.kontra) for world in self.worlds]

    @property
    def sign(self) -> int:
        """+1 when the player is the declarer (he wants the total S_1 + S_2 high), -1 for a defender."""
        return 1 if self.player == DECLARER else -1

    def on_my_side(self, seat: int) -> bool:
        """Whether ``seat`` plays for the player: himself, or his fellow defender."""
        return (seat == DECLARER) == (self.player == DECLARER)

    def legal_cards(self) -> List[Card]:
        """The player's legal cards (R9-R12): the same in every world, for his hand is."""
        return list(cards_of(self.common.legal(self.play)))  # the first world's position

    @property
    def tricks_left(self) -> int:
        """The tricks not yet complete, the one under way included."""
        return 10 - len(self.played) // 3

    def world_weights(self) -> Tuple[float, ...]:
        return self.weights if self.weights is not None else (1,) * len(self.worlds)


def hands_without(hands: Tuple[int, int, int], gone: int) -> Tuple[int, int, int]:
    """Three hands less the cards ``gone``."""
    return (hands[0] & ~gone, hands[1] & ~gone, hands[2] & ~gone)
