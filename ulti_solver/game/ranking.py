"""R47: which bid beats which, and which bids may be said, per rulebook.

Two kinds of order, after the seeds:

* ``classic`` and ``tournament`` say bids from a printed table (seed 002's,
  seed 003's: "csak az alábbi táblázatot lehet használni"), and a bid beats
  exactly the rows above it.  The tables' row orders are data here
  (:data:`TABLE_ROWS`), the rows as seed-tables.md transcribes them, so a
  reader can hold them to the seeds line by line.
* ``ultiblog`` and ``rablo`` take any R28 bid and rank it by what it is
  worth won, in the value table in force (R32, red doubling included: the
  prices of :func:`ulti_solver.settlement.component_units`, not a copy).
  The party that ulti and four aces carry (the "+1" of "4+1") counts for
  less than any whole unit (seed 001), so a rank is the pair (whole units,
  that party): ulti (4, 1) is above 40-100 (4, 0) and below betli (5, 0).
  ``rablo`` lets only a higher rank beat (seed 001: 20-100 does not beat
  40-100 ulti, both 8); ``ultiblog`` lets an equal rank with fewer
  components beat too (seed 000: "erősebb a 20-100, hiszen nem kombinált
  játék"), but never between ulti and four aces (seed 000's exception).

The suit-values variant (R39) is not read: a bid is ranked before its trump
is named, by red's doubling.
"""

from __future__ import annotations

import functools
from typing import Dict, FrozenSet, NamedTuple, Tuple

from ..bids import EVERY_BID, FOUR_ACES, PARTY, ULTI, Bid, parse_bid
from ..payments import PARTY_BESIDE, component_case, component_units
from ..variants import Rules

CLASSIC_BOOK, TOURNAMENT_BOOK, ULTIBLOG_BOOK, RABLO_BOOK = "classic", "tournament", "ultiblog", "rablo"

#: R47: the rulebooks that say bids from a printed table, by row order.
TABLE_BOOKS = (CLASSIC_BOOK, TOURNAMENT_BOOK)

#: The bid tables' rows, lowest first, in our words (seed-tables.md: seed 002, lines 58-502;
#: seed 003, lines 18-66).  "Durchmarsch" of seed 002 has no trump ("nincs"): colorless.
TABLE_ROWS: Dict[str, Tuple[str, ...]] = {
    CLASSIC_BOOK: (
        "party",
        "red party",
        "40-100",
        "ulti",
        "betli",
        "colorless durchmars",
        "40-100 ulti",
        "red 40-100",
        "20-100",
        "red ulti",
        "red betli",
        "durchmars 40-100",
        "durchmars ulti",
        "ulti 20-100",
        "red colorless durchmars",
        "durchmars 40-100 ulti",
        "durchmars 20-100",
        "red 40-100 ulti",
        "red 20-100",
        "durchmars ulti 20-100",
        "red durchmars 40-100",
        "red durchmars ulti",
        "open betli",
        "red ulti 20-100",
        "open colorless durchmars",
        "red durchmars 40-100 ulti",
        "red durchmars 20-100",
        "open durchmars 40-100",
        "open durchmars ulti",
        "open durchmars 40-100 ulti",
        "red open durchmars 40-100",
        "red open durchmars ulti",
        "open durchmars 20-100",
        "red durchmars ulti 20-100",
        "open durchmars ulti 20-100",
        "red open durchmars 40-100 ulti",
        "red open durchmars 20-100",
        "red open durchmars ulti 20-100",
    ),
    TOURNAMENT_BOOK: (
        "party",
        "red party",
        "40-100",
        "four-aces",
        "ulti",
        "betli",
        "durchmars",
        "colorless durchmars",
        "40-100 four-aces",
        "40-100 ulti",
        "red 40-100",
        "20-100",
        "ulti four-aces",
        "red four-aces",
        "red ulti",
        "red betli",
        "40-100 durchmars",
        "ulti durchmars",
        "40-100 ulti four-aces",
        "20-100 ulti",
        "red colorless durchmars",
        "red durchmars",
        "open durchmars",
        "40-100 ulti durchmars",
        "20-100 durchmars",
        "red 40-100 ulti",
        "red 20-100",
        "40-100 open durchmars",
        "ulti open durchmars",
        "red ulti four-aces",
        "20-100 ulti durchmars",
        "40-100 ulti open durchmars",
        "red 40-100 durchmars",
        "red ulti durchmars",
        "20-100 open durchmars",
        "open betli",
        "red 40-100 ulti four-aces",
        "red 20-100 four-aces",
        "red 20-100 ulti",
        "colorless open durchmars",
        "red 40-100 ulti durchmars",
        "red 20-100 durchmars",
        "red 40-100 open durchmars",
        "red ulti open durchmars",
        "red 20-100 ulti durchmars",
        "20-100 ulti open durchmars",
        "red 40-100 ulti open durchmars",
        "red 20-100 open durchmars",
        "red 20-100 ulti open durchmars",
    ),
}

