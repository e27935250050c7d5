"""What a finished Ulti game pays (R30-R33, R38, R39).

Each defender settles with the declarer on his own: defender d pays S_d
units, the sum, component by component, of each component's won value or
minus its lost value, plus the silent items (R31, R33); without kontras,
or with joint ones, both pay the same S (R30).  A kontra'd component pays
2^L times (R38), and the declarer may concede instead of playing (R39).
The values are data (:data:`VALUE_TABLE`, :data:`SILENT_UNITS`), read the
way RULES.md prints them, so a reader can check them against R32 row by
row; the code only picks the row and applies the colour (red doubles;
or the ``suit-values`` multipliers) and the kontras.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Iterable, List, NamedTuple, Optional, Tuple

from . import checks
from .bids import BETLI, DURCHMARS, FOUR_ACES, PARTY, ULTI, Bid, bid_words, fold_word, trumps_to_solve
from .cards import ACORNS, BELLS, HEARTS, LEAVES, SUIT_NAMES, Suit
from .coerce import as_bid, as_rules, as_trump
from .errors import UltiInputError, excerpt
from .i18n import L_
from .kontra import NO_KONTRA, Kontra, half, kontra_for
from .position import Outcome
from .scoring import Scoring, SilentItem
from .variants import CLASSIC, DEFAULT_RULES, VALUE_TABLES, Rules, parse_table


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


def _not_a_component(bid: Bid, name: str) -> SettlementError:
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
        raise _not_a_component(bid, component)
    table = parse_table(table)
    case = component_case(bid, component)
    factor = colour_factor(bid, trump, table, case, suit_values)
    won, lost = VALUES[table][case]
    return won * factor, lost * factor


def silent_units(bid: Bid, item: str, trump: Optional[Suit] = None, suit_values: bool = False) -> int:
    """Units per defender of a silent item (R33), its colour applied, no kontra."""
    return SILENT_UNITS[_silent_item(item)] * colour_factor(bid, trump, CLASSIC, None, suit_values)


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


def _doubled(units: int, level: int) -> int:
    return units << level


@functools.lru_cache(maxsize=4096)
def prices(
    bid: Bid, trump: Optional[Suit], table: str, suit_values: bool = False, kontra: Kontra = NO_KONTRA
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
            lost_each = tuple(_doubled(won, lv) + once_more for lv in level)
        else:
            lost_each = tuple(_doubled(lost, lv) for lv in level)
        components.append(
            Price(
                str(component),
                tuple(_doubled(won, lv) for lv in level),
                lost_each,
                tuple(_doubled(won, lv + 1) for lv in level),
                level,
            )
        )
    if bid.plays_party:
        silent_levels = tuple(kontra.level(PARTY, seat) for seat in (1, 2))
    else:
        silent_levels = (kontra.highest(1), kontra.highest(2))
    factor = colour_factor(bid, trump, table, None, suit_values)
    silent = []
    for item in _SILENT_ORDER:
        base = SILENT_UNITS[item] * factor
        if item in BEATEN:
            once_more = base // 2
            units = tuple(_doubled(base - once_more, lv) + once_more for lv in silent_levels)
        else:
            units = tuple(_doubled(base, lv) for lv in silent_levels)
        silent.append((item, units))
    return Prices(tuple(components), tuple(silent), silent_levels, kontra.individual)


# -- R30/R31: the settlement -----------------------------------------------


@dataclass(frozen=True)
class Item:
    """One line of a settlement.  ``made`` is False for a lost (or conceded) component and for
    a beaten silent ulti (paid as a lost ulti, R33); ``by_defender`` is what each defender pays
    the declarer for it (seat 1, seat 2), ``level`` each one's kontra level (R36-R38)."""

    name: str
    made: bool
    by_defender: Tuple[int, int]
    level: Tuple[int, int] = (0, 0)
    individual: bool = False

    def __post_init__(self):
        if isinstance(self.by_defender, int):  # the same from both defenders, written once
            object.__setattr__(self, "by_defender", (self.by_defender, self.by_defender))

    @property
    def units(self):
        """Per defender: half of what the item brings the declarer in all (R30)."""
        return half(sum(self.by_defender))

    def as_json(self, kontra: bool = False) -> dict:
        """The item of ``ulti settle --json``; with kontras, its level and, where they differ,
        what each defender pays for it."""
        data = {"name": self.name, "made": self.made, "units": self.units}
        if kontra:
            data["level"] = list(self.level) if self.individual else self.level[0]
            if self.by_defender[0] != self.by_defender[1]:
                data["by_defender"] = list(self.by_defender)
        return data


