"""Turns the scoring and settlement rules (R14-R34) into questions the Cython core can answer.

The core asks two kinds of question.  The goal search: can the declarer
force a set of goal flags and at least ``need`` more points, in units of
ten, over the rest of the game?  Conditions on the declarer's points
(party, 40-100, 20-100, silent 100) become a ``need`` found by evaluating
the predicate of :mod:`ulti_solver.scoring` on every outcome the rest of
the game can still produce, so the rules stay written down in one place.
Trick and card goals (ulti, four aces, durchmars, betli, the silent ulti)
become flags.  The value search (R34) reads S off a table of every final
outcome, built here from the same predicates and the settlement of
:mod:`ulti_solver.settlement` (:func:`value_question`).

The flags are the core's own (``_core.Goal``), defined once in
``cext/types.pxi``; this module is only imported where the core is built.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Iterable, List, NamedTuple, Tuple

from ._core import Goal as Flag
from .bids import BETLI, DURCHMARS, FORTY_100, FOUR_ACES, PARTY, TWENTY_100, ULTI
from .cards import BB_ACES, BB_POINT_CARDS
from .position import Outcome, Position
from .scoring import Scoring, SilentQuestion

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
        if scoring.lost_before_play(ULTI):
            return IMPOSSIBLE  # not dealt the trump seven
        if (out >> scoring.seven) & 1:
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
    if name in (SilentQuestion.ULTI, SilentQuestion.DEFENDER_ULTI, SilentQuestion.DEFENDER_ULTI_FAILS):  # R26
        if not (cards_out(position) >> scoring.seven) & 1:  # in a finished trick: decided
            return (CERTAIN if predicate(position.so_far) else IMPOSSIBLE), False
        if name == SilentQuestion.DEFENDER_ULTI_FAILS:
            return Goal(G_SEVEN_BEATEN), False
        if by_defenders:
            return Goal(G_SEVEN_NOT_LAST), True
        return Goal(G_ULTI), False
    if name == SilentQuestion.DURCHMARS:  # R27
        return component_goal(DURCHMARS, scoring, position), False
    signature = (name, scoring.points_signature)
    if by_defenders:  # R25
        return points_goal(negate(predicate), position, signature), True
    return points_goal(predicate, position, signature), False


# -- The value search (R34) ---------------------------------------------------------


#: The five facts of a final outcome are settlement's (:data:`settlement.FINALS`); the core
#: indexes them in the same order (cext/value.pxi, _final_index).
class FinalTable(NamedTuple):
    """S of every final outcome in the core's order, and the bounds
    :mod:`ulti_solver.analysis.best` reads off it."""

    values: Tuple[int, ...]
    best: int  # the most S any final gives
    best_lost: dict  # component -> the most S of the finals where it is lost
    best_within: Tuple[int, ...]  # [u] -> the most S of the finals with at most u units

    def most(self, lost=None) -> int:
        """The best S any final gives, or the best of those where component ``lost`` is lost."""
        return self.best if lost is None else self.best_lost[lost]


#: R31 adds the items up, and each reads only some of the five facts: these three groups of
#: items read disjoint facts, so S of a final is the sum of one entry of each group's table.
POINTS_FACTS = list(itertools.product(range(10), (False, True), (False, True)))  # units, a trick each way
_GROUPS = (
    # (items, their facts, how a final's facts pick the group's entry)
    (
        {PARTY, FORTY_100, TWENTY_100, DURCHMARS, BETLI, "declarer-100", "defenders-100"},
        POINTS_FACTS,
        lambda f: (f[0], f[1], f[2]),
    ),
    ({ULTI, "ulti-beaten", "defender-ulti", "defender-ulti-beaten"}, [(s,) for s in range(3)], lambda f: (f[4],)),
    ({FOUR_ACES}, [(False,), (True,)], lambda f: (f[3],)),
)


def _points_key(scoring: Scoring) -> tuple:
    """What the points-and-tricks items of this bid read besides the outcome (R14-R18, R25, R27):
    the party and the silent 100s the card points, talon and marriages; 40-100 and 20-100 the
    talon and the marriage they need; durchmars, betli and silent durchmars nothing more."""
    bid, signature = scoring.bid, scoring.points_signature
    plays_party, talon, to_declarer, marriages, needs_trick, forty, twenty = signature
    talon_declarer = talon if to_declarer else 0
    key = [scoring.trump is None]
    if plays_party:
        key.append((talon, to_declarer, marriages, needs_trick))
    if FORTY_100 in bid.components:
        key.append((talon_declarer, forty))
    if TWENTY_100 in bid.components:
        key.append((talon_declarer, twenty))
    return tuple(key)


def _seven_key(scoring: Scoring) -> tuple:
    """What the ulti items read besides the outcome: who holds the trump seven (R19, R26)."""
    return scoring.trump is None, scoring.seven_holder


def _aces_key(scoring: Scoring) -> tuple:
    """What four aces reads besides the outcome: whether the talon already sank it (R20)."""
    return (scoring.lost_before_play(FOUR_ACES),)


#: The facts a group's entries are priced at, for the facts it does not read (any will do).
_NEUTRAL = {
    0: lambda p: (*p, False, 0),
    1: lambda p: (0, True, True, False, p[0]),
    2: lambda p: (0, True, True, p[0], 0),
}

_TABLES: dict = {}
_GROUP_TABLES: dict = {}
_GROUP_OUTCOMES: dict = {}


def _group_outcomes(index: int) -> list:
    """(facts, outcome) of each entry of group ``index``: the same for every table, so the
    outcomes are made once, not once per table (the best bid builds hundreds of tables)."""
    found = _GROUP_OUTCOMES.get(index)
    if found is None:
        from .settlement import final_outcome

        found = _GROUP_OUTCOMES[index] = [(part, final_outcome(*_NEUTRAL[index](part))) for part in _GROUPS[index][1]]
    return found


def _group_table(scoring: Scoring, table: str, index: int, group_key: tuple):
    """One group's entries: {its facts: (units of its items, the components of it made)}.

    ``group_key`` is what the group reads of ``scoring`` (:func:`_points_key`, :func:`_seven_key`,
    :func:`_aces_key` for groups 0, 1, 2): the caller has it already, in the value signature."""
    # Settlement is imported by the value questions only: a solve without them starts faster.
    from .settlement import item_units, silent_items

    key = (index, scoring.bid, table, group_key)
    found = _GROUP_TABLES.get(key)
    if found is not None:
        return found
    names = _GROUPS[index][0]
    live = [c for c in scoring.bid.ordered_components() if c in names and not scoring.lost_before_play(c)]
    entries, priced = {}, {}  # priced: the group's units per (made, silent), few of them
    for part, outcome in _group_outcomes(index):
        made = frozenset([c for c in live if scoring.component_made(c, outcome)])
        silent = frozenset(silent_items(scoring, outcome))
        units = priced.get((made, silent))
        if units is None:
            rows = item_units(scoring.bid, table, made, silent)
            units = priced[made, silent] = sum(row[2] for row in rows if row[0] in names)
        entries[part] = (units, made)
    if len(_GROUP_TABLES) > 50_000:
        _GROUP_TABLES.clear()
    _GROUP_TABLES[key] = entries
    return entries


def final_table(scoring: Scoring, table=None) -> FinalTable:
    """:func:`settlement.game_value` of every final outcome, made fast (and remembered).

    The settlement of one outcome costs tens of microseconds; the value
    search needs all 240 for every bid and trump it values (ten thousand
    for the best bid of a 12-card hand), so each group of items (points
    and tricks, the trump seven, the aces) is priced once per value of the
    facts it reads, by :func:`settlement.item_units`, and S of a final is
    their sum.  Tests hold this to ``game_value`` on every outcome.
    """
    table = table or scoring.rules.value_table
    key = value_signature(scoring, table)
    found = _TABLES.get(key)
    if found is not None:
        return found
    groups = [_group_table(scoring, table, i, key[2 + i]) for i in range(3)]  # key: bid, table, group keys
    points, seven, aces = ([entries[part][0] for part in _GROUPS[i][1]] for i, entries in enumerate(groups))
    # Per final outcome, in the core's order (cext/value.pxi's _final_index): its points
    # entry (units and the tricks) outermost, then its aces entry, then its seven entry.
    values = tuple([p + a + s for p in points for a in aces for s in seven])  # a list is built faster
    tops = [max([units for units, _ in entries.values()]) for entries in groups]
    best_lost = {}
    for index, entries in enumerate(groups):
        for component in scoring.bid.components & _GROUPS[index][0]:
            without = [units for units, made in entries.values() if component not in made]
            rest = sum(tops) - tops[index]
            best_lost[component] = (max(without) if without else min(values)) + rest
    # POINTS_FACTS runs through the units in order, four facts each: a running maximum.
    within, best_so_far, rest = [], min(points), tops[1] + tops[2]
    for u in range(10):
        best_so_far = max(best_so_far, *points[4 * u : 4 * u + 4])
        within.append(best_so_far + rest)
    within = tuple(within)
    if len(_TABLES) > 20_000:
        _TABLES.clear()
    found = _TABLES[key] = FinalTable(values, max(values), best_lost, within)
    return found


def final_values(scoring: Scoring, table=None) -> List[int]:
    """S of every final outcome, in the core's order (see :func:`final_table`)."""
    return list(final_table(scoring, table).values)


