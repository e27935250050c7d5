"""Kontras in their moment (R48): who may double what, and when, in a whole game.

R36-R39 price a game from each component's final level; R48 says how
the levels come about at the table.  A defender says his kontras (level
1) on his turn in the first trick, before his card: R5 seat 1 with one
card played, R5 seat 2 with two.  At the start of the second trick
(three cards played), before its first card, the raises come in play
order from the declarer: his rekontras (2), then each defender's
szubkontras (3), then his hirschkontras (4).  Only a kontra'd component
is raised, one level at a time, each level by its own side.  A joint
kontra (R37) is said once, by either defender, for both; an individual
one by each defender for himself, and the declarer's answer names the
defender it answers (``against``).

Seats here are table seats (R45); :meth:`KontraCalls.levels` turns what
was said into the :class:`~ulti_solver.kontra.Kontra` that R38 prices,
in R5's defender seats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Iterator, List, Optional, Tuple

from ..bids import Bid, component_word
from ..errors import excerpt
from ..i18n import L_, Joined
from ..kontra import LEVEL_NAMES, MAX_LEVEL, Kontra, individual
from ..variants import DEFAULT_RULES, Rules
from .breach import GameRuleError

#: R48: the number of cards played when a level may be said: the first trick's
#: kontras before R5 seat 1's or seat 2's card, every raise before the second trick's first.
RAISES_BEFORE = 3


@dataclass(frozen=True)
class KontraCall:
    """One kontra said (R48): by a table seat, on a component, at a level, with ``before``
    cards played; ``against`` is the defender (a table seat) that the declarer's answer to an
    individual kontra answers (R37), else None."""

    seat: int
    component: str
    level: int
    before: int
    against: Optional[int] = None

    def as_json(self) -> dict:
        """The record's form (INTERFACE.md, "Whole games")."""
        entry: dict = {"seat": self.seat, "component": self.component, "level": self.level, "before": self.before}
        if self.against is not None:
            entry["against"] = self.against
        return entry

    def said(self):
        """In the words of the run, for messages and tables: ``2: ulti kontra``."""
        level = LEVEL_NAMES[self.level] if 0 < self.level <= MAX_LEVEL else str(self.level)
        words: List[object] = [f"{self.seat}:", component_word(self.component), level]
        if self.against is not None:
            words.append(L_("against seat {seat}", seat=self.against))
        return Joined(words, " ")

    @classmethod
    def from_json(cls, entry: object, index: int = 0) -> KontraCall:
        """Read a record's kontra entry; a malformed one is a :class:`GameRuleError` (R48)."""

        def broken(why):
            return GameRuleError(
                L_("kontra {index} {entry}: {why} (R48)", index=index, entry=excerpt(entry), why=why),
                part="kontra",
                index=index,
                rule="R48",
            )

        if not isinstance(entry, dict):
            raise broken(L_("a kontra is an object with seat, component, level and before"))
        fields = {}
        for name in ("seat", "component", "level", "before"):
            if name not in entry:
                raise broken(L_("it has no {name}", name=name))
            fields[name] = entry[name]
        against = entry.get("against")
        if not _seat(fields["seat"]) or (against is not None and not _seat(against)):
            raise broken(L_("a seat is a table seat, 0, 1 or 2"))
        if not isinstance(fields["component"], str):
            raise broken(L_("the component is a word such as ulti or party"))
        level = fields["level"]
        if isinstance(level, str):
            level = LEVEL_NAMES.index(level) if level in LEVEL_NAMES else level
        if not isinstance(level, int) or isinstance(level, bool):
            raise broken(L_("the level is 1-4 or kontra, rekontra, szubkontra, hirschkontra"))
        before = fields["before"]
        if not isinstance(before, int) or isinstance(before, bool) or not 0 <= before <= 30:
            raise broken(L_("before is the number of cards played when it was said, 0-30"))
        return cls(fields["seat"], fields["component"], level, before, against)


def _seat(value: object) -> bool:
    return value in (0, 1, 2) and not isinstance(value, bool)


