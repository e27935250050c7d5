"""Kontras (R36, R37): how often each component of a bid was doubled, and for which defender.

Before play the defenders may double any component on its own (kontra),
the declarer redouble it (rekontra), and so on up to hirschkontra: a
component's *level* L is the number of doublings, 0-4 (R36).  In a trump
game a kontra counts for both defenders; in betli and colorless
durchmars, and for durchmars under ``kontra-durchmars-individual``, each
defender's kontra counts only for his own payment (R37).  So a
:class:`Kontra` keeps two levels per component, one per defender, and
equal ones where the kontra is joint.

On the command line a kontra is written ``COMPONENT[=LEVEL]``, or
``SEAT:COMPONENT[=LEVEL]`` for an individual one; ``all`` stands for every
component (INTERFACE.md, "Kontra and concession").  :func:`parse_kontra`
reads that text (or a mapping, from Python) into a :class:`KontraSpec`
without knowing the bid; :meth:`KontraSpec.for_bid` checks it against
a bid and its rules and gives the :class:`Kontra`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, Iterable, Mapping, NamedTuple, Optional, Tuple, Union

from .bids import BID_WORDS, COMPONENT_ORDER, COMPONENT_WORDS, DURCHMARS, Bid, bid_words, component_word, fold_word
from .errors import UltiInputError, excerpt
from .i18n import L_, _
from .variants import DEFAULT_RULES, Rules

if TYPE_CHECKING:
    from .accepted import KontraLike, KontraSpecLike

#: R36: the name of each level, 0 to 4.
LEVEL_NAMES = ("none", "kontra", "rekontra", "szubkontra", "hirschkontra")
MAX_LEVEL = len(LEVEL_NAMES) - 1
ALL = "all"
SEATS = (1, 2)


class KontraError(UltiInputError):
    """A kontra that cannot be said: a component the bid lacks, a seat where none belongs, a level out of range."""


def half(total: int):
    """Half a declarer's total, per defender (R39): an int when it is even, else a number ending in .5."""
    return total // 2 if total % 2 == 0 else total / 2


def individual(bid: Bid, component: str, *, rules: Rules = DEFAULT_RULES) -> bool:
    """R37: whether each defender kontras ``component`` of ``bid`` on his own.

    Betli and colorless durchmars (the games without trump) always; a
    durchmars with trump only under ``kontra-durchmars-individual``."""
    if not bid.has_trump:
        return True
    return component == DURCHMARS and rules.kontra_durchmars_individual


def parse_level(text: Union[int, str], lowest: int = 1) -> int:
    """A level, 1-4 (``lowest`` 0: 0-4), or its name (kontra, rekontra, szubkontra, hirschkontra),
    accents and case free."""
    word = fold_word(str(text))
    if word in LEVEL_NAMES[1:]:
        return LEVEL_NAMES.index(word)
    if word.isdigit() and len(word) <= 2 and lowest <= int(word) <= MAX_LEVEL:
        return int(word)
    raise KontraError(
        L_(
            "a kontra level is 1-4 or kontra, rekontra, szubkontra, hirschkontra (R36), not {level}",
            level=excerpt(text),
        )
    )


def _component(word: str) -> str:
    folded = fold_word(word)
    if folded == ALL:
        return ALL
    meaning = BID_WORDS.get(folded)
    components = [m for m in meaning or () if m in COMPONENT_ORDER]
    if meaning is None or len(components) != 1 or len(meaning) != 1:
        known = ", ".join([*map(str, COMPONENT_ORDER), ALL])
        raise KontraError(
            L_("{word} is not a component to kontra; components: {known}", word=excerpt(word), known=known)
        )
    return str(components[0])


def _lazy_word(component: str):
    """A component in a message, in the words of the language it is printed in."""
    return COMPONENT_WORDS.get(component, component)


def _quoted(bid: Bid):
    """A bid in a message: ``'40-100 ulti'`` in the language it is printed in."""
    return L_("'{bid}'", bid=bid_words(bid))


class Said(NamedTuple):
    """One kontra as written: a seat (None: not given), a component or ``all``, a level."""

    seat: Optional[int]
    component: str
    level: int

    def __str__(self) -> str:
        seat = "" if self.seat is None else f"{self.seat}:"
        return f"{seat}{self.component}={self.level}"


