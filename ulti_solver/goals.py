"""Turns the components and silent items (R14-R27) into goal questions the Cython core can answer.

The goal search asks: can the declarer force a set of goal flags and at
least ``need`` more points, in units of ten, over the rest of the game?
Conditions on the declarer's points (party, 40-100, 20-100, silent 100)
become a ``need`` found by evaluating the predicate of
:mod:`ulti_solver.scoring` on every outcome the rest of the game can still
produce, so the rules stay written down in one place.  Trick and card
goals (ulti, four aces, durchmars, betli, the silent ulti) become flags.
(The value search reads its prices from :mod:`ulti_solver.pricing`.)

The flags are the core's own (``_core.Goal``), defined once in
``cext/types.pxi``; this module is only imported where the core is built.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Iterable

from ._core import Goal as Flag
from .bids import BETLI, DURCHMARS, FORTY_100, FOUR_ACES, PARTY, TWENTY_100, ULTI
from .cards import BB_ACES, BB_POINT_CARDS
from .position import Outcome, Position
from .scoring import Scoring, SilentItem

G_ULTI = int(Flag.ULTI)
G_ACES = int(Flag.ACES)
G_ALL_TRICKS = int(Flag.ALL_TRICKS)
G_NO_TRICKS = int(Flag.NO_TRICKS)
G_SEVEN_NOT_LAST = int(Flag.SEVEN_NOT_LAST)
G_SEVEN_BEATEN = int(Flag.SEVEN_BEATEN)
G_ONE_TRICK = int(Flag.ONE_TRICK)


@dataclass(frozen=True)
class Goal:
    """``flags`` and ``need`` for the core; ``possible`` False when lost before the search."""

    flags: int = 0
    need: int = 0
    possible: bool = True

    @cached_property  # asked once per solve, of goals that are mostly made once and shared
    def certain(self) -> bool:
        return self.possible and self.flags == 0 and self.need <= 0

    def __and__(self, other: Goal) -> Goal:
        """R24: both at once."""
        if not (self.possible and other.possible):
            return IMPOSSIBLE
        return Goal(self.flags | other.flags, max(self.need, other.need))


IMPOSSIBLE = Goal(possible=False)
CERTAIN = Goal()
# The one-flag goals, made once: a frozen dataclass costs a microsecond to build.
_ULTI_GOAL = Goal(G_ULTI)
_ACES_GOAL = Goal(G_ACES)
_ALL_TRICKS_GOAL = Goal(G_ALL_TRICKS)
_NO_TRICKS_GOAL = Goal(G_NO_TRICKS)


def cards_out(position: Position) -> int:
    """The cards not yet in a finished trick: the hands and the trick in progress."""
    out = position.hands[0] | position.hands[1] | position.hands[2]
    for card in position.trick:
        out |= 1 << card
    return out


def units_left(position: Position) -> int:
    """Units of ten still to be won: the aces and tens out, and the last trick (R4).

    No card out at all is a finished game, with not even the last trick to win."""
    out = cards_out(position)
    return (out & BB_POINT_CARDS).bit_count() + 1 if out else 0


def _futures(position: Position):
    """Every (future units k, declarer takes a trick, defenders take a trick) still possible."""
    top = units_left(position)
    for k in range(top + 1):
        for declarer_trick, defender_trick in itertools.product((False, True), repeat=2):
            if k > 0 and not declarer_trick:
                continue  # points come only with tricks
            if k < top and not defender_trick:
                continue  # whoever leaves points out has let a trick go
            if not declarer_trick and not defender_trick:
                continue
            yield k, declarer_trick, defender_trick


_POINTS_GOALS: dict = {}


def points_goal(predicate: Callable[[Outcome], bool], position: Position, signature=None) -> Goal:
    """The core goal equal to ``predicate``, a condition on the declarer's points and
    on which sides took a trick (R14, R15 variant, R17, R18, R25).

    The need is the fewest points among the outcomes that satisfy
    ``predicate``; then ``need`` alone, with the one-trick flag or with the
    all-tricks flag, whichever first agrees with ``predicate`` on every
    outcome the rest of the game can produce.

    ``signature``, when given, stands for ``predicate`` (equal signatures,
    equal predicates): the answer is then remembered, because the same few
    scoring situations come back deal after deal.
    """
    so_far = position.so_far
    if signature is not None:
        key = (
            signature,
            so_far.declarer_points,
            so_far.declarer_tricks > 0,
            so_far.defender_tricks > 0,
            units_left(position),
        )
        found = _POINTS_GOALS.get(key)
        if found is None:
            if len(_POINTS_GOALS) > 100_000:
                _POINTS_GOALS.clear()
            found = _POINTS_GOALS[key] = points_goal(predicate, position)
        return found

    def holds(k, declarer_trick, defender_trick):
        return predicate(
            Outcome(
                declarer_points=so_far.declarer_points + 10 * k,
                declarer_tricks=so_far.declarer_tricks + declarer_trick,
                defender_tricks=so_far.defender_tricks + defender_trick,
            )
        )

    futures = list(_futures(position))
    wanted = {f for f in futures if holds(*f)}
    if not wanted:
        return IMPOSSIBLE
    if len(wanted) == len(futures):
        return CERTAIN
    need = min(k for k, _, _ in wanted)
    for flags in (0, G_ONE_TRICK, G_ALL_TRICKS):
        given = {
            (k, dt, ft)
            for k, dt, ft in futures
            if k >= need and (dt or not flags & G_ONE_TRICK) and (not ft or not flags & G_ALL_TRICKS)
        }
        if given == wanted:
            return Goal(flags, need)
    raise ValueError("a points condition the core cannot express")  # never for R14-R25


def component_goal(component: str, scoring: Scoring, position: Position) -> Goal:
    """R14-R23 for one component."""
    so_far = position.so_far
    if component == DURCHMARS:  # R21
        return IMPOSSIBLE if so_far.defender_tricks else _ALL_TRICKS_GOAL
    if component == BETLI:  # R23
        return IMPOSSIBLE if so_far.declarer_tricks else _NO_TRICKS_GOAL
    if component in (PARTY, FORTY_100, TWENTY_100):
        return points_goal(
            lambda o: scoring.component_made(component, o), position, scoring.component_signature(component)
        )
    out = cards_out(position)
    if component == ULTI:  # R19
        seven = scoring.seven  # None only without trump, where no ulti is bid (R28)
        if seven is None or scoring.lost_before_play(ULTI):
            return IMPOSSIBLE  # not dealt the trump seven
        if (out >> seven) & 1:
            return _ULTI_GOAL  # still held, or played into the trick in progress
        return IMPOSSIBLE  # spent in an earlier trick
    if component == FOUR_ACES:  # R20
        fallen = BB_ACES & ~out
        if fallen & ~so_far.declarer_aces:
            return IMPOSSIBLE  # in the talon or in a defenders' trick
        return _ACES_GOAL if BB_ACES & out else CERTAIN
    raise ValueError(f"unknown component {component!r}")


def bid_goal(goals: Iterable[Goal]) -> Goal:
    """R24: the goals of every component of the bid at once."""
    joint = CERTAIN
    for goal in goals:
        joint = joint & goal
    return joint


def negate(predicate):
    return lambda outcome: not predicate(outcome)


def silent_goal(name: str, predicate, by_defenders: bool, scoring: Scoring, position: Position):
    """R25-R27 as ``(goal, flip)``: the answer is ``can_force(goal) != flip``.

    A question for the defenders is asked the other way round: they can
    force it exactly when the declarer cannot force its negation (a finite
    game of perfect information is determined).
    """
    if name in (SilentItem.ULTI, SilentItem.DEFENDER_ULTI, SilentItem.DEFENDER_ULTI_BEATEN):  # R26
        seven = scoring.seven  # None only without trump, where no silent ulti is asked (R26)
        if seven is None or not (cards_out(position) >> seven) & 1:  # in a finished trick: decided
            return (CERTAIN if predicate(position.so_far) else IMPOSSIBLE), False
        if name == SilentItem.DEFENDER_ULTI_BEATEN:
            return Goal(G_SEVEN_BEATEN), False
        if by_defenders:
            return Goal(G_SEVEN_NOT_LAST), True
        return Goal(G_ULTI), False
    if name == SilentItem.DURCHMARS:  # R27
        return component_goal(DURCHMARS, scoring, position), False
    signature = scoring.signature(name)
    if by_defenders:  # R25
        return points_goal(negate(predicate), position, signature), True
    return points_goal(predicate, position, signature), False
