"""Turns the scoring rules (R14-R27) into questions the Cython core can answer.

The core asks one kind of question: can the declarer force a set of goal
flags and at least ``need`` more points, in units of ten, over the rest of
the game?  Conditions on the declarer's points (party, 40-100, 20-100,
silent 100) become a ``need`` found by evaluating the predicate of
:mod:`ulti_solver.scoring` on every outcome the rest of the game can
still produce, so the rules stay written down in one place.  Trick and
card goals (ulti, four aces, durchmars, betli, the silent ulti) become flags.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Callable, Iterable

from .bids import BETLI, DURCHMARS, FORTY_100, FOUR_ACES, PARTY, TWENTY_100, ULTI
from .cards import BB_ACES, BB_POINT_CARDS, popcount
from .scoring import Outcome, Position, Scoring

# The core's goal flags (``cext/core.pyx`` defines the same numbers).
G_ULTI = 1             # the declarer's trump seven wins the last trick, not played before
G_ACES = 2             # every ace still out falls in a declarer trick
G_ALL_TRICKS = 4       # the declarer takes every trick still to play
G_NO_TRICKS = 8        # the declarer takes no trick still to play
G_SEVEN_NOT_LAST = 16  # the trump seven does not win the last trick
G_SEVEN_BEATEN = 32    # the trump seven is played to the last trick and beaten
G_ONE_TRICK = 64       # the declarer takes at least one trick still to play


@dataclass(frozen=True)
class Goal:
    """``flags`` and ``need`` for the core; ``possible`` False when lost before the search."""

    flags: int = 0
    need: int = 0
    possible: bool = True

    @property
    def certain(self) -> bool:
        return self.possible and self.flags == 0 and self.need <= 0

    def __and__(self, other: "Goal") -> "Goal":
        """R24: both at once."""
        if not (self.possible and other.possible):
            return IMPOSSIBLE
        return Goal(self.flags | other.flags, max(self.need, other.need))


IMPOSSIBLE = Goal(possible=False)
CERTAIN = Goal()


def units_left(position: Position) -> int:
    """Units of ten still to be won: the aces and tens out, and the last trick (R4)."""
    out = position.hands[0] | position.hands[1] | position.hands[2]
    return popcount(out & BB_POINT_CARDS) + 1


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
        key = (signature, so_far.declarer_points, so_far.declarer_tricks > 0,
               so_far.defender_tricks > 0, units_left(position))
        if key not in _POINTS_GOALS:
            if len(_POINTS_GOALS) > 100_000:
                _POINTS_GOALS.clear()
            _POINTS_GOALS[key] = points_goal(predicate, position)
        return _POINTS_GOALS[key]

    def holds(k, declarer_trick, defender_trick):
        return predicate(Outcome(
            declarer_points=so_far.declarer_points + 10 * k,
            declarer_tricks=so_far.declarer_tricks + declarer_trick,
            defender_tricks=so_far.defender_tricks + defender_trick,
        ))

    futures = list(_futures(position))
    wanted = {f for f in futures if holds(*f)}
    if not wanted:
        return IMPOSSIBLE
    if len(wanted) == len(futures):
        return CERTAIN
    need = min(k for k, _, _ in wanted)
    for flags in (0, G_ONE_TRICK, G_ALL_TRICKS):
        given = {
            (k, dt, ft) for k, dt, ft in futures
            if k >= need
            and (dt or not flags & G_ONE_TRICK)
            and (not ft or not flags & G_ALL_TRICKS)
        }
        if given == wanted:
            return Goal(flags, need)
    raise ValueError("a points condition the core cannot express")  # never for R14-R25


def component_goal(component: str, scoring: Scoring, position: Position) -> Goal:
    """R14-R23 for one component."""
    so_far = position.so_far
    out = position.hands[0] | position.hands[1] | position.hands[2]
    if component in (PARTY, FORTY_100, TWENTY_100):
        return points_goal(lambda o: scoring.component_made(component, o), position,
                           (component, scoring.points_signature))
    if component == ULTI:  # R19
        if scoring.lost_before_play(ULTI) or not (position.hands[0] >> scoring.seven) & 1:
            return IMPOSSIBLE  # not dealt the trump seven, or already played it
        return Goal(G_ULTI)
    if component == FOUR_ACES:  # R20
        fallen = BB_ACES & ~out
        if fallen & ~so_far.declarer_aces:
            return IMPOSSIBLE  # in the talon or in a defenders' trick
        return Goal(G_ACES) if BB_ACES & out else CERTAIN
    if component == DURCHMARS:  # R21
        return IMPOSSIBLE if so_far.defender_tricks else Goal(G_ALL_TRICKS)
    if component == BETLI:  # R23
        return IMPOSSIBLE if so_far.declarer_tricks else Goal(G_NO_TRICKS)
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
    if name in ("ulti", "defender-ulti", "defender-ulti-fails"):  # R26
        seven_out = any((h >> scoring.seven) & 1 for h in position.hands)
        if not seven_out:  # already played: the outcome so far decides
            return (CERTAIN if predicate(position.so_far) else IMPOSSIBLE), False
        if name == "defender-ulti-fails":
            return Goal(G_SEVEN_BEATEN), False
        if by_defenders:
            return Goal(G_SEVEN_NOT_LAST), True
        return Goal(G_ULTI), False
    if name == "durchmars":  # R27
        return component_goal(DURCHMARS, scoring, position), False
    signature = (name, scoring.points_signature)
    if by_defenders:  # R25
        return points_goal(negate(predicate), position, signature), True
    return points_goal(predicate, position, signature), False
