"""The price of every way a game can end: the table the value search (R34, R39) reads S off.

The value of a deal is the minimax, over the game tree, of what the
finished game pays the declarer in all: S_1 + S_2 (R30, R39; twice S
without kontras).  What it pays reads five facts of the finished game
(:data:`FINALS`): the declarer's card points in units of ten, whether he
took a trick, whether the defenders did, whether all four aces are his,
and the trump seven's fate in the tenth trick.  Both searches price a
final position by those facts: the reference by settling it
(:func:`ulti_solver.settlement.game_total`), the core by reading a table
of all 240 (:func:`final_table`), made here from the same settlement.

A settlement costs tens of microseconds and the best bid of a 12-card
hand needs ten thousand tables, so a table is built from three groups of
items (:data:`GROUPS`) that read disjoint facts: each group is priced once
per value of the facts it reads, and S of a final is the sum of one entry
of each.  Tests hold every entry to the settlement.  Nothing here needs
the compiled core.
"""

from __future__ import annotations

import functools
import itertools
from typing import Callable, Dict, FrozenSet, List, NamedTuple, Optional, Tuple

from .bids import BETLI, DURCHMARS, FORTY_100, FOUR_ACES, PARTY, TWENTY_100, ULTI, Bid
from .cards import BB_ACES
from .position import Outcome
from .reads import deal_reader
from .scoring import Scoring, SilentItem
from .settlement import SettlementError, game_total, price_items, prices, silent_items

#: The trump seven in the tenth trick, as the value search records it.
SEVEN_ELSEWHERE, SEVEN_WON, SEVEN_BEATEN = 0, 1, 2
#: The five facts that decide a finished game's settlement (R14-R33), every combination,
#: in the order the core indexes them (cext/value.pxi, _final_index): the declarer's card
#: points in units of ten (0-9), whether he took a trick, whether the defenders did,
#: whether all four aces are his, and the trump seven's fate in the tenth trick.
FINALS = list(itertools.product(range(10), (False, True), (False, True), (False, True), range(3)))


def final_outcome(units: int, declarer_trick: bool, defender_trick: bool, all_aces: bool, seven: int) -> Outcome:
    """An outcome with these five facts: all that R14-R33 read of a finished game."""
    declarer_tricks = (1 if declarer_trick else 0) if defender_trick else 10
    return Outcome(
        declarer_points=10 * units,
        declarer_tricks=declarer_tricks,
        defender_tricks=10 - declarer_tricks,
        declarer_aces=BB_ACES if all_aces else 0,
        seven_trick=10 if seven else 0,
        seven_won=seven == SEVEN_WON,
    )


def possible_totals(scoring: Scoring, table: Optional[str] = None) -> List[int]:
    """Every S_1 + S_2 a finished game of this deal, bid and trump can settle at, lowest first.

    Facts no game can end with (a defender's seven winning the tenth trick
    while the declarer took every trick, and the like) are left out."""
    totals = set()
    for facts in FINALS:
        try:
            totals.add(game_total(scoring, final_outcome(*facts), table))
        except SettlementError:
            pass
    return sorted(totals)


class ItemGroup(NamedTuple):
    """Items of a settlement that read the same facts of a finished game, and only those.

    ``entries`` are the values of those facts; ``pick`` reads a final's five
    facts down to the group's; ``final`` makes five facts from the group's,
    the others at values that change nothing the group's items read."""

    name: str
    items: FrozenSet[str]
    entries: Tuple[tuple, ...]
    pick: Callable[[tuple], tuple]
    final: Callable[[tuple], tuple]


#: Units, a trick for the declarer, a trick for the defenders.
POINTS_FACTS = tuple(itertools.product(range(10), (False, True), (False, True)))
GROUPS = (
    ItemGroup(
        "points and tricks",
        frozenset({PARTY, FORTY_100, TWENTY_100, DURCHMARS, BETLI, SilentItem.DECLARER_100, SilentItem.DEFENDERS_100}),
        POINTS_FACTS,
        lambda f: (f[0], f[1], f[2]),
        lambda p: (*p, False, SEVEN_ELSEWHERE),
    ),
    ItemGroup(
        "trump seven",
        frozenset({ULTI, SilentItem.ULTI_BEATEN, SilentItem.DEFENDER_ULTI, SilentItem.DEFENDER_ULTI_BEATEN}),
        ((SEVEN_ELSEWHERE,), (SEVEN_WON,), (SEVEN_BEATEN,)),
        lambda f: (f[4],),
        lambda p: (0, True, True, False, p[0]),
    ),
    ItemGroup(
        "aces", frozenset({FOUR_ACES}), ((False,), (True,)), lambda f: (f[3],), lambda p: (0, True, True, p[0], 0)
    ),
)


@functools.cache
def _group_outcomes(index: int) -> Tuple[Tuple[tuple, Outcome], ...]:
    """(facts, outcome) of each entry of group ``index``, made once for every table."""
    group = GROUPS[index]
    return tuple((part, final_outcome(*group.final(part))) for part in group.entries)


