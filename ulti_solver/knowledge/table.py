"""The played cards as every seat sees them: who played each, to which trick, after what (R5, R8, R13).

Who wins a trick depends only on its cards (R13), and the winner leads
next (R8), so the played cards alone tell who played each of them; no
hand is needed.  That is what lets a seat that sees only its own hand
read the play, and what lets every world of an information set share one
:class:`Table`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, Tuple

from ..cards import Card, Hand
from ..play import PlayRules
from ..position import Outcome, finish_trick


@dataclass(frozen=True)
class Table:
    """The play so far.  Per card, in play order: who played it (``players``), its trick
    (1-10, ``tricks``), who led that trick (``leaders``) and the trick's cards before it
    (``before``).  Then where the game stands: the leader of the trick in progress, the
    :class:`~ulti_solver.position.Outcome` of the finished tricks, the trick in progress, and
    the cards each seat has played (``by_seat``, masks)."""

    cards: Tuple[Card, ...]
    players: Tuple[int, ...]
    tricks: Tuple[int, ...]
    leaders: Tuple[int, ...]
    before: Tuple[Tuple[Card, ...], ...]
    leader: int
    so_far: Outcome
    trick: Tuple[Card, ...]
    by_seat: Tuple[Hand, Hand, Hand]

    def count_by(self, seat: int) -> int:
        return sum(1 for player in self.players if player == seat)

    @property
    def first_trick_done(self) -> bool:
        return len(self.cards) >= 3

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 3


def read_table(cards: Sequence[Card], play: PlayRules) -> Table:
    """Follow the play trick by trick (R8, R13) from the declarer's opening lead.

    The cards are assumed distinct and at most 30; the callers check that."""
    players, tricks, leaders, before = [], [], [], []
    trick: Tuple[Card, ...] = ()
    leader, so_far = 0, Outcome()
    by_seat = [0, 0, 0]
    for card in cards:
        players.append((leader + len(trick)) % 3)
        by_seat[players[-1]] |= 1 << card
        tricks.append(so_far.tricks_played + 1)
        leaders.append(leader)
        before.append(trick)
        trick = trick + (card,)
        if len(trick) == 3:
            leader, so_far = finish_trick(trick, leader, so_far, play)
            trick = ()
    return Table(
        tuple(cards),
        tuple(players),
        tuple(tricks),
        tuple(leaders),
        tuple(before),
        leader,
        so_far,
        trick,
        (by_seat[0], by_seat[1], by_seat[2]),
    )