@dataclass(frozen=True)
class Settlement:
    """What a finished (or conceded) game pays: the bid's components in print order, then the silent items."""

    bid: Bid
    trump: Optional[Suit]
    table: str
    items: Tuple[Item, ...]
    kontra: Kontra = NO_KONTRA
    conceded: bool = False

    @property
    def by_defender(self) -> Tuple[int, int]:
        """R30, R39: S_1 and S_2, what each defender pays the declarer (negative: is paid)."""
        return (sum(i.by_defender[0] for i in self.items), sum(i.by_defender[1] for i in self.items))

    @property
    def declarer_total(self) -> int:
        """R30, R39: the declarer settles with both defenders, S_1 + S_2."""
        return sum(self.by_defender)

    @property
    def per_defender(self):
        """R30, R39: S, half the declarer's total (a half unit when individual kontras differ)."""
        return half(self.declarer_total)

    def as_json(self) -> dict:
        """The ``ulti settle --json`` object (INTERFACE.md, "Values" and "Kontra and concession")."""
        kontra = bool(self.kontra) or self.conceded
        data = {
            "bid": str(self.bid),
            "trump": None if self.trump is None else SUIT_NAMES[self.trump],
            "table": self.table,
            "per_defender": self.per_defender,
            "declarer_total": self.declarer_total,
        }
        if kontra:
            data["by_defender"] = list(self.by_defender)
            data["kontra"] = self.kontra.as_json()
        if self.conceded:
            data["conceded"] = True
        data["items"] = [item.as_json(kontra) for item in self.items]
        return data


def parse_names(text: str) -> List[str]:
    """The word list of ``--made`` / ``--silent``: commas and/or spaces, any case;
    ``-`` means none; a name said twice is an error."""
    words = [fold_word(w) for w in text.replace(",", " ").split()]
    if words == ["-"]:
        return []
    if not words:
        raise SettlementError(L_("no names given; write '-' for none"))
    if "-" in words:
        raise SettlementError(L_("'-' means none and cannot go with other names in {names}", names=excerpt(text)))
    for i, word in enumerate(words):
        if word in words[:i]:
            raise SettlementError(L_("{word!r} is named twice in {names}", word=word, names=excerpt(text)))
    return words


def _silent_item(name: str) -> SilentItem:
    try:
        return SilentItem(fold_word(str(name)))
    except ValueError:
        raise SettlementError(
            L_("unknown silent item {name}; known: {known}", name=excerpt(name), known=", ".join(SilentItem))
        ) from None


def _why_impossible(bid: Bid, item: SilentItem) -> Optional[str]:
    """Why ``item`` cannot happen in ``bid`` (R25-R27), or None when it can."""
    if item in SILENT_100:
        return None if bid.plays_party else L_("a silent 100 needs a bid that plays the party (R22, R25)")
    if not bid.has_trump:
        return L_("it needs a trump game (R26, R27)")
    if item == SilentItem.DURCHMARS:
        return L_("the bid has durchmars (R27)") if DURCHMARS in bid.components else None
    return L_("the bid has ulti (R26)") if bid.has_ulti else None


def _check_silent(bid: Bid, names: Iterable[str], made: frozenset) -> frozenset:
    items = frozenset(_silent_item(name) for name in names)
    for item in (i for i in SilentItem if i in items):
        reason = _why_impossible(bid, item)
        if reason:
            raise SettlementError(
                L_(
                    "silent {item} cannot happen in the bid {bid}: {reason}",
                    item=str(item),
                    bid=L_("'{bid}'", bid=bid_words(bid)),
                    reason=reason,
                )
            )
    for group, reason in EXCLUSIVE:
        both = [str(item) for item in SilentItem if item in group & items]
        if len(both) > 1:
            raise SettlementError(
                L_(
                    "silent {first} and {second} cannot both happen: {reason}",
                    first=", ".join(both[:-1]),
                    second=both[-1],
                    reason=reason,
                )
            )
    if SilentItem.DURCHMARS in items and PARTY in bid.components and PARTY not in made:
        raise SettlementError(
            L_(
                "a silent durchmars means the declarer took every trick, and so won the party (R14, R27): "
                "add party to --made"
            )
        )
    return items


def _resolve_trump(bid: Bid, trump: Optional[Suit]) -> Tuple[Bid, Optional[Suit]]:
    """R28/R29: a red bid plays hearts, and hearts makes a trump bid red; a trump
    bid whose suit is not given stays without one (the units do not depend on it,
    but under suit-values, which asks for it)."""
    if trump is None and not bid.red:
        return bid, None
    (pair,) = trumps_to_solve(bid, trump)  # BidError for a trump the bid cannot take
    return pair


#: The silent items in their settlement order (an Enum's own iteration is a generator).
_SILENT_ORDER = tuple(SilentItem)


def price_items(priced: Prices, made, silent) -> List[Item]:
    """R31/R33 arithmetic: an Item for every component, then each silent item.

    ``made`` and ``silent`` are sets of names, already checked; the value
    tables (:mod:`ulti_solver.pricing`) call this for every final outcome,
    so it does no checking.
    """
    rows = []
    replaced = bool(silent & SILENT_100)
    for price in priced.components:
        won = price.name in made
        units = price.won if won else (-price.lost[0], -price.lost[1])
        if price.name == PARTY and replaced:
            # R33: "a passzjátékért kapott pontokat nem írjuk"; the item stays, at 0,
            # so that the settlement still shows the party and that it was not paid.
            units = (0, 0)
        rows.append(Item(price.name, won, units, price.level, price.name in priced.individual))
    if silent:
        for item, units in priced.silent:
            if item in silent:
                rows.append(Item(str(item), item not in BEATEN, units, priced.silent_level, bool(priced.individual)))
    return rows


