"""What a finished Ulti game pays (R30, R31, R33, R39): the items it made, added up.

Each defender settles with the declarer on his own: defender d pays S_d
units, the sum, component by component, of each component's won value or
minus its lost value, plus the silent items (R31, R33); without kontras,
or with joint ones, both pay the same S (R30).  What each item is worth
(R32, R33, the colour, the kontras of R38) is :mod:`ulti_solver.payments`;
its names are importable from here too, where the callers have always
found them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, List, Optional, Tuple, Union

from . import checks
from .bids import DURCHMARS, PARTY, Bid, bid_words, fold_word, trumps_to_solve
from .cards import SUIT_NAMES, Suit
from .coerce import as_bid, as_rules, as_trump
from .errors import excerpt
from .i18n import L_
from .kontra import NO_KONTRA, Kontra, half, kontra_for
from .payments import (
    BEATEN,
    EXCLUSIVE,
    SEVEN_ITEMS,
    SILENT_100,
    SILENT_UNITS,
    VALUE_TABLE,
    VALUES,
    Price,
    Prices,
    SettlementError,
    colour_factor,
    component_case,
    component_units,
    not_a_component,
    possible_silent_items,
    prices,
    read_silent_item,
    silent_units,
    why_impossible,
)
from .position import Outcome
from .scoring import Scoring, SilentItem
from .variants import DEFAULT_RULES, Rules, parse_table

if TYPE_CHECKING:
    from .accepted import BidLike, KontraLike, RulesLike, TrumpLike

#: What callers import from here though it lives in :mod:`ulti_solver.payments`.
__all__ = [
    "BEATEN",
    "SILENT_UNITS",
    "VALUE_TABLE",
    "VALUES",
    "Item",
    "Price",
    "Prices",
    "Settlement",
    "SettlementError",
    "SilentItem",
    "colour_factor",
    "component_case",
    "component_units",
    "concede",
    "concede_total",
    "game_settlement",
    "game_total",
    "game_value",
    "made_components",
    "parse_names",
    "possible_silent_items",
    "price_items",
    "prices",
    "settle",
    "silent_items",
    "silent_units",
]


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

    def as_json(self, *, kontra: bool = False) -> dict:
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

    def __str__(self) -> str:
        """The table ``ulti settle`` prints: the items, who pays whom, the legend."""
        from .render.settle import settle_table  # the command's own table: one piece of code prints both

        return "\n".join(settle_table(self))

    def as_json(self) -> dict:
        """The ``ulti settle --json`` object (INTERFACE.md, "Values" and "Kontra and concession")."""
        kontra = bool(self.kontra) or self.conceded
        data = {
            "bid": str(self.bid),
            "trump": None if self.trump is None else SUIT_NAMES[self.trump],
            "table": self.table,
            "per_defender": self.per_defender,
            "declarer_total": self.declarer_total,
            "by_defender": list(self.by_defender),  # INTERFACE.md: always, with or without kontras
        }
        if kontra:
            data["kontra"] = self.kontra.as_json()
        if self.conceded:
            data["conceded"] = True
        data["items"] = [item.as_json(kontra=kontra) for item in self.items]
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


def _check_silent(bid: Bid, names: Iterable[str], made: frozenset) -> frozenset:
    items = frozenset(read_silent_item(name) for name in names)
    for item in (i for i in SilentItem if i in items):
        reason = why_impossible(bid, item)
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


def _kontra(bid: Bid, *, kontra, rules: Rules) -> Kontra:
    if kontra is None:
        return NO_KONTRA
    return kontra_for(kontra, bid, rules=rules)


def settle(
    bid: BidLike,
    trump: TrumpLike,
    made: Union[str, Iterable[str]],
    silent: Union[str, Iterable[str], None] = (),
    table: Optional[str] = None,
    *,
    kontra: KontraLike = None,
    rules: RulesLike = DEFAULT_RULES,
) -> Settlement:
    """R31: each component won (in ``made``) or lost (every other one), plus the
    silent items (None: none); a silent 100 replaces the party's payment (R33); kontras
    (a :class:`~ulti_solver.kontra.Kontra`, or text such as ``"ulti=2"``) multiply (R38).
    ``table`` None is the rulebook's (R32)."""
    bid, trump, rules = as_bid(bid), as_trump(trump), as_rules(rules)
    table = parse_table(table or rules.value_table)
    bid, trump = _resolve_trump(bid, trump)
    made = parse_names(made) if isinstance(made, str) else checks.names("made", made)  # words, as --made gives them
    if silent is None:  # None is "the default", as for table: no silent item happened
        silent = ()
    silent = parse_names(silent) if isinstance(silent, str) else checks.names("silent", silent)
    made_set = frozenset(fold_word(str(name)) for name in made)
    strangers = sorted(made_set - bid.components)
    if strangers:
        raise not_a_component(bid, strangers[0])
    silent_set = _check_silent(bid, silent, made_set)
    levels = _kontra(bid, kontra=kontra, rules=rules)
    items = price_items(prices(bid, trump, table, rules.suit_values, kontra=levels), made_set, silent_set)
    return Settlement(bid, trump, table, tuple(items), levels)


def concede(
    bid: BidLike,
    trump: TrumpLike,
    table: Optional[str] = None,
    *,
    kontra: KontraLike = None,
    rules: RulesLike = DEFAULT_RULES,
) -> Settlement:
    """R39: the declarer gives the game up: he pays each defender, for every component,
    its won value times 2^(L+1), without silent items or the ulti's "once more"."""
    bid, trump, rules = as_bid(bid), as_trump(trump), as_rules(rules)
    table = parse_table(table or rules.value_table)
    bid, trump = _resolve_trump(bid, trump)
    levels = _kontra(bid, kontra=kontra, rules=rules)
    priced = prices(bid, trump, table, rules.suit_values, kontra=levels)
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
    items = price_items(prices(bid, trump, table, scoring.rules.suit_values, kontra=scoring.kontra), made, silent)
    return Settlement(bid, trump, table, tuple(items), scoring.kontra)


def game_total(scoring: Scoring, outcome: Outcome, table: Optional[str] = None) -> int:
    """S_1 + S_2 of a finished game: the declarer's total (R30, R39)."""
    return game_settlement(scoring, outcome, table).declarer_total


def game_value(scoring: Scoring, outcome: Outcome, table: Optional[str] = None) -> Union[int, float]:
    """S of a finished game (R30), per defender: half the declarer's total."""
    return half(game_total(scoring, outcome, table))


def concede_total(scoring: Scoring, table: Optional[str] = None) -> int:
    """What conceding gives the declarer in all (negative, R39); it reads no card of the deal."""
    table = table or scoring.rules.value_table
    return _concede_total(scoring.bid, scoring.trump, table, kontra=scoring.kontra, rules=scoring.rules)


@functools.lru_cache(maxsize=4096)
def _concede_total(bid: Bid, trump: Optional[Suit], table: str, *, kontra: Kontra, rules: Rules) -> int:
    return concede(bid, trump, table, kontra=kontra, rules=rules).declarer_total