class KontraCalls:
    """The kontras said in one game, checked as they are said (R36-R38, R48).

    ``declarer`` is a table seat; the defenders are R5 seats 1 and 2, the
    table seats after him.  :meth:`say` raises :class:`GameRuleError` and
    changes nothing when R48 does not allow the call at this moment.
    """

    def __init__(self, bid: Bid, declarer: int, *, rules: Rules = DEFAULT_RULES):
        self.bid, self.declarer, self.rules = bid, declarer, rules
        self.components: Tuple[str, ...] = tuple(str(c) for c in bid.ordered_components())
        #: component -> [level for R5 seat 1, level for R5 seat 2]; equal where joint.
        self._levels: Dict[str, List[int]] = {c: [0, 0] for c in self.components}
        self.calls: List[KontraCall] = []

    def copy(self) -> KontraCalls:
        other = KontraCalls(self.bid, self.declarer, rules=self.rules)
        other._levels = {c: list(pair) for c, pair in self._levels.items()}
        other.calls = list(self.calls)
        return other

    def r5_seat(self, table_seat: int) -> int:
        return (table_seat - self.declarer) % 3

    def table_seat(self, r5_seat: int) -> int:
        return (self.declarer + r5_seat) % 3

    def individual(self, component: str) -> bool:
        """R37: whether each defender kontras ``component`` for himself."""
        return individual(self.bid, component, rules=self.rules)

    def level(self, component: str, defender: int) -> int:
        """The level of ``component`` for a defender, given as a table seat."""
        return self._levels[component][self.r5_seat(defender) - 1]

    def levels(self) -> Kontra:
        """What R38 prices: each component's final level per R5 defender seat."""
        found = tuple((c, (pair[0], pair[1])) for c, pair in self._levels.items() if any(pair))
        return Kontra(found, tuple(c for c in self.components if self.individual(c)))

    # -- what may be said ----------------------------------------------------------------------

    def may_speak(self, seat: int, before: int) -> bool:
        """R48: whether ``seat`` has a moment to speak with ``before`` cards played."""
        r5 = self.r5_seat(seat)
        return before == RAISES_BEFORE or (r5 != 0 and before == r5)

    def legal_calls(self, seat: int, before: int) -> Iterator[KontraCall]:
        """Every call :meth:`say` accepts now from ``seat`` (R48), in bid order."""
        for component in self.components:
            for level in range(1, MAX_LEVEL + 1):
                for against in self._answers(seat, component):
                    call = KontraCall(seat, component, level, before, against)
                    if self._problem(call) is None:
                        yield call

    def _answers(self, seat: int, component: str) -> Tuple[Optional[int], ...]:
        if seat == self.declarer and self.individual(component):
            return (self.table_seat(1), self.table_seat(2))
        return (None,)

    def check(self, call: KontraCall) -> None:
        """Raise :class:`GameRuleError` unless R36-R38 and R48 allow ``call`` now."""
        problem = self._problem(call)
        if problem is not None:
            why, rule = problem
            raise GameRuleError(
                L_(
                    "kontra {index} ({call}, {before} cards played): {why} ({rule})",
                    index=len(self.calls),
                    call=call.said(),
                    before=call.before,
                    why=why,
                    rule=rule,
                ),
                part="kontra",
                index=len(self.calls),
                rule=rule,
            )

    def say(self, call: KontraCall) -> None:
        """Record ``call`` (R48), or raise :class:`GameRuleError` and change nothing."""
        self.check(call)
        pair = self._levels[call.component]
        if not self.individual(call.component):
            pair[0] = pair[1] = call.level
        else:
            defender = call.seat if call.seat != self.declarer else call.against
            assert defender is not None  # _problem: the declarer's answer names its defender
            pair[self.r5_seat(defender) - 1] = call.level
        self.calls.append(call)

    def _problem(self, call: KontraCall):
        """(why, rule) when ``call`` may not be said now, else None."""
        if call.component not in self.components:
            return L_("the bid {bid} has no {component}", bid=str(self.bid), component=excerpt(call.component)), "R36"
        if not 1 <= call.level <= MAX_LEVEL:
            return L_("a level is 1 (kontra) to 4 (hirschkontra)"), "R36"
        declarer_speaks = call.seat == self.declarer
        if declarer_speaks != (call.level % 2 == 0):
            side = L_("the declarer") if call.level % 2 == 0 else L_("a defender")
            return L_("{level} is said by {side}", level=LEVEL_NAMES[call.level], side=side), "R48"
        timing = self._timing(call)
        if timing is not None:
            return timing, "R48"
        alone = self.individual(call.component)
        if declarer_speaks and alone and call.against not in (self.table_seat(1), self.table_seat(2)):
            return L_("each defender kontras it for himself: the declarer's answer names the defender"), "R37"
        if not (declarer_speaks and alone) and call.against is not None:
            return L_("only the declarer's answer to one defender's own kontra names a defender"), "R37"
        defender = call.against if declarer_speaks and alone else call.seat if alone else self.table_seat(1)
        assert defender is not None
        now = self.level(call.component, defender)
        if now != call.level - 1:
            if now >= call.level:
                return L_("it stands at {level} already", level=LEVEL_NAMES[now]), "R48"
            return L_(
                "only a component kontra'd is raised, one level at a time; it stands at {level}", level=LEVEL_NAMES[now]
            ), "R48"
        return None

    def _timing(self, call: KontraCall):
        """R48's moments: kontras in the first trick on the defender's turn, raises before the second."""
        if self.calls and call.before < self.calls[-1].before:
            return L_(
                "kontras are listed in the order said: this one comes after one said with {n} cards played",
                n=self.calls[-1].before,
            )
        r5 = self.r5_seat(call.seat)
        if call.level == 1:
            if call.before != r5:
                return L_(
                    "a defender says his kontras on his turn in the first trick, before his card "
                    "(R5 seat {seat}: with {n} played)",
                    seat=r5,
                    n=r5,
                )
            return None
        if call.before != RAISES_BEFORE:
            return L_("a raise is said at the start of the second trick, before its first card (3 played)")
        if self.calls and self.calls[-1].before == RAISES_BEFORE and self._order(self.calls[-1]) > self._order(call):
            return L_(
                "at the start of the second trick they speak in play order from the declarer: "
                "his rekontras, the defenders' szubkontras, his hirschkontras"
            )
        return None

    def _order(self, call: KontraCall) -> Tuple[int, int]:
        """The place of a raise at the start of the second trick: the round (hirschkontras come
        after the szubkontras), then the seat counted from the declarer."""
        return (1 if call.level == MAX_LEVEL else 0, self.r5_seat(call.seat))
