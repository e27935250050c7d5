"""Every discard of a 12-card hand, solved and ranked (R6).

Before the discard the declarer holds 12 cards (R6) and must put two of
them into the talon.  The choice matters three ways, all of which this
module reports so a player can see *why* a discard is good or bad:

* the play itself: each of the 66 two-card discards leaves a different
  10-card hand, solved double dummy for every trump the bid is played in
  (R28, R29);
* the talon's aces and tens count for one side (R16), and an ace in the
  talon makes four aces impossible (R20);
* 40-100 and 20-100 are lost before play without their marriage (R17,
  R18), so discarding a king or ober of that marriage throws the bid away.

The enumeration is kept apart from the command line so tests and other
programs can rank discards directly; :func:`discard_tasks` and
:func:`solve_discard` are split so a caller may farm the solving out to
worker processes and still rank with :func:`rank_discards`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Callable, Iterable, List, Optional, Tuple

from ..bids import FORTY_100, TWENTY_100, Bid, trumps_to_solve
from ..cards import (
    BB_POINT_CARDS,
    CANONICAL_RANKS,
    Suit,
    card_name,
    card_rank,
    card_suit,
    cards_of,
    popcount,
)
from ..deal import Deal
from ..scoring import has_forty, has_twenty
from ..search import solve
from ..solution import Solution
from ..variants import DEFAULT_RULES, Rules

#: Two cards put into the talon, in deal order (suit, then A T K O U 9 8 7).
Discard = Tuple[int, int]


def deal_order(card: int) -> Tuple[int, int]:
    """Sort key printing cards as the notation does: by suit, then A T K O U 9 8 7."""
    return card_suit(card), CANONICAL_RANKS.index(card_rank(card))


def twelve_card_deal(deal: Deal) -> Deal:
    """The deal before the discard that ``deal`` stands for.

    A 12/10/10 deal is returned as it is.  A 10/10/10 deal with its talon
    is read as the declarer picking the talon up, which lets a player ask
    "what should I have discarded?" about a deal already played.
    """
    talon = deal.talon
    if talon is None:  # before the discard already
        return deal
    hands = deal.hands
    return Deal((hands[0] | talon, hands[1], hands[2]), None)


def all_discards(hand12: int) -> List[Discard]:
    """The 66 two-card discards of a 12-card hand, in deal order."""
    cards = sorted(cards_of(hand12), key=deal_order)
    return list(combinations(cards, 2))


def needed_marriage(hand: int, bid: Bid, trump: Optional[Suit]) -> Optional[str]:
    """The marriage the bid cannot do without, if the hand lacks it (R17, R18).

    Returns ``"40"`` or ``"20"`` when the bid needs that marriage and
    ``hand`` does not hold it, ``None`` when nothing is missing.
    """
    if FORTY_100 in bid.components and not has_forty(hand, trump):
        return "40"
    if TWENTY_100 in bid.components and not has_twenty(hand, trump):
        return "20"
    return None


@dataclass(frozen=True)
class DiscardTask:
    """One discard to try under one played bid and trump: a unit of work."""

    before: Deal
    discard: Discard
    bid: Bid
    trump: Optional[Suit]


@dataclass
class DiscardResult:
    """A solved discard, with the marks that explain it at a glance.

    ``talon_points`` are the R16 points the discard puts into the talon
    (which side they count for depends on the rules); ``breaks_marriage``
    is ``"40"`` or ``"20"`` when the 12-card hand held the marriage the bid
    needs (R17, R18) and the discard gave it away, else ``None``.
    """

    discard: Discard
    solution: Solution
    talon_points: int
    breaks_marriage: Optional[str]

    @property
    def deal(self) -> Deal:
        """The deal after the discard."""
        return self.solution.deal

    @property
    def bid(self) -> Bid:
        return self.solution.bid

    @property
    def trump(self) -> Optional[Suit]:
        return self.solution.trump

    @property
    def ace_or_ten_in_talon(self) -> bool:
        return self.talon_points > 0

    @property
    def components_made(self) -> int:
        return sum(self.solution.components.values())

    def rank_key(self) -> Tuple:
        """Best first when sorted descending: the value (R34) when it was asked for,
        then whole bid, components made, points."""
        points = self.solution.declarer_points
        key = (self.solution.joint, self.components_made, -1 if points is None else points)
        return key if self.solution.value is None else (self.solution.value,) + key

    def discard_names(self) -> List[str]:
        return [card_name(card) for card in self.discard]

    def as_json(self) -> dict:
        """The INTERFACE.md object of the deal after the discard, plus the discard and its marks."""
        data = self.solution.as_json()
        data["discard"] = self.discard_names()
        data["ace_or_ten_in_talon"] = self.ace_or_ten_in_talon
        data["talon_points"] = self.talon_points
        data["breaks_marriage"] = self.breaks_marriage is not None
        return data


def discard_tasks(deal: Deal, bid: Bid, trump: Optional[Suit]) -> List[DiscardTask]:
    """Every (discard, trump) pair to solve, trump by trump, discards in deal order.

    Raises :class:`~ulti_solver.bids.BidError` when ``trump`` does not fit
    the bid (R28, R29).
    """
    before = twelve_card_deal(deal)
    played = trumps_to_solve(bid, trump)
    discards = all_discards(before.hands[0])
    return [
        DiscardTask(before, discard, played_bid, played_trump)
        for played_bid, played_trump in played
        for discard in discards
    ]


def solve_discard(
    task: DiscardTask, *, rules: Rules = DEFAULT_RULES, silent: bool = False, value: bool = False, kontra=None
) -> DiscardResult:
    """Discard, then solve the 10-card deal; a module-level function so worker processes can run it.
    ``kontra``: the kontras on the bid (R36-R39), for the value."""
    after = task.before.discard(*task.discard)
    assert after.talon is not None  # the two cards discarded are the talon now
    held_before = needed_marriage(task.before.hands[0], task.bid, task.trump) is None
    missing_after = needed_marriage(after.hands[0], task.bid, task.trump)
    return DiscardResult(
        discard=task.discard,
        solution=solve(after, task.bid, task.trump, rules=rules, silent=silent, value=value, kontra=kontra),
        talon_points=10 * popcount(after.talon & BB_POINT_CARDS),
        breaks_marriage=missing_after if held_before else None,
    )


def rank_discards(results: Iterable[DiscardResult]) -> List[DiscardResult]:
    """Best first; ties keep their order (trump by trump, discards in deal order)."""
    return sorted(results, key=DiscardResult.rank_key, reverse=True)


def solve_discards(
    deal: Deal,
    bid: Bid,
    trump: Optional[Suit],
    *,
    rules: Rules = DEFAULT_RULES,
    silent: bool = False,
    value: bool = False,
    on_progress: Optional[Callable[[int, int], None]] = None,
    kontra=None,
) -> List[DiscardResult]:
    """Solve every discard for every trump in play and rank them best first.

    ``on_progress(done, total)`` is told how many solves of how many are done
    (:data:`ulti_solver.runner.OnProgress`).
    """
    results = []
    tasks = discard_tasks(deal, bid, trump)
    for task in tasks:
        results.append(solve_discard(task, rules=rules, silent=silent, value=value, kontra=kontra))
        if on_progress is not None:
            on_progress(len(results), len(tasks))
    return rank_discards(results)
