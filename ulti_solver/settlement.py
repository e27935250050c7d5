"""What a finished Ulti game pays (R30-R33).

A game settles at S units per defender (R30): the sum, component by
component, of each component's won value or minus its lost value, plus
the silent items (R31, R33).  The values are data (:data:`VALUE_TABLE`,
:data:`SILENT_UNITS`), read the way RULES.md prints them, so a reader can
check them against R32 row by row; the code only picks the row and applies
the red doubling.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from enum import Enum
from typing import Iterable, List, Optional, Tuple

from .bids import BETLI, DURCHMARS, FOUR_ACES, PARTY, Bid, fold_word, trumps_to_solve
from .cards import BB_ACES, SUIT_NAMES, Suit
from .coerce import as_bid, as_trump
from .errors import UltiInputError, excerpt
from .position import Outcome
from .scoring import Scoring
from .variants import CLASSIC, VALUE_TABLES, parse_table


class SilentItem(str, Enum):
    """A silent (csendes) achievement (R25-R27), named as ``ulti settle --silent`` names it.

    ``ulti`` is the declarer's silent ulti won; ``ulti-beaten`` his trump seven
    beaten in the tenth trick; the ``defender-`` pair the same for a defender's seven.
    """

    DECLARER_100 = "declarer-100"
    DEFENDERS_100 = "defenders-100"
    ULTI = "ulti"
    ULTI_BEATEN = "ulti-beaten"
    DEFENDER_ULTI = "defender-ulti"
    DEFENDER_ULTI_BEATEN = "defender-ulti-beaten"
    DURCHMARS = "durchmars"

    __str__ = str.__str__
    __format__ = str.__format__
    __hash__ = str.__hash__  # as Component: a dict keyed by members must find plain names


class SettlementError(UltiInputError):
    """A settlement that cannot be: a component or silent item the bid cannot have, or a contradiction."""


# -- R32: the component values ---------------------------------------------

#: R32, the cases of a component, one per row of the table.
PARTY_ALONE, PARTY_BESIDE = "party alone", "party in an ulti or four-aces bid"
FOUR_ACES_PARTY = "four aces with only the party"
FOUR_ACES_WITH = "four aces with 40-100, 20-100, ulti or durchmars"
PLAIN_DURCHMARS, OPEN_DURCHMARS = "durchmars", "open durchmars with trump"
OPEN_COLORLESS, OPEN_BETLI = "open colorless durchmars", "open betli"

#: R32 as printed: case -> ((won, lost) in ``classic``, (won, lost) in ``tournament``),
#: per defender, for a non-red bid.
VALUE_TABLE = {
    PARTY_ALONE: ((1, 1), (1, 2)),
    PARTY_BESIDE: ((1, 1), (1, 1)),
    "40-100": ((4, 4), (4, 8)),
    "20-100": ((8, 8), (8, 16)),
    "ulti": ((4, 8), (4, 8)),  # the lost 8 already is the "paid once more" of seeds 000-002
    FOUR_ACES_PARTY: ((4, 4), (4, 4)),
    FOUR_ACES_WITH: ((4, 4), (4, 8)),
    PLAIN_DURCHMARS: ((6, 6), (6, 12)),  # with trump, or colorless
    OPEN_DURCHMARS: ((24, 24), (12, 24)),
    OPEN_COLORLESS: ((24, 24), (24, 48)),
    "betli": ((5, 5), (5, 5)),
    OPEN_BETLI: ((20, 20), (20, 20)),
}
#: The same table by name: VALUES[table][case] == (won, lost).
VALUES = {name: {case: row[i] for case, row in VALUE_TABLE.items()} for i, name in enumerate(VALUE_TABLES)}
#: R32: the cases a red bid does not double (seed 002 doubles only the non-open durchmars).
RED_NOT_DOUBLED = {CLASSIC: frozenset({OPEN_DURCHMARS, OPEN_COLORLESS})}

#: R33: silent items per defender, non-red; the same in both tables.
SILENT_UNITS = {
    SilentItem.DECLARER_100: 2,
    SilentItem.DEFENDERS_100: -2,
    SilentItem.ULTI: 2,
    SilentItem.ULTI_BEATEN: -4,  # a beaten silent ulti is paid as a lost ulti
    SilentItem.DEFENDER_ULTI: -2,
    SilentItem.DEFENDER_ULTI_BEATEN: 4,
    SilentItem.DURCHMARS: 3,
}
#: R26: (the declarer holds the seven, it won the tenth trick) -> the silent ulti item.
SEVEN_ITEMS = {
    (True, True): SilentItem.ULTI,
    (True, False): SilentItem.ULTI_BEATEN,
    (False, True): SilentItem.DEFENDER_ULTI,
    (False, False): SilentItem.DEFENDER_ULTI_BEATEN,
}
SILENT_100 = frozenset({SilentItem.DECLARER_100, SilentItem.DEFENDERS_100})
SILENT_ULTI = frozenset(SEVEN_ITEMS.values())
BEATEN = frozenset({SilentItem.ULTI_BEATEN, SilentItem.DEFENDER_ULTI_BEATEN})  # lost silent ultis
#: Silent items that cannot happen together, and why.
EXCLUSIVE = (
    (SILENT_100, "the two sides cannot both reach 100 (R25)"),
    (SILENT_ULTI, "there is one trump seven and one tenth trick (R26)"),
    (
        frozenset({SilentItem.DURCHMARS, SilentItem.ULTI_BEATEN, SilentItem.DEFENDER_ULTI}),
        "in a durchmars the declarer wins the tenth trick (R27)",
    ),
)


def component_case(bid: Bid, component: str) -> str:
    """The R32 row that prices ``component`` in ``bid``: party and four aces are
    priced by their company, durchmars and betli by the open/colorless flags."""
    others = bid.components - {component}
    if component == PARTY:
        return PARTY_ALONE if not others else PARTY_BESIDE
    if component == FOUR_ACES:
        return FOUR_ACES_PARTY if others <= {PARTY} else FOUR_ACES_WITH
    if component == DURCHMARS and bid.open:
        return OPEN_COLORLESS if bid.colorless else OPEN_DURCHMARS
    if component == BETLI and bid.open:
        return OPEN_BETLI
    return str(component)  # 40-100, 20-100, ulti, plain durchmars, betli


def _not_a_component(bid: Bid, name: str) -> SettlementError:
    return SettlementError(
        f"{excerpt(name)} is not a component of the bid {str(bid)!r}; "
        f"its components: {', '.join(bid.ordered_components())}"
    )


def component_units(bid: Bid, component: str, table: str = CLASSIC) -> Tuple[int, int]:
    """(won, lost) per defender of one component of ``bid``, red applied (R32)."""
    if component not in bid.components:
        raise _not_a_component(bid, component)
    table = parse_table(table)
    case = component_case(bid, component)
    factor = 2 if bid.red and case not in RED_NOT_DOUBLED.get(table, ()) else 1
    won, lost = VALUES[table][case]
    return won * factor, lost * factor


def silent_units(bid: Bid, item: str) -> int:
    """Units per defender of a silent item (R33), doubled in a red bid."""
    return SILENT_UNITS[_silent_item(item)] * (2 if bid.red else 1)


# -- R30/R31: the settlement -----------------------------------------------


@dataclass(frozen=True)
class Item:
    """One line of a settlement.  ``made`` is False for a lost component and for a
    beaten silent ulti (paid as a lost ulti, R33); ``units`` is per defender."""

    name: str
    made: bool
    units: int


@dataclass(frozen=True)
class Settlement:
    """What a finished game pays: the bid's components in print order, then the silent items."""

    bid: Bid
    trump: Optional[Suit]
    table: str
    items: Tuple[Item, ...]

    @property
    def per_defender(self) -> int:
        """R30/R31: S, what the declarer receives from each defender."""
        return sum(item.units for item in self.items)

    @property
    def declarer_total(self) -> int:
        """R30: the declarer settles with both defenders."""
        return 2 * self.per_defender

    def as_json(self) -> dict:
        """The ``ulti settle --json`` object (INTERFACE.md, "Values")."""
        return {
            "bid": str(self.bid),
            "trump": None if self.trump is None else SUIT_NAMES[self.trump],
            "table": self.table,
            "per_defender": self.per_defender,
            "declarer_total": self.declarer_total,
            "items": [{"name": i.name, "made": i.made, "units": i.units} for i in self.items],
        }


