"""αμ (Cazenave and Ventos, 2019): the player's strategies over sets of worlds, M of his moves deep.

The same question as :mod:`.exact` -- the player's card the same in every
world he cannot tell apart, the other seats seeing every card -- searched
the way the paper does, fast enough to play with:

* a node is a moment of the play with the worlds that can have come to it
  (a bit set); its value is a front (:mod:`.fronts`) over the worlds;
* at the player's moves the fronts of his cards are united; at another
  seat's, each world takes that seat's best card there (:func:`.fronts.combine`);
* when the player has made ``depth`` moves (``None``: to the end of the
  game), each world is valued double dummy (R34, R39, the core), every
  world of the node in one core call; so are the worlds of a node where
  the player has no choice left (one card in hand: the others, who see
  everything, play each world at its best, which is what double dummy
  is), and a node that only one world reaches (he then knows the deal);
* a node reached again by another order of the same cards, with the same
  worlds and moves to go, is answered from the table of nodes already met.

With ``depth=1`` it is R43's single-dummy choice (each world double dummy
after the card); with ``depth=None`` it is exact, and the tests pin it to
:mod:`.exact`.  :class:`Cost` counts what a decision cost.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Dict, List, Optional, Tuple

from ..cards import Card, cards_of
from ..play import legal_moves
from ..position import Position, finish_trick
from ..search import moment_totals, value_questions
from ..settlement import game_total
from .ending import Ending, hands_without
from .fronts import Beam, Vector, combine, front_value, pareto, union

#: The most vectors a front keeps (:class:`~.fronts.Beam`): past it the best by weighted mean.
WIDTH = 64


@dataclass
class Cost:
    """What one decision cost: nodes met, worlds valued double dummy, nodes answered from the
    table, and seconds."""

    nodes: int = 0
    solved_worlds: int = 0
    table_hits: int = 0
    seconds: float = 0.0
    cuts: int = 0  # fronts cut to the beam's width: the answer is then not exact

    def as_json(self) -> dict:
        return {
            "nodes": self.nodes,
            "solved_worlds": self.solved_worlds,
            "table_hits": self.table_hits,
            "cuts": self.cuts,
            "seconds": round(self.seconds, 4),
        }


@dataclass
class AlphaMu:
    """One search over one ending's worlds; ``depth`` is M, the player's moves searched."""

    ending: Ending
    depth: Optional[int] = None
    width: int = 0  # 0: the default WIDTH
    cost: Cost = field(default_factory=Cost)

    def __post_init__(self):
        ending = self.ending
        self.play = ending.play
        self.size = len(ending.worlds)
        start = ending.positions()
        self.hands = [position.hands for position in start]  # each world's hands after the play so far
        self.scorings = ending.scorings()
        self.questions = value_questions(self.scorings)
        self.start = start[0]
        self.player = ending.player
        self.sign = ending.sign
        self.table: Dict[tuple, List[Vector]] = {}
        self.beam = Beam(self.width or WIDTH, ending.world_weights())

    # -- the search ---------------------------------------------------------------------------

    def card_fronts(self, only: Optional[List[Card]] = None) -> Dict[Card, List[Vector]]:
        """Each legal card of the player (or of ``only`` among them) and the front his strategies
        starting with it reach."""
        began = time.perf_counter()
        everyone = (1 << self.size) - 1
        start = self.start
        moves = legal_moves(start.hands[self.player], start.trick, self.play, self.player == 0)
        fronts = {
            card: self._after(start, 0, everyone, card, self.player, self._left(self.depth))
            for card in cards_of(moves)
            if only is None or card in only
        }
        self.cost.seconds += time.perf_counter() - began
        self.cost.cuts = self.beam.cuts
        return fronts

    @staticmethod
    def _left(depth: Optional[int]) -> int:
        return 1 << 30 if depth is None else depth

    def _after(self, at: Position, gone: int, worlds: int, card: Card, seat: int, left: int) -> List[Vector]:
        """The front once ``seat`` has played ``card`` (``left``: the player's moves still to search)."""
        trick = at.trick + (card,)
        gone |= 1 << card
        if seat == self.player:
            left -= 1
        if len(trick) < 3:
            following = Position(at.hands, at.leader, at.so_far, trick)
        else:
            leader, so_far = finish_trick(trick, at.leader, at.so_far, self.play)
            following = Position(at.hands, leader, so_far)
        if left <= 0:
            return [self._double_dummy(following, gone, worlds)]
        return self._node(following, gone, worlds, left)

    def _node(self, at: Position, gone: int, worlds: int, left: int) -> List[Vector]:
        """The front of a moment: ``at`` is the common part (leader, outcome, trick; its hands are
        not read), ``gone`` the cards played since the ending began."""
        if at.trick == () and (at.so_far.tricks_played == 10):
            return [self._settled(at, worlds)]
        key = (gone, at.trick, at.leader, at.so_far, worlds, left)
        found = self.table.get(key)
        if found is not None:
            self.cost.table_hits += 1
            return found
        self.cost.nodes += 1
        mover = at.to_move
        mine = self.hands[0][self.player] & ~gone
        if worlds & (worlds - 1) == 0 or (mine & (mine - 1)) == 0:
            front = [self._double_dummy(at, gone, worlds)]  # one world, or no choice left: double dummy
        elif mover == self.player:
            moves = legal_moves(mine, at.trick, self.play, mover == 0)
            front = self.beam(union(self._after(at, gone, worlds, card, mover, left) for card in cards_of(moves)))
        else:
            front = self._others(at, gone, worlds, left, mover)
        self.table[key] = front
        return front

    def _others(self, at: Position, gone: int, worlds: int, left: int, mover: int) -> List[Vector]:
        """A seat that sees every card: in each world its best card there."""
        by_card: Dict[Card, int] = {}
        for index in _members(worlds):
            hand = self.hands[index][mover] & ~gone
            for card in cards_of(legal_moves(hand, at.trick, self.play, mover == 0)):
                by_card[card] = by_card.get(card, 0) | (1 << index)
        children = [
            (_members(subset), self._after(at, gone, subset, card, mover, left)) for card, subset in by_card.items()
        ]
        pick = max if self.ending.on_my_side(mover) else min
        return combine(children, self.size, _members(worlds), pick, self.beam)

    # -- the leaves ---------------------------------------------------------------------------

    def _double_dummy(self, at: Position, gone: int, worlds: int) -> Vector:
        """Each world of ``worlds`` valued double dummy from ``at``, in one core call."""
        if at.trick == () and at.so_far.tricks_played == 10:
            return self._settled(at, worlds)
        members = _members(worlds)
        questions = self.questions
        totals = moment_totals(
            [self.scorings[w] for w in members],
            at,
            [hands_without(self.hands[w], gone) for w in members],
            questions=None if questions is None else [questions[w] for w in members],
        )
        self.cost.solved_worlds += len(members)
        vector = [0] * self.size
        for world, total in zip(members, totals):
            vector[world] = self.sign * total
        return tuple(vector)

    def _settled(self, at: Position, worlds: int) -> Vector:
        vector = [0] * self.size
        for world in _members(worlds):
            vector[world] = self.sign * game_total(self.scorings[world], at.so_far)
        return tuple(vector)


def _members(worlds: int) -> List[int]:
    """The world indices of a bit set, in order (found in its binary digits: a set can hold
    hundreds of worlds, and a bit at a time in Python is slow)."""
    digits = bin(worlds)[:1:-1]  # lowest bit first, without '0b'
    found = []
    index = digits.find("1")
    while index >= 0:
        found.append(index)
        index = digits.find("1", index + 1)
    return found


def alphamu_values(ending: Ending, depth: Optional[int] = None, width: int = 0) -> Tuple[Dict[Card, Fraction], Cost]:
    """Each legal card's αμ value for the player (his best weighted mean over the worlds, in
    declarer's totals oriented his way) and what the search cost."""
    search = AlphaMu(ending, depth, width)
    fronts = search.card_fronts()
    weights = ending.world_weights()
    values = {card: front_value(front, weights) for card, front in fronts.items()}
    return values, search.cost


__all__ = ["AlphaMu", "Cost", "alphamu_values", "pareto"]
