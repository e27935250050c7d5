"""Rule variants and the named rulebooks ("Variants and rulebooks" in RULES.md).

Their descriptions are English, marked ``N_()``: ``ulti rules`` shows them
in the language of the run, ``ulti rules --json`` as written.

Both are registries of named records, read by name: a :class:`Variant`
says which rule it changes and what it means at the table with and
without it; a :class:`Rulebook` is a named set of switches with its value
table (R32) and the seed text it follows.  :class:`Rules` is what a game
is played under: a rulebook, any extra switches, and the value table.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, NamedTuple, Optional, Tuple

from . import checks
from .errors import UltiInputError, excerpt
from .i18n import L_, N_


class Variant(NamedTuple):
    """A rule switch: its name, the rule it changes, and the rule in a player's words with and without it."""

    name: str
    rule: str
    with_it: str
    without_it: str


class Rulebook(NamedTuple):
    """A named set of variant switches and a value table (R32), after one of the seed texts."""

    name: str
    switches: Tuple[str, ...]
    table: str
    source: str
    description: str


DURCHMARS_TEN_HIGH = "durchmars-ten-high"
FREE_SEVEN = "free-seven"
TALON_TO_DECLARER = "talon-to-declarer"
MARRIAGE_NEEDS_TRICK = "marriage-needs-trick"
KONTRA_DURCHMARS_INDIVIDUAL = "kontra-durchmars-individual"
SUIT_VALUES = "suit-values"

#: Every switch by name, in the order they are listed and stored in a :class:`Rules`.
VARIANTS = {
    v.name: v
    for v in (
        Variant(
            DURCHMARS_TEN_HIGH,
            "R3",
            N_("colorless durchmars ranks the ten high, as in trump games (A T K O U 9 8 7)"),
            N_("colorless durchmars (like betli) ranks the ten between the unter and the nine"),
        ),
        Variant(
            FREE_SEVEN,
            "R12",
            N_("in an ulti bid the declarer may play the trump seven whenever the rules of play allow"),
            N_("in an ulti bid the declarer keeps the trump seven while holding another trump"),
        ),
        Variant(
            TALON_TO_DECLARER,
            "R16",
            N_("aces and tens in the talon count for the declarer, not the defenders"),
            N_("aces and tens in the talon count for the defenders"),
        ),
        Variant(
            MARRIAGE_NEEDS_TRICK,
            "R15",
            N_(
                "a player's marriages count only once his side has won a trick; "
                "a side without card points may still win the party"
            ),
            N_("marriages count without a trick, but a side with no card points never wins the party"),
        ),
        Variant(
            KONTRA_DURCHMARS_INDIVIDUAL,
            "R37",
            N_("a kontra on a durchmars counts only for the defender who said it, with trump too"),
            N_(
                "in a trump game every kontra counts for both defenders; only betli and colorless "
                "durchmars are kontra'd by each defender on his own"
            ),
        ),
        Variant(
            SUIT_VALUES,
            "R39",
            N_(
                "a bid's values are multiplied by its trump: acorns x1, leaves x2, bells x3, hearts x4 "
                "(betli and colorless durchmars x1, their red forms x4)"
            ),
            N_("a red bid doubles its values; the trump suit does not change them otherwise"),
        ),
    )
}

#: The value tables of R32, by name.
CLASSIC, TOURNAMENT = "classic", "tournament"
VALUE_TABLES = (CLASSIC, TOURNAMENT)

#: Every rulebook by name; the first is the default.
RULEBOOKS = {
    book.name: book
    for book in (
        Rulebook("ultiblog", (), CLASSIC, N_("the ultiblog rule book"), N_("no switches (the default)")),
        Rulebook(
            "tournament",
            (TALON_TO_DECLARER,),
            TOURNAMENT,
            N_("a tournament regulation"),
            N_("the talon's aces and tens are the declarer's; the tournament value table"),
        ),
        Rulebook(
            "classic",
            (MARRIAGE_NEEDS_TRICK, KONTRA_DURCHMARS_INDIVIDUAL),
            CLASSIC,
            N_("the classic rules page with the classic bid table"),
            N_("marriages count only with a trick won; a kontra on a durchmars is each defender's own"),
        ),
        Rulebook(
            "rablo",
            (DURCHMARS_TEN_HIGH,),
            CLASSIC,
            N_("a rablóulti rules page, its older rule"),
            N_("colorless durchmars ranks the ten high"),
        ),
    )
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
    def kontra_durchmars_individual(self) -> bool:
        return KONTRA_DURCHMARS_INDIVIDUAL in self.switches

    @cached_property
    def suit_values(self) -> bool:
        return SUIT_VALUES in self.switches

    @cached_property
    def rulebook(self) -> Rulebook:
        return RULEBOOKS[self.book]

    @cached_property
    def value_table(self) -> str:
        return self.table or self.rulebook.table

    def as_json(self) -> dict:
        return {"book": self.book, "variants": list(self.switches), "table": self.value_table}

    def __str__(self) -> str:
        extra = [s for s in self.switches if s not in self.rulebook.switches]
        table = f" table={self.table}" if self.table else ""
        return self.book + "".join(f" +{s}" for s in extra) + table


DEFAULT_RULES = Rules(DEFAULT_RULEBOOK, ())


def parse_table(name: str) -> str:
    """A value table name of R32 (``classic`` or ``tournament``), any case."""
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in VALUE_TABLES:
        raise VariantError(
            L_("unknown value table {name}; known: {known}", name=excerpt(name), known=", ".join(VALUE_TABLES))
        )
    return key


def parse_rulebook(name: Optional[str]) -> Rulebook:
    """A rulebook by name, any case (``None``: the default)."""
    key = DEFAULT_RULEBOOK if name is None else name.strip().lower() if isinstance(name, str) else name
    if key not in RULEBOOKS:
        raise VariantError(
            L_("unknown rulebook {name}; known: {known}", name=excerpt(name), known=", ".join(RULEBOOKS))
        )
    return RULEBOOKS[key]


def make_rules(book: Optional[str] = None, variants: Iterable[str] = (), table: Optional[str] = None) -> Rules:
    """A rulebook (default ``ultiblog``) with extra variant switches on top, and
    optionally a value table over the rulebook's own."""
    rulebook = parse_rulebook(book)
    switches = list(rulebook.switches)
    for variant in checks.names("variants", variants):
        key = variant.strip().lower() if isinstance(variant, str) else variant
        if key not in VARIANTS:
            raise VariantError(
                L_("unknown variant {name}; known: {known}", name=excerpt(variant), known=", ".join(VARIANTS))
            )
        if key not in switches:
            switches.append(key)
    ordered = tuple(v for v in VARIANTS if v in switches)
    chosen = None if table is None else parse_table(table)
    if chosen == rulebook.table:
        chosen = None  # the rulebook's own table: one Rules value for one set of rules
    return Rules(rulebook.name, ordered, chosen)