def parse_names(text: str) -> List[str]:
    """The word list of ``--made`` / ``--silent``: commas and/or spaces, any case;
    ``-`` or nothing means none; a name said twice is an error."""
    words = [fold_word(w) for w in text.replace(",", " ").split()]
    if words in ([], ["-"]):
        return []
    if "-" in words:
        raise SettlementError(f"'-' means none and cannot go with other names in {excerpt(text)}")
    for i, word in enumerate(words):
        if word in words[:i]:
            raise SettlementError(f"{word!r} is named twice in {excerpt(text)}")
    return words


def _silent_item(name: str) -> SilentItem:
    try:
        return SilentItem(fold_word(str(name)))
    except ValueError:
        raise SettlementError(f"unknown silent item {excerpt(name)}; known: {', '.join(SilentItem)}") from None


def _why_impossible(bid: Bid, item: SilentItem) -> Optional[str]:
    """Why ``item`` cannot happen in ``bid`` (R25-R27), or None when it can."""
    if item in SILENT_100:
        return None if bid.plays_party else "a silent 100 needs a bid that plays the party (R22, R25)"
    if not bid.has_trump:
        return "it needs a trump game (R26, R27)"
    if item == SilentItem.DURCHMARS:
        return "the bid has durchmars (R27)" if DURCHMARS in bid.components else None
    return "the bid has ulti (R26)" if bid.has_ulti else None