_QUESTIONS: dict = {}


def value_signature(scoring: Scoring, table: str) -> tuple:
    """Everything S of a finished game reads besides the outcome (R14-R33): the bid, the
    table, and what each group of items reads, in the order of _GROUPS."""
    # Called by name, not looped over: this runs for every candidate of the best bid, and a
    # generator costs as much as a key.
    return scoring.bid, table, _points_key(scoring), _seven_key(scoring), _aces_key(scoring)


def value_question(scoring: Scoring, table=None):
    """The core's value question for this game (remembered: the same few situations recur)."""
    from ._core import ValueQuestion

    table = table or scoring.rules.value_table
    key = value_signature(scoring, table)
    question = _QUESTIONS.get(key)
    if question is None:
        if len(_QUESTIONS) > 20_000:
            _QUESTIONS.clear()
        bid = scoring.bid
        trump_game = scoring.trump is not None
        order = G_NO_TRICKS if BETLI in bid.components else 0
        if trump_game:
            order |= G_ULTI | (G_ACES if FOUR_ACES in bid.components else 0)
        question = _QUESTIONS[key] = ValueQuestion(final_values(scoring, table), order, trump_game)
    return question


def past_of(position: Position) -> int:
    """The core's index of what has happened so far, as far as S can read it."""
    from ._core import past_index

    so_far = position.so_far
    ace_lost = bool(BB_ACES & ~cards_out(position) & ~so_far.declarer_aces)  # talon or defenders
    return past_index(so_far.declarer_points // 10, so_far.declarer_tricks > 0, so_far.defender_tricks > 0, ace_lost)


def settled_value(scoring: Scoring, position: Position, table=None) -> int:
    """S of a finished game."""
    from .settlement import game_value

    return game_value(scoring, position.so_far, table)