#: Seed 000's exception: ulti and four aces, and their red forms, are equal and never beat each other.
_NEVER_EACH_OTHER: FrozenSet[FrozenSet[str]] = frozenset({frozenset({PARTY, ULTI}), frozenset({PARTY, FOUR_ACES})})


_EVERY = frozenset(EVERY_BID)


class Rank(NamedTuple):
    """A bid's rank under ``ultiblog`` and ``rablo`` (R47): its won value in whole units, then
    the party that ulti and four aces carry (``4+1`` is (4, 1)), compared in that order."""

    units: int
    party: int

    def __str__(self) -> str:
        return f"{self.units}+{self.party}" if self.party else str(self.units)


@functools.lru_cache(maxsize=1024)
def bid_rank(bid: Bid, table: str) -> Rank:
    """R47: the bid's won value in ``table`` (R32, red doubling included), its carried party apart."""
    units = party = 0
    for component in bid.components:
        won = component_units(bid, component, table)[0]
        if component_case(bid, component) == PARTY_BESIDE:
            party += won
        else:
            units += won
    return Rank(units, party)


def component_count(bid: Bid) -> int:
    """R47 under ``ultiblog``: how combined a bid is.  Red counts as a component; the party
    counts only when it is bid alone (ulti's party is part of the ulti)."""
    parts = bid.components if bid.components == {PARTY} else bid.components - {PARTY}
    return len(parts) + (1 if bid.red else 0)


class BidOrder:
    """R47 for one set of rules: which bids may be said, and which beats which."""

    def __init__(self, *, rules: Rules):
        self.book = rules.book
        self.table = rules.value_table
        self._over: Dict[Bid, Tuple[Bid, ...]] = {}
        rows = TABLE_ROWS.get(self.book)
        self._row = None if rows is None else {parse_bid(words): index for index, words in enumerate(rows)}
        #: Every bid that may be said, lowest first (under ultiblog and rablo: by rank, ties in R28 order).
        if self._row is not None:
            self.bids: Tuple[Bid, ...] = tuple(sorted(self._row, key=self._row.__getitem__))
        else:
            self.bids = tuple(sorted(EVERY_BID, key=lambda bid: bid_rank(bid, self.table)))

    @property
    def by_table(self) -> bool:
        """Whether bids are said from a printed table (``classic``, ``tournament``)."""
        return self._row is not None

    def may_say(self, bid: Bid) -> bool:
        """Whether the rulebook knows the bid: any R28 bid, or only the table's rows (R47)."""
        return bid in (_EVERY if self._row is None else self._row)

    def beats(self, bid: Bid, standing: Bid) -> bool:
        """Whether ``bid`` may be said over ``standing`` (R47).  A bid the rulebook does not
        know beats nothing (:meth:`may_say` says why)."""
        if not (self.may_say(bid) and self.may_say(standing)):
            return False
        if self._row is not None:
            return self._row[bid] > self._row[standing]
        rank, other = bid_rank(bid, self.table), bid_rank(standing, self.table)
        if rank != other or self.book == RABLO_BOOK:
            return rank > other
        if {bid.components, standing.components} <= _NEVER_EACH_OTHER:
            return False
        return component_count(bid) < component_count(standing)

    def bids_over(self, standing: Bid) -> Tuple[Bid, ...]:
        """The bids that beat ``standing``, lowest first (asked at every turn: kept per bid)."""
        found = self._over.get(standing)
        if found is None:
            found = self._over[standing] = tuple(bid for bid in self.bids if self.beats(bid, standing))
        return found


@functools.lru_cache(maxsize=16)
def bid_order(*, rules: Rules) -> BidOrder:
    """The R47 order of ``rules``, made once."""
    return BidOrder(rules=rules)
