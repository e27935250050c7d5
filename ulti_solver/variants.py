"""Rule variants and the named rulebooks ("Variants and rulebooks" in RULES.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional, Tuple

DURCHMARS_TEN_HIGH = "durchmars-ten-high"
FREE_SEVEN = "free-seven"
TALON_TO_DECLARER = "talon-to-declarer"
MARRIAGE_NEEDS_TRICK = "marriage-needs-trick"

#: Each switch, the rule it changes, and what it means at the table.
VARIANTS = {
    DURCHMARS_TEN_HIGH: ("R3", "colorless durchmars ranks the ten high, as in trump games (A T K O U 9 8 7)"),
    FREE_SEVEN: ("R12", "in an ulti bid the declarer may play the trump seven whenever the rules of play allow"),
    TALON_TO_DECLARER: ("R16", "aces and tens in the talon count for the declarer, not the defenders"),
    MARRIAGE_NEEDS_TRICK: ("R15", "a player's marriages count only once his side has won a trick; "
                                  "a side without card points may still win the party"),
}

#: Rulebook name -> (switches, value table, seed it follows, one-line description).
RULEBOOKS = {
    "ultiblog": ((), "tournament", "seed 000", "the ultiblog rule book: no switches (the default)"),
    "tournament": ((TALON_TO_DECLARER,), "tournament", "seed 003", "tournament regulation: the talon's aces and tens are the declarer's"),
    "classic": ((MARRIAGE_NEEDS_TRICK,), "classic", "seed 002", "classic rules: marriages count only with a trick won"),
    "rablo": ((DURCHMARS_TEN_HIGH,), "tournament", "seed 001", "rablóulti, older rule: colorless durchmars is ten-high"),
}
DEFAULT_RULEBOOK = "ultiblog"


class VariantError(ValueError):
    """An unknown variant or rulebook name; the message lists the known ones."""


@dataclass(frozen=True)
class Rules:
    """The rules in force: a rulebook plus any extra switches."""

    book: str = DEFAULT_RULEBOOK
    switches: Tuple[str, ...] = ()

    @property
    def durchmars_ten_high(self) -> bool:
        return DURCHMARS_TEN_HIGH in self.switches

    @property
    def free_seven(self) -> bool:
        return FREE_SEVEN in self.switches

    @property
    def talon_to_declarer(self) -> bool:
        return TALON_TO_DECLARER in self.switches

    @property
    def marriage_needs_trick(self) -> bool:
        return MARRIAGE_NEEDS_TRICK in self.switches

    @property
    def value_table(self) -> str:
        return RULEBOOKS[self.book][1]

    def as_json(self) -> dict:
        return {"book": self.book, "variants": list(self.switches)}

    def __str__(self) -> str:
        extra = [s for s in self.switches if s not in RULEBOOKS[self.book][0]]
        return self.book + "".join(f" +{s}" for s in extra)


DEFAULT_RULES = Rules(DEFAULT_RULEBOOK, ())


def make_rules(book: Optional[str] = None, variants: Iterable[str] = ()) -> Rules:
    """A rulebook (default ``ultiblog``) with extra variant switches on top."""
    name = (book or DEFAULT_RULEBOOK).strip().lower()
    if name not in RULEBOOKS:
        raise VariantError(f"unknown rulebook {book!r}; known: {', '.join(RULEBOOKS)}")
    switches = list(RULEBOOKS[name][0])
    for variant in variants:
        key = variant.strip().lower()
        if key not in VARIANTS:
            raise VariantError(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
        if key not in switches:
            switches.append(key)
    ordered = tuple(v for v in VARIANTS if v in switches)
    return Rules(name, ordered)