def _check_silent(bid: Bid, names: Iterable[str]) -> frozenset:
    items = frozenset(_silent_item(name) for name in names)
    for item in (i for i in SilentItem if i in items):
        reason = _why_impossible(bid, item)
        if reason:
            raise SettlementError(f"silent {item} cannot happen in the bid {str(bid)!r}: {reason}")
    for group, reason in EXCLUSIVE:
        both = [str(item) for item in SilentItem if item in group & items]
        if len(both) > 1:
            raise SettlementError(f"silent {' and '.join(both)} cannot both happen: {reason}")
    return items


def _resolve_trump(bid: Bid, trump: Optional[Suit]) -> Tuple[Bid, Optional[Suit]]:
    """R28/R29: a red bid plays hearts, and hearts makes a trump bid red; a trump
    bid whose suit is not given stays without one (the units do not depend on it)."""
    if trump is None and not bid.red:
        return bid, None
    (pair,) = trumps_to_solve(bid, trump)  # BidError for a trump the bid cannot take
    return pair


@functools.lru_cache(maxsize=1024)
def _prices(bid: Bid, table: str) -> Tuple[Tuple[str, int, int], ...]:
    """(component, won, lost) of every component of ``bid``, in order (R32)."""
    return tuple((str(c), *component_units(bid, c, table)) for c in bid.ordered_components())


#: The silent items in their settlement order (an Enum's own iteration is a generator).
_SILENT_ORDER = tuple(SilentItem)


def item_units(bid: Bid, table: str, made, silent) -> List[Tuple[str, bool, int]]:
    """R31/R33 arithmetic: (name, made, units) for every component, then each silent item.

    ``made`` and ``silent`` are sets of names, already checked; the value
    compiler (:mod:`ulti_solver.goals`) calls this for every final outcome,
    so it does no checking, builds no objects beyond the list and prices
    each bid's components once (the best bid compiles hundreds of tables).
    """
    rows = []
    replaced = bool(silent & SILENT_100)
    for component, won, lost in _prices(bid, table):
        units = won if component in made else -lost
        if component == PARTY and replaced:
            # R33: "a passzjátékért kapott pontokat nem írjuk"; the item stays, at 0,
            # so that the settlement still shows the party and that it was not paid.
            units = 0
        rows.append((component, component in made, units))
    if silent:
        rows += [(str(s), s not in BEATEN, silent_units(bid, s)) for s in _SILENT_ORDER if s in silent]
    return rows


