"""Rule variants and the named rulebooks ("Variants and rulebooks" in RULES.md)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Optional, Tuple

from .errors import UltiInputError, excerpt

DURCHMARS_TEN_HIGH = "durchmars-ten-high"
FREE_SEVEN = "free-seven"
TALON_TO_DECLARER = "talon-to-declarer"
MARRIAGE_NEEDS_TRICK = "marriage-needs-trick"

#: Each switch, the rule it changes, and what it means at the table.
VARIANTS = {
    DURCHMARS_TEN_HIGH: ("R3", "colorless durchmars ranks the ten high, as in trump games (A T K O U 9 8 7)"),
    FREE_SEVEN: ("R12", "in an ulti bid the declarer may play the trump seven whenever the rules of play allow"),
    TALON_TO_DECLARER: ("R16", "aces and tens in the talon count for the declarer, not the defenders"),
    MARRIAGE_NEEDS_TRICK: (
        "R15",
        "a player's marriages count only once his side has won a trick; "
        "a side without card points may still win the party",
    ),
}

#: What each switch's rule is without it: the default, in a player's words.
VARIANT_DEFAULTS = {
    DURCHMARS_TEN_HIGH: "colorless durchmars (like betli) ranks the ten between the unter and the nine",
    FREE_SEVEN: "in an ulti bid the declarer keeps the trump seven while holding another trump",
    TALON_TO_DECLARER: "aces and tens in the talon count for the defenders",
    MARRIAGE_NEEDS_TRICK: "marriages count without a trick, but a side with no card points never wins the party",
}

#: The value tables of R32, by name.
CLASSIC, TOURNAMENT = "classic", "tournament"
VALUE_TABLES = (CLASSIC, TOURNAMENT)

#: Rulebook name -> (switches, value table, seed it follows, one-line description).
RULEBOOKS = {
    "ultiblog": ((), CLASSIC, "seed 000", "the ultiblog rule book: no switches (the default)"),
    "tournament": (
        (TALON_TO_DECLARER,),
        TOURNAMENT,
        "seed 003",
        "tournament regulation: the talon's aces and tens are the declarer's",
    ),
    "classic": ((MARRIAGE_NEEDS_TRICK,), CLASSIC, "seed 002", "classic rules: marriages count only with a trick won"),
    "rablo": ((DURCHMARS_TEN_HIGH,), CLASSIC, "seed 001", "rablóulti, older rule: colorless durchmars is ten-high"),
}
DEFAULT_RULEBOOK = "ultiblog"


class VariantError(UltiInputError):
    """An unknown variant, rulebook or value table name; the message lists the known ones."""


@dataclass(frozen=True)
class Rules:
    """The rules in force: a rulebook plus any extra switches, and the value table (R32).

    ``table`` is ``None`` for the rulebook's own table; :attr:`value_table`
    is the one in force either way.  The switches are read once per solve and
    more, so each is worked out on first use and kept (a frozen dataclass still
    has an instance dict, and its equality and hash read only the fields).
    """

    book: str = DEFAULT_RULEBOOK
    switches: Tuple[str, ...] = ()
    table: Optional[str] = None

    @cached_property
    def durchmars_ten_high(self) -> bool:
        return DURCHMARS_TEN_HIGH in self.switches

    @cached_property
    def free_seven(self) -> bool:
        return FREE_SEVEN in self.switches

    @cached_property
    def talon_to_declarer(self) -> bool:
        return TALON_TO_DECLARER in self.switches

    @cached_property
    def marriage_needs_trick(self) -> bool:
        return MARRIAGE_NEEDS_TRICK in self.switches

    @cached_property
    def value_table(self) -> str:
        return self.table or RULEBOOKS[self.book][1]

    def as_json(self) -> dict:
        return {"book": self.book, "variants": list(self.switches), "table": self.value_table}

    def __str__(self) -> str:
        extra = [s for s in self.switches if s not in RULEBOOKS[self.book][0]]
        table = f" table={self.table}" if self.table else ""
        return self.book + "".join(f" +{s}" for s in extra) + table


DEFAULT_RULES = Rules(DEFAULT_RULEBOOK, ())


def parse_table(name: str) -> str:
    """A value table name of R32 (``classic`` or ``tournament``), any case."""
    key = name.strip().lower()
    if key not in VALUE_TABLES:
        raise VariantError(f"unknown value table {excerpt(name)}; known: {', '.join(VALUE_TABLES)}")
    return key


def make_rules(book: Optional[str] = None, variants: Iterable[str] = (), table: Optional[str] = None) -> Rules:
    """A rulebook (default ``ultiblog``) with extra variant switches on top, and
    optionally a value table over the rulebook's own."""
    name = (book or DEFAULT_RULEBOOK).strip().lower()
    if name not in RULEBOOKS:
        raise VariantError(f"unknown rulebook {excerpt(book)}; known: {', '.join(RULEBOOKS)}")
    switches = list(RULEBOOKS[name][0])
    for variant in variants:
        key = variant.strip().lower()
        if key not in VARIANTS:
            raise VariantError(f"unknown variant {excerpt(variant)}; known: {', '.join(VARIANTS)}")
        if key not in switches:
            switches.append(key)
    ordered = tuple(v for v in VARIANTS if v in switches)
    chosen = None if table is None else parse_table(table)
    if chosen == RULEBOOKS[name][1]:
        chosen = None  # the rulebook's own table: one Rules value for one set of rules
    return Rules(name, ordered, chosen)