def _read_one(text: str) -> Said:
    item = text.strip()
    seat = None
    if ":" in item:
        seat_text, _colon, item = item.partition(":")
        if seat_text.strip() not in ("1", "2"):
            raise KontraError(
                L_(
                    "in {kontra} the seat before ':' is 1 or 2 (a defender, R37), not {seat}",
                    kontra=excerpt(text),
                    seat=excerpt(seat_text),
                )
            )
        seat = int(seat_text)
    name, has_level, level_text = item.partition("=")
    if not name.strip():
        raise KontraError(L_("a kontra names a component, e.g. ulti or party=2; not {kontra}", kontra=excerpt(text)))
    level = parse_level(level_text) if has_level else 1
    return Said(seat, _component(name), level)


class KontraSpec(NamedTuple):
    """Kontras as the user said them, in order (a later one for the same component and seat wins)."""

    said: Tuple[Said, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.said)

    def __str__(self) -> str:
        return ", ".join(map(str, self.said))

    def check_some_bid_has(self, bids: Iterable[Bid]) -> None:
        """For commands that kontra many bids (best, simulate): every component named is in one of them."""
        bids = list(bids)
        for said in self.said:
            if said.component != ALL and not any(said.component in bid.components for bid in bids):
                raise KontraError(
                    L_(
                        "--kontra {kontra}: none of the bids weighed has {component}",
                        kontra=str(said),
                        component=_lazy_word(said.component),
                    )
                )

    def then(self, other: KontraSpec) -> KontraSpec:
        """These kontras, then ``other``'s (which win where they say the same component and seat)."""
        return KontraSpec(self.said + other.said)

    def for_bid(self, bid: Bid, *, rules: Rules = DEFAULT_RULES, strict: bool = True) -> Kontra:
        """The levels these kontras give ``bid`` (R36, R37).

        ``strict``: a component the bid lacks is an error, and so is a seat
        where none belongs or none where one does.  Otherwise (``ulti best
        --kontra ulti`` kontras the ulti of every candidate that has one) a
        missing component is passed over, a seat on a joint kontra too, and
        a kontra without a seat on an individual component is both defenders'."""
        levels: Dict[str, list] = {}
        components = bid.ordered_components()
        for said in self.said:
            if said.component == ALL:
                targets = list(components)
                if said.seat is not None:
                    joint = [c for c in targets if not individual(bid, c, rules=rules)]
                    if joint:
                        raise KontraError(
                            L_(
                                "'{seat}:all' kontras for one defender, but {components} of {bid} is kontra'd "
                                "for both at once (R37); write 'all' without a seat",
                                seat=said.seat,
                                components=", ".join(map(str, joint)),
                                bid=_quoted(bid),
                            )
                        )
            elif said.component not in components:
                if strict:
                    raise KontraError(
                        L_(
                            "{component} is not a component of the bid {bid}; its components: {components} (R36)",
                            component=said.component,
                            bid=_quoted(bid),
                            components=", ".join(components),
                        )
                    )
                continue
            else:
                targets = [said.component]
                alone = individual(bid, said.component, rules=rules)
                if said.seat is not None and not alone:
                    if not strict:
                        continue  # a defender's own kontra, on a bid where it counts for both
                    raise KontraError(
                        L_(
                            "a kontra on the {component} of {bid} counts for both defenders (R37); "
                            "write {written} without the seat",
                            component=_lazy_word(said.component),
                            bid=_quoted(bid),
                            written=Said(None, said.component, said.level),
                        )
                    )
                if said.seat is None and alone and strict:
                    raise KontraError(
                        L_(
                            "each defender kontras the {component} of {bid} on his own (R37); "
                            "write {first} or {second}",
                            component=_lazy_word(said.component),
                            bid=_quoted(bid),
                            first=Said(1, said.component, said.level),
                            second=Said(2, said.component, said.level),
                        )
                    )
            for component in targets:
                pair = levels.setdefault(component, [0, 0])
                for seat in SEATS if said.seat is None else (said.seat,):
                    pair[seat - 1] = said.level
        found = tuple((str(c), tuple(levels[c])) for c in components if c in levels and any(levels[c]))
        return Kontra(found, tuple(str(c) for c in components if individual(bid, c, rules=rules)))


