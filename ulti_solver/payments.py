"""What each item of a bid is worth per defender (R32, R33, R38, R39), before any game is played.

The values are data (:data:`VALUE_TABLE`, :data:`SILENT_UNITS`), read the
way RULES.md prints them, so a reader can check them against R32 row by
row; the code only picks the row and applies the colour (red doubles;
or the ``suit-values`` multipliers) and the kontras (2^L times, R38).
:mod:`ulti_solver.settlement` adds up what a finished game made from
these prices; the value tables (:mod:`ulti_solver.pricing`) price every
final outcome from them.
"""

from __future__ import annotations

import functools
from typing import List, NamedTuple, Optional, Tuple

from .bids import BETLI, DURCHMARS, FOUR_ACES, PARTY, ULTI, Bid, bid_words, fold_word
from .cards import ACORNS, BELLS, HEARTS, LEAVES, Suit
from .errors import UltiInputError, excerpt
from .i18n import L_, Message
from .kontra import NO_KONTRA, Kontra
from .scoring import SilentItem
from .variants import CLASSIC, VALUE_TABLES, parse_table


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
    (SILENT_100, L_("the two sides cannot both reach 100 (R25)")),
    (SILENT_ULTI, L_("there is one trump seven and one tenth trick (R26)")),
    (
        frozenset({SilentItem.DURCHMARS, SilentItem.ULTI_BEATEN, SilentItem.DEFENDER_ULTI}),
        L_("in a durchmars the declarer wins the tenth trick (R27)"),
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


def not_a_component(bid: Bid, name: str) -> SettlementError:
    return SettlementError(
        L_(
            "{name} is not a component of the bid {bid}; its components: {components}",
            name=excerpt(name),
            bid=L_("'{bid}'", bid=bid_words(bid)),
            components=", ".join(bid.ordered_components()),
        )
    )


# -- The colour of a bid: red doubles (R32, R33), or the suit-values multipliers (R39) ----

#: Variant suit-values (R39): the multiplier of each trump.
SUIT_VALUE = {ACORNS: 1, LEAVES: 2, BELLS: 3, HEARTS: 4}
#: Variant suit-values: betli and colorless durchmars, plain and red.
NO_TRUMP_VALUE, RED_NO_TRUMP_VALUE = 1, 4


def colour_factor(bid: Bid, trump: Optional[Suit], table: str, case: Optional[str], suit_values: bool) -> int:
    """What the bid's colour multiplies an item by: red doubles every component but, in
    ``classic``, an open durchmars (R32) and every silent item (R33, ``case`` None);
    under ``suit-values`` the trump's multiplier applies to everything (R39)."""
    if suit_values:
        if not bid.has_trump:
            return RED_NO_TRUMP_VALUE if bid.red else NO_TRUMP_VALUE
        if trump is None:
            raise SettlementError(
                L_(
                    "under suit-values the {bid} pays by its trump (acorns x1, leaves x2, bells x3, hearts x4, R39): "
                    "name the trump",
                    bid=bid_words(bid),
                )
            )
        return SUIT_VALUE[trump]
    if bid.red and case not in RED_NOT_DOUBLED.get(table, ()):
        return 2
    return 1


def component_units(
    bid: Bid, component: str, table: str = CLASSIC, trump: Optional[Suit] = None, suit_values: bool = False
) -> Tuple[int, int]:
    """(won, lost) per defender of one component of ``bid``, its colour applied (R32), no kontra."""
    if component not in bid.components:
        raise not_a_component(bid, component)
    table = parse_table(table)
    case = component_case(bid, component)
    factor = colour_factor(bid, trump, table, case, suit_values)
    won, lost = VALUES[table][case]
    return won * factor, lost * factor


def silent_units(bid: Bid, item: str, trump: Optional[Suit] = None, suit_values: bool = False) -> int:
    """Units per defender of a silent item (R33), its colour applied, no kontra."""
    return SILENT_UNITS[read_silent_item(item)] * colour_factor(bid, trump, CLASSIC, None, suit_values)


# -- R38, R39: kontras and concession ----------------------------------------------


class Price(NamedTuple):
    """What one component pays each defender (seat 1, seat 2): won, lost, and conceded (R38, R39)."""

    name: str
    won: Tuple[int, int]
    lost: Tuple[int, int]
    conceded: Tuple[int, int]
    level: Tuple[int, int]


class Prices(NamedTuple):
    """Every item of a bid priced per defender under one table, colour and set of kontras."""

    components: Tuple[Price, ...]
    silent: Tuple[Tuple[SilentItem, Tuple[int, int]], ...]  # every silent item, in settlement order
    silent_level: Tuple[int, int]  # the level the silent items are multiplied by, per defender (R38)
    individual: Tuple[str, ...]  # the components each defender kontras on his own (R37)

    def silent_units(self, item: SilentItem) -> Tuple[int, int]:
        for name, units in self.silent:
            if name == item:
                return units
        raise KeyError(item)


#: The silent items in their settlement order (an Enum's own iteration is a generator).
_SILENT_ORDER = tuple(SilentItem)


def _doubled(units: int, level: int) -> int:
    return units << level


def _doubled_each(units: int, levels: Tuple[int, int], once_more: int = 0) -> Tuple[int, int]:
    """Per defender: ``units`` doubled at his level, plus the part that is never doubled."""
    return _doubled(units, levels[0]) + once_more, _doubled(units, levels[1]) + once_more


@functools.lru_cache(maxsize=4096)
def prices(
    bid: Bid, trump: Optional[Suit], table: str, suit_values: bool = False, *, kontra: Kontra = NO_KONTRA
) -> Prices:
    """R32, R33, R38, R39: the units of every item of ``bid`` for each defender.

    A component at level L is won or lost at 2^L times its value; the lost
    ulti's "once more" (its lost value less its won value: the second 4 of
    its 8) is never multiplied.  Silent items are multiplied by the party's
    level where the bid plays the party (R22), else by the defender's
    highest level; a beaten silent ulti's "once more" (half of it) is not.
    Conceding a component costs its won value times 2^(L+1).
    """
    table = parse_table(table)
    components = []
    for component in bid.ordered_components():
        won, lost = component_units(bid, component, table, trump, suit_values)
        level = (kontra.level(component, 1), kontra.level(component, 2))
        if component == ULTI:
            once_more = lost - won
            lost_each = _doubled_each(won, level, once_more)
        else:
            lost_each = _doubled_each(lost, level)
        conceded = _doubled_each(won, (level[0] + 1, level[1] + 1))
        components.append(Price(str(component), _doubled_each(won, level), lost_each, conceded, level))
    if bid.plays_party:
        silent_levels = (kontra.level(PARTY, 1), kontra.level(PARTY, 2))
    else:
        silent_levels = (kontra.highest(1), kontra.highest(2))
    factor = colour_factor(bid, trump, table, None, suit_values)
    silent: List[Tuple[SilentItem, Tuple[int, int]]] = []
    for item in _SILENT_ORDER:
        base = SILENT_UNITS[item] * factor
        if item in BEATEN:
            once_more = base // 2
            units = _doubled_each(base - once_more, silent_levels, once_more)
        else:
            units = _doubled_each(base, silent_levels)
        silent.append((item, units))
    return Prices(tuple(components), tuple(silent), silent_levels, kontra.individual)


def read_silent_item(name: str) -> SilentItem:
    try:
        return SilentItem(fold_word(str(name)))
    except ValueError:
        raise SettlementError(
            L_("unknown silent item {name}; known: {known}", name=excerpt(name), known=", ".join(SilentItem))
        ) from None


def why_impossible(bid: Bid, item: SilentItem) -> Optional[Message]:
    """Why ``item`` cannot happen in ``bid`` (R25-R27), or None when it can."""
    if item in SILENT_100:
        return None if bid.plays_party else L_("a silent 100 needs a bid that plays the party (R22, R25)")
    if not bid.has_trump:
        return L_("it needs a trump game (R26, R27)")
    if item == SilentItem.DURCHMARS:
        return L_("the bid has durchmars (R27)") if DURCHMARS in bid.components else None
    return L_("the bid has ulti (R26)") if bid.has_ulti else None


def possible_silent_items(bid: Bid) -> List[SilentItem]:
    """The silent items (R25-R27) that can happen in ``bid``, in settlement order: what a value
    counts beside the bid's own components (R33)."""
    return [item for item in SilentItem if why_impossible(bid, item) is None]