def _kontra(bid: Bid, kontra, rules: Rules) -> Kontra:
    if kontra is None:
        return NO_KONTRA
    return kontra_for(kontra, bid, rules=rules)


def settle(
    bid: Bid,
    trump: Optional[Suit],
    made: Iterable[str],
    silent: Iterable[str] = (),
    table: Optional[str] = None,
    *,
    kontra=None,
    rules: Rules = DEFAULT_RULES,
) -> Settlement:
    """R31: each component won (in ``made``) or lost (every other one), plus the
    silent items; a silent 100 replaces the party's payment (R33); kontras
    (a :class:`~ulti_solver.kontra.Kontra`, or text such as ``"ulti=2"``) multiply (R38).
    ``table`` None is the rulebook's (R32)."""
    bid, trump, rules = as_bid(bid), as_trump(trump), as_rules(rules)
    table = parse_table(table or rules.value_table)
    bid, trump = _resolve_trump(bid, trump)
    made = parse_names(made) if isinstance(made, str) else checks.names("made", made)  # words, as --made gives them
    silent = parse_names(silent) if isinstance(silent, str) else checks.names("silent", silent)
    made_set = frozenset(fold_word(str(name)) for name in made)
    strangers = sorted(made_set - bid.components)
    if strangers:
        raise _not_a_component(bid, strangers[0])
    silent_set = _check_silent(bid, silent, made_set)
    levels = _kontra(bid, kontra, rules)
    items = price_items(prices(bid, trump, table, rules.suit_values, levels), made_set, silent_set)
    return Settlement(bid, trump, table, tuple(items), levels)


def concede(
    bid: Bid, trump: Optional[Suit], table: Optional[str] = None, *, kontra=None, rules: Rules = DEFAULT_RULES
) -> Settlement:
    """R39: the declarer gives the game up: he pays each defender, for every component,
    its won value times 2^(L+1), without silent items or the ulti's "once more"."""
    table = parse_table(table or rules.value_table)
    bid, trump = _resolve_trump(bid, trump)
    levels = _kontra(bid, kontra, rules)
    priced = prices(bid, trump, table, rules.suit_values, levels)
    items = tuple(
        Item(p.name, False, (-p.conceded[0], -p.conceded[1]), p.level, p.name in priced.individual)
        for p in priced.components
    )
    return Settlement(bid, trump, table, items, levels, conceded=True)


# -- A played game ---------------------------------------------------------


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
        holder = scoring.seven_holder
        if holder is not None:
            items.append(SEVEN_ITEMS[holder == 0, outcome.seven_won])
    if DURCHMARS not in bid.components and outcome.declarer_tricks == 10:  # R27
        items.append(SilentItem.DURCHMARS)
    return items


def made_components(scoring: Scoring, outcome: Outcome) -> List[str]:
    """The components a finished game made; one lost before play (R17-R20) is lost (R31)."""
    return [
        c
        for c in scoring.bid.ordered_components()
        if not scoring.lost_before_play(c) and scoring.component_made(c, outcome)
    ]


def game_settlement(scoring: Scoring, outcome: Outcome, table: Optional[str] = None) -> Settlement:
    """The settlement of a finished game, under the scoring's kontras.
    ``table`` None means the rulebook's (``scoring.rules.value_table``)."""
    table = parse_table(table or scoring.rules.value_table)
    bid, trump = scoring.bid, scoring.trump
    made = frozenset(made_components(scoring, outcome))
    silent = frozenset(silent_items(scoring, outcome))
    items = price_items(prices(bid, trump, table, scoring.rules.suit_values, scoring.kontra), made, silent)
    return Settlement(bid, trump, table, tuple(items), scoring.kontra)


def game_total(scoring: Scoring, outcome: Outcome, table: Optional[str] = None) -> int:
    """S_1 + S_2 of a finished game: the declarer's total (R30, R39)."""
    return game_settlement(scoring, outcome, table).declarer_total


def game_value(scoring: Scoring, outcome: Outcome, table: Optional[str] = None):
    """S of a finished game (R30), per defender: half the declarer's total."""
    return half(game_total(scoring, outcome, table))


def concede_total(scoring: Scoring, table: Optional[str] = None) -> int:
    """What conceding gives the declarer in all (negative, R39); it reads no card of the deal."""
    table = table or scoring.rules.value_table
    return _concede_total(scoring.bid, scoring.trump, table, scoring.kontra, scoring.rules)


@functools.lru_cache(maxsize=4096)
def _concede_total(bid: Bid, trump: Optional[Suit], table: str, kontra: Kontra, rules: Rules) -> int:
    return concede(bid, trump, table, kontra=kontra, rules=rules).declarer_total