class Kontra(NamedTuple):
    """The level of each component of a bid, per defender (R36, R37): what the payment reads.

    ``levels`` holds ``(component, (level for seat 1, level for seat 2))`` for
    each component kontra'd at all, in bid order; ``individual`` names the
    components each defender kontras on his own, for printing.
    """

    levels: Tuple[Tuple[str, Tuple[int, int]], ...] = ()
    individual: Tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.levels)

    def level(self, component: str, seat: int) -> int:
        """The level of ``component`` for defender ``seat`` (1 or 2)."""
        for name, pair in self.levels:
            if name == component:
                return pair[seat - 1]
        return 0

    def highest(self, seat: int) -> int:
        """The highest level of any component for defender ``seat`` (R38's silent items)."""
        return max((pair[seat - 1] for _name, pair in self.levels), default=0)

    def as_json(self) -> dict:
        """``{"ulti": 1}`` for a joint kontra, ``{"betli": [1, 0]}`` for an individual one (INTERFACE.md)."""
        return {c: list(pair) if c in self.individual else pair[0] for c, pair in self.levels}

    def words(self) -> str:
        """In a player's words, in the language of the run: ``ulti kontra (x2), party rekontra (x4)``;
        per defender where individual."""
        parts = []
        for component, (first, second) in self.levels:
            word = component_word(component)
            if component in self.individual:
                said = [
                    _("seat {seat} {level} (x{times})").format(seat=s, level=LEVEL_NAMES[lv], times=2**lv)
                    for s, lv in zip(SEATS, (first, second))
                    if lv
                ]
                parts.append(f"{word}: " + ", ".join(said))
            else:
                parts.append(f"{word} {LEVEL_NAMES[first]} (x{2**first})")
        return "; ".join(parts) if parts else _("none")


NO_KONTRA = Kontra()
NO_SPEC = KontraSpec()


def parse_kontra(given: KontraSpecLike) -> KontraSpec:
    """Kontras as written: ``"party,ulti=2"``, several such strings (one per ``--kontra``),
    or from Python a mapping ``{"ulti": 2, "1:betli": 1}`` or ``{"betli": (1, 0)}``."""
    if given is None:
        return NO_SPEC
    if isinstance(given, KontraSpec):
        return given
    if isinstance(given, Mapping):
        said = []
        for key, value in given.items():
            if not isinstance(key, str):
                raise KontraError(L_("a kontra is named by a component, not {key}", key=excerpt(key)))
            if isinstance(value, (tuple, list)):
                if ":" in key or len(value) != 2:
                    raise KontraError(
                        L_(
                            "{key}: a pair of levels is (seat 1's, seat 2's), not {value}",
                            key=key,
                            value=excerpt(value),
                        )
                    )
                levels = [parse_level(level, lowest=0) for level in value]
                said += [_read_one(f"{seat}:{key}={lv}") for seat, lv in zip(SEATS, levels) if lv]
            else:
                said.append(_read_one(f"{key}={parse_level(value)}"))
        return KontraSpec(tuple(said))
    if isinstance(given, str):
        given = [given]
    said = []
    for text in given:
        if not isinstance(text, str):
            raise KontraError(L_("a kontra is text such as 'ulti=2', not {value}", value=excerpt(text)))
        items = [item for item in text.split(",") if item.strip()]
        if not items:
            raise KontraError(L_("--kontra is empty; say e.g. 'ulti', 'party,ulti=2' or '1:betli'"))
        said += [_read_one(item) for item in items]
    return KontraSpec(tuple(said))


def kontra_for(given: KontraLike, bid: Bid, *, rules: Rules = DEFAULT_RULES) -> Kontra:
    """The :class:`Kontra` of ``bid`` from any form :func:`parse_kontra` reads, or a Kontra itself."""
    if isinstance(given, Kontra):
        return given
    return parse_kontra(given).for_bid(bid, rules=rules)
