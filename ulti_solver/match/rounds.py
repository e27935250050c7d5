"""Seed 003's round (R50): nine deals at one table, the first bidder moving on one seat a deal.

A round seats three players in three chairs; on its first deal the
player in the round's first chair bids first (table seat 0), on the next
the one after him, so that over the nine deals each bids first three
times.  A player's score in the round is the sum of his results, and the
three scores add up to zero; the score sheet keeps each player's result
deal by deal.

A duplicate match plays each deal in six seatings (:mod:`.arrangements`),
which are exactly six such tables: each of the two chair orders, with the
first bidder of the first deal in each of the three chairs.  So a match
of ``--rounds R`` plays R rounds of nine deals at six tables, every deal
at every table; the players of a table are the bots of its chair order
(with two bots, one of them fills two chairs: A-A-B and A-B-B).  A bot's
score in a round is its chairs' scores, added up over the six tables and
divided by six: the sum of its scores per deal (:mod:`.stats`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import List, Sequence, Tuple

from .arrangements import CHAIR_ORDERS, SEATINGS, seating_of

#: Deals in a round (seed 003): each player first to bid in three.
ROUND_DEALS = 9
#: Tables of a round: the seatings of a deal.
TABLES = SEATINGS


@dataclass(frozen=True)
class Sheet:
    """One table's score sheet in a round: the bot in each chair, the chair that bids first on the
    round's first deal, and each chair's result deal by deal."""

    table: int
    players: Tuple[str, str, str]
    first: int
    by_deal: Tuple[Tuple[int, int, int], ...]

    @property
    def scores(self) -> Tuple[int, int, int]:
        """Each chair's score in the round: the sum of its results (the three add up to zero)."""
        return (
            sum(row[0] for row in self.by_deal),
            sum(row[1] for row in self.by_deal),
            sum(row[2] for row in self.by_deal),
        )

    def first_bidder(self, deal: int) -> int:
        """The chair that bids first on the round's deal ``deal`` (from 0)."""
        return (self.first + deal) % 3

    def as_json(self) -> dict:
        return {
            "table": self.table,
            "players": list(self.players),
            "first_bidder": self.first,
            "by_deal": [list(row) for row in self.by_deal],
            "scores": list(self.scores),
        }


@dataclass(frozen=True)
class Round:
    """Round ``number`` (from 1), its first deal (from 1), its six sheets, and each bot's score in it."""

    number: int
    first_deal: int
    sheets: Tuple[Sheet, ...]
    bots: Tuple[Tuple[str, Fraction], ...]

    def as_json(self) -> dict:
        return {
            "round": self.number,
            "deals": [self.first_deal, self.first_deal + ROUND_DEALS - 1],
            "tables": [sheet.as_json() for sheet in self.sheets],
            "scores": {bot: round(float(score), 4) for bot, score in self.bots},
        }


def round_of(number: int, labels: Sequence[str], deals: Sequence[Sequence[Tuple[int, int, int]]]) -> Round:
    """Round ``number`` (from 1) from its nine deals, each the results by table seat of its six
    seatings (in seating order)."""
    assert len(deals) == ROUND_DEALS
    orders = CHAIR_ORDERS[len(labels)]
    sheets: List[Sheet] = []
    for table in range(TABLES):
        order, first = divmod(table, 3)
        rows = []
        for deal, games in enumerate(deals):
            turned = (first + deal) % 3  # the chair at table seat 0
            by_seat = games[seating_of(order, turned)]
            rows.append(tuple(by_seat[(chair - turned) % 3] for chair in range(3)))
        players = tuple(labels[bot] for bot in orders[order])
        sheets.append(Sheet(table + 1, (players[0], players[1], players[2]), first, tuple(rows)))  # type: ignore[arg-type]
    totals = {label: Fraction(0) for label in labels}
    for sheet in sheets:
        for player, score in zip(sheet.players, sheet.scores, strict=True):
            totals[player] += Fraction(score, TABLES)
    return Round(number, (number - 1) * ROUND_DEALS + 1, tuple(sheets), tuple(totals.items()))


def rounds_of(labels: Sequence[str], deals: Sequence[Sequence[Tuple[int, int, int]]]) -> List[Round]:
    """Every whole round of the deals played so far, in order."""
    return [
        round_of(number + 1, labels, deals[number * ROUND_DEALS : (number + 1) * ROUND_DEALS])
        for number in range(len(deals) // ROUND_DEALS)
    ]