@functools.lru_cache(maxsize=4096)
def _group_readers(bid: Bid, trump_game: bool) -> Tuple[Callable, ...]:
    """For each group, what it reads of a Scoring: the deal facts of the items a game of
    ``bid`` can score in it, its components and the silent items it can have (R25-R27)."""
    possible = set(bid.components)
    if bid.plays_party:
        possible |= {SilentItem.DECLARER_100, SilentItem.DEFENDERS_100}
    if trump_game:
        if not bid.has_ulti:
            possible.add(ULTI)  # the silent ulti reads what the component does (ulti_solver.reads)
        if DURCHMARS not in bid.components:
            possible.add(DURCHMARS)
    return tuple(deal_reader(tuple(sorted(str(name) for name in possible if name in group.items))) for group in GROUPS)


def _colour_key(scoring: Scoring):
    """What of the colour the prices read besides the bid: under suit-values (R39) the trump, else nothing."""
    return ("suit-values", scoring.trump) if scoring.rules.suit_values else None


class FinalTable(NamedTuple):
    """S_1 + S_2 of every final outcome in the core's order, and the bounds
    :mod:`ulti_solver.analysis.best` reads off it."""

    values: Tuple[int, ...]
    best: int  # the most any final gives
    best_lost: Dict[str, int]  # component -> the most of the finals where it is lost
    best_within: Tuple[int, ...]  # [u] -> the most of the finals with at most u units

    def most(self, lost=None) -> int:
        """The best any final gives, or the best of those where component ``lost`` is lost."""
        return self.best if lost is None else self.best_lost[lost]


def value_signature(scoring: Scoring, table: str) -> tuple:
    """Everything S of a finished game reads besides the outcome (R14-R39): the bid, the table,
    the trump where suit-values prices by it, the kontras, and what each group reads of the deal."""
    bid, trump_game = scoring.bid, scoring.trump is not None
    points, seven, aces = _group_readers(bid, trump_game)
    return (
        bid,
        table,
        _colour_key(scoring),
        scoring.kontra,
        trump_game,
        points(scoring),
        seven(scoring),
        aces(scoring),
    )


_GROUP_TABLES: dict = {}
_TABLES: dict = {}


def _group_table(scoring: Scoring, table: str, index: int, key: tuple) -> Dict[tuple, Tuple[int, frozenset]]:
    """One group's entries: {its facts: (the declarer's total from its items, the components of it made)}."""
    found = _GROUP_TABLES.get(key)
    if found is not None:
        return found
    bid, group = scoring.bid, GROUPS[index]
    priced = prices(bid, scoring.trump, table, scoring.rules.suit_values, kontra=scoring.kontra)
    live = [c for c in bid.ordered_components() if c in group.items and not scoring.lost_before_play(c)]
    entries = {}
    seen: Dict[Tuple[FrozenSet[str], FrozenSet[str]], int] = {}  # the group's total per (made, silent), few
    for part, outcome in _group_outcomes(index):
        made = frozenset([c for c in live if scoring.component_made(c, outcome)])
        silent = frozenset(silent_items(scoring, outcome))
        total = seen.get((made, silent))
        if total is None:
            items = price_items(priced, made, silent)
            total = seen[made, silent] = sum(sum(i.by_defender) for i in items if i.name in group.items)
        entries[part] = (total, made)
    if len(_GROUP_TABLES) > 50_000:
        _GROUP_TABLES.clear()
    _GROUP_TABLES[key] = entries
    return entries


def final_table(scoring: Scoring, table: Optional[str] = None) -> FinalTable:
    """The declarer's total S_1 + S_2 of every final outcome (remembered by :func:`value_signature`)."""
    table = table or scoring.rules.value_table
    signature = value_signature(scoring, table)
    found = _TABLES.get(signature)
    if found is not None:
        return found
    head, reads = signature[:5], signature[5:]
    groups = [_group_table(scoring, table, i, (i, *head, reads[i])) for i in range(len(GROUPS))]
    points, seven, aces = ([entries[part][0] for part in GROUPS[i].entries] for i, entries in enumerate(groups))
    # Per final outcome, in the core's order (cext/value.pxi's _final_index): its points
    # entry (units and the tricks) outermost, then its aces entry, then its seven entry.
    values = tuple([p + a + s for p in points for a in aces for s in seven])  # a list is built faster
    tops = [max([total for total, _ in entries.values()]) for entries in groups]
    best_lost = {}
    for index, entries in enumerate(groups):
        for component in scoring.bid.components & GROUPS[index].items:
            without = [total for total, made in entries.values() if component not in made]
            rest = sum(tops) - tops[index]
            best_lost[component] = (max(without) if without else min(values)) + rest
    # POINTS_FACTS runs through the units in order, four facts each: a running maximum.
    within, best_so_far, rest = [], min(points), tops[1] + tops[2]
    for u in range(10):
        best_so_far = max(best_so_far, *points[4 * u : 4 * u + 4])
        within.append(best_so_far + rest)
    if len(_TABLES) > 20_000:
        _TABLES.clear()
    found = _TABLES[signature] = FinalTable(values, max(values), best_lost, tuple(within))
    return found


def final_values(scoring: Scoring, table: Optional[str] = None) -> List[int]:
    """S_1 + S_2 of every final outcome, in the core's order (see :func:`final_table`)."""
    return list(final_table(scoring, table).values)