def settle(
    bid: Bid, trump: Optional[Suit], made: Iterable[str], silent: Iterable[str] = (), table: str = CLASSIC
) -> Settlement:
    """R31: each component won (in ``made``) or lost (every other one), plus the
    silent items; a silent 100 replaces the party's payment (R33)."""
    bid, trump = as_bid(bid), as_trump(trump)
    table = parse_table(table)
    bid, trump = _resolve_trump(bid, trump)
    made = parse_names(made) if isinstance(made, str) else made  # a word list, as --made gives it
    silent = parse_names(silent) if isinstance(silent, str) else silent
    made_set = {fold_word(str(name)) for name in made}
    strangers = sorted(made_set - bid.components)
    if strangers:
        raise _not_a_component(bid, strangers[0])
    silent_set = _check_silent(bid, silent)
    items = tuple(Item(*row) for row in item_units(bid, table, made_set, silent_set))
    return Settlement(bid, trump, table, items)


# -- A played game ---------------------------------------------------------

#: The trump seven in the tenth trick, as the value search records it.
SEVEN_ELSEWHERE, SEVEN_WON, SEVEN_BEATEN = 0, 1, 2
#: The five facts that decide a finished game's settlement (R14-R33), every combination:
#: the declarer's card points in units of ten (0-9), whether he took a trick, whether the
#: defenders did, whether all four aces are his, and the trump seven's fate in the tenth trick.
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


def possible_values(scoring: Scoring, table: Optional[str] = None) -> List[int]:
    """Every S a finished game of this deal, bid and trump can settle at, lowest first.

    Facts no game can end with (a defender's seven winning the tenth trick
    while the declarer took every trick, and the like) are left out.
    """
    values = set()
    for facts in FINALS:
        try:
            values.add(game_value(scoring, final_outcome(*facts), table))
        except SettlementError:
            pass
    return sorted(values)


def silent_items(scoring: Scoring, outcome: Outcome) -> List[SilentItem]:
    """The silent items (R25-R27) that a finished game scored."""
    bid, items = scoring.bid, []
    if scoring.declarer_silent_100(outcome):
        items.append(SilentItem.DECLARER_100)
    if scoring.defenders_silent_100(outcome):
        items.append(SilentItem.DEFENDERS_100)
    if not bid.has_trump or scoring.trump is None:
        return items
    if not bid.has_ulti and outcome.seven_trick == 10:  # R26: only the tenth trick
        holder = scoring.seven_holder  # looked up only here: the value tables ask this 40 times a table
        if holder is not None:
            items.append(SEVEN_ITEMS[holder == 0, outcome.seven_won])
    if DURCHMARS not in bid.components and outcome.declarer_tricks == 10:  # R27
        items.append(SilentItem.DURCHMARS)
    return items


def game_settlement(scoring: Scoring, outcome: Outcome, table: Optional[str] = None) -> Settlement:
    """The settlement of a finished game; a component lost before play (R17-R20) is lost (R31).
    ``table`` None means the rulebook's (``scoring.rules.value_table``)."""
    made = [
        c
        for c in scoring.bid.ordered_components()
        if not scoring.lost_before_play(c) and scoring.component_made(c, outcome)
    ]
    return settle(scoring.bid, scoring.trump, made, silent_items(scoring, outcome), table or scoring.rules.value_table)


def game_value(scoring: Scoring, outcome: Outcome, table: Optional[str] = None) -> int:
    """S of a finished game (R30), per defender."""
    return game_settlement(scoring, outcome, table).per_defender
