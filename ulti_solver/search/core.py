"""The adapter between the Python types and the Cython core (``ulti_solver._core``).

The core wants masks whose higher bit wins inside a suit, goal flags and
unit counts; this module translates a :class:`~ulti_solver.position.Position`
and the questions of :mod:`ulti_solver.goals` into those, and keeps one
core :class:`Engine` (the search state with its transposition table) per
thread, so solves in parallel threads never share a table.
"""

from __future__ import annotations

import threading
from array import array
from typing import List, Optional, cast

from ..bids import Bid
from ..cards import Suit
from ..deal import Deal
from ..kontra import NO_KONTRA, Kontra
from ..play import PlayRules
from ..position import Position, replay, start_of_play
from ..scoring import Scoring, silent_questions
from ..solution import Solution
from ..variants import DEFAULT_RULES, Rules

try:
    from .. import _core
except ImportError:  # not built: the facade falls back to the reference, with a warning
    CORE_BUILT = False
else:
    CORE_BUILT = True  # the goal compiler needs the core's flags, so it comes only with the core
    from ..goals import BB_ACES, G_ACES, G_NO_TRICKS, G_ULTI, bid_goal, cards_out, component_goal, silent_goal

_local = threading.local()


def engine():
    """This thread's core engine, made on first use."""
    try:
        return _local.engine
    except AttributeError:
        found = _local.engine = _core.Engine()
        return found


def forget_positions() -> None:
    """Empty this thread's transposition table (it is shared by every solve under the same rules)."""
    if CORE_BUILT:
        engine().forget()


def make_search(position: Position, play: PlayRules):
    """A core search object for ``position`` under ``play``, on this thread's engine.

    The core re-numbers the ranks itself for the no-trump order of R3."""
    hands = position.hands
    trump, seven_kept, ten_low = play.core
    return _core.Search(
        engine(), hands[0], hands[1], hands[2], trump, seven_kept, ten_low, position.leader, position.trick
    )


def legal_mask(position: Position, play: PlayRules) -> int:
    """The core's legal moves for the player to move (for tests against :mod:`ulti_solver.play`)."""
    return make_search(position, play).legal()


_QUESTIONS: dict = {}


def value_question(scoring: Scoring, table=None):
    """The core's value question for this game: the price of every final outcome (ulti_solver.pricing)
    and the flags that steer move ordering; remembered, because the same few situations recur."""
    from ..bids import BETLI, FOUR_ACES
    from ..pricing import final_values, value_signature

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
        question = _QUESTIONS[key] = _core.ValueQuestion(final_values(scoring, table), order, trump_game)
    return question


def past_of(position: Position) -> int:
    """The core's index of what has happened so far, as far as S can read it."""
    so_far = position.so_far
    ace_lost = bool(BB_ACES & ~cards_out(position) & ~so_far.declarer_aces)  # talon or defenders
    return _core.past_index(
        so_far.declarer_points // 10, so_far.declarer_tricks > 0, so_far.defender_tricks > 0, ace_lost
    )


def settled_total(scoring: Scoring, position: Position) -> int:
    """S_1 + S_2 of a finished game."""
    from ..settlement import game_total

    return game_total(scoring, position.so_far)


def _concede_total(scoring: Scoring) -> int:
    from ..settlement import concede_total  # only where the value is asked: a plain solve starts faster

    return concede_total(scoring)


class CoreGame:
    """Answers goals of one deal, bid and trump at one position with one core search object."""

    _max_units = None  # the exact points, once searched

    def __init__(self, scoring: Scoring, position: Position):
        self.scoring = scoring
        self.position = position
        self.search = make_search(position, scoring.play)

    @classmethod
    def for_deal(
        cls,
        deal: Deal,
        bid: Bid,
        trump: Optional[Suit],
        position: Optional[Position] = None,
        *,
        rules: Rules = DEFAULT_RULES,
        kontra: Kontra = NO_KONTRA,
    ) -> CoreGame:
        scoring = Scoring(deal, bid, trump, rules=rules, kontra=kontra)
        return cls(scoring, position or start_of_play(scoring.deal))

    def max_units(self) -> int:
        """The declarer's future points in units of ten, searched once per game."""
        if self._max_units is None:
            self._max_units = self.search.max_points(0)
        return self._max_units

    def can_force(self, goal, points_known: bool = True) -> bool:
        """Whether the declarer can force ``goal``; a pure points threshold is read off the exact
        points when they are wanted anyway (``points_known``), else asked as one question."""
        if not goal.possible:
            return False
        if goal.certain:
            return True
        if goal.flags == 0 and (points_known or self._max_units is not None):
            return self.max_units() >= goal.need
        return self.search.can_force(goal.flags, goal.need)

    def joint(self) -> bool:
        """R24: the whole bid at once, asked as one question."""
        scoring, position = self.scoring, self.position
        return self.can_force(
            bid_goal(component_goal(c, scoring, position) for c in scoring.bid.ordered_components()),
            points_known=False,
        )

    def value_total(self) -> int:
        """R34, R39 from this position: the declarer's total S_1 + S_2 with best play."""
        if self.position.finished:
            return settled_total(self.scoring, self.position)
        return self.search.value(value_question(self.scoring), past_of(self.position))

    def total_at_least(self, bound: int) -> bool:
        """Whether the declarer can be sure of a total S_1 + S_2 >= ``bound`` (a null-window search)."""
        if self.position.finished:
            return settled_total(self.scoring, self.position) >= bound
        return self.search.value_at_least(value_question(self.scoring), past_of(self.position), bound)


def solve_core(
    deal: Deal,
    bid: Bid,
    trump: Optional[Suit],
    position: Optional[Position] = None,
    silent: bool = False,
    value: bool = False,
    *,
    rules: Rules = DEFAULT_RULES,
    kontra: Kontra = NO_KONTRA,
):
    """:func:`ulti_solver.search.solve` on the Cython core: each answer is one or a few core questions.

    The exact points are searched once and answer every pure points
    condition (party, 40-100, 20-100) too; the questions share one search
    object, so later ones reuse what earlier ones put in the table.
    """
    scoring = Scoring(deal, bid, trump, rules=rules, kontra=kontra)
    position = position or start_of_play(scoring.deal)
    game = CoreGame(scoring, position)
    asked = {c: component_goal(c, scoring, position) for c in bid.ordered_components()}
    components = {c: game.can_force(goal) for c, goal in asked.items()}
    if len(components) == 1:
        joint = next(iter(components.values()))
    else:  # R24: one strategy for every component at once
        joint = all(components.values()) and game.can_force(bid_goal(asked.values()))
    points = None
    if trump is not None:
        future = game.max_units() if not position.finished else 0
        points = position.so_far.declarer_points + 10 * future + scoring.talon_declarer
    silent_answers = None
    if silent:
        silent_answers = {}
        for name, predicate, by_defenders in silent_questions(scoring):
            goal, flip = silent_goal(name, predicate, by_defenders, scoring, position)
            silent_answers[name] = game.can_force(goal) != flip
    return Solution(
        scoring.deal,
        bid,
        trump,
        components,
        joint,
        points,
        silent_answers,
        rules=rules,
        value_total=game.value_total() if value else None,
        kontra=kontra,
        concede_total=_concede_total(scoring) if value else None,
        position=position,
        nodes=game.search.nodes,
    )


# -- Many worlds of one position (R42, R43) ------------------------------------------


def _world_positions(deals, play: PlayRules, played):
    """The position every world reaches after ``played`` (the same trick, leader and outcome so
    far: they follow from the cards alone), and each world's hands at that moment."""
    common = replay(deals[0], play, played)
    gone = 0
    for card in played:
        gone |= 1 << card
    hands = [tuple(h & ~gone for h in deal.hands) for deal in deals]
    return common, hands


def _worlds(deals, bid: Bid, trump: Optional[Suit], played, *, rules: Rules, kontra: Kontra):
    """What both kinds of many-worlds question need: the rules of play, the common position
    after ``played``, each world's hands then, and each world's scoring."""
    play = PlayRules.for_game(bid, trump, rules=rules)
    common, hands = _world_positions(deals, play, played)
    return play, common, hands, [Scoring(deal, bid, trump, rules=rules, kontra=kontra) for deal in deals]


def _totals(play: PlayRules, common: Position, hands, scorings) -> List[int]:
    """R34, R39 in each world, every world searched in one core call on this thread's engine."""
    if common.finished:
        return [settled_total(scoring, common) for scoring in scorings]
    return asked_totals(play, common, hands, [value_question(scoring) for scoring in scorings])


def asked_totals(play: PlayRules, common: Position, hands, questions) -> List[int]:
    """R34, R39 in each world of an unfinished ``common`` position, the worlds' value questions
    (:func:`value_question`) given: a search that asks again and again of the same worlds (as
    :mod:`ulti_solver.alphamu`) builds them once."""
    so_far, trick = common.so_far, common.trick
    in_trick = 0
    for card in trick:
        in_trick |= 1 << card
    pasts = array("i")
    flat = array("I")
    units, dec, dfn = so_far.declarer_points // 10, so_far.declarer_tricks > 0, so_far.defender_tricks > 0
    for world in hands:
        out = world[0] | world[1] | world[2] | in_trick
        pasts.append(_core.past_index(units, dec, dfn, bool(BB_ACES & ~out & ~so_far.declarer_aces)))
        flat.extend(world)
    trump_index, seven_kept, ten_low = play.core
    totals, _nodes = _core.value_worlds(
        engine(), questions, pasts, flat, trump_index, seven_kept, ten_low, common.leader, trick
    )
    return totals


def _joints(play: PlayRules, common: Position, hands, scorings) -> List[bool]:
    """R24 in each world: the worlds whose whole bid is not settled without search go to the
    core in one call."""
    flags, needs, flat, asked = array("i"), array("i"), array("I"), []
    answers: List[Optional[bool]] = []  # None: asked of the core, filled in below
    for index, (scoring, world) in enumerate(zip(scorings, hands, strict=True)):
        bid = scoring.bid
        if common.finished:
            answers.append(
                all(
                    not scoring.lost_before_play(c) and scoring.component_made(c, common.so_far) for c in bid.components
                )
            )
            continue
        position = Position(world, common.leader, common.so_far, common.trick)
        goal = bid_goal(component_goal(c, scoring, position) for c in bid.ordered_components())
        if not goal.possible or goal.certain:
            answers.append(goal.possible)
            continue
        answers.append(None)
        asked.append(index)
        flags.append(goal.flags)
        needs.append(goal.need)
        flat.extend(world)
    if asked:
        trump_index, seven_kept, ten_low = play.core
        found, _nodes = _core.force_worlds(
            engine(), flags, needs, flat, trump_index, seven_kept, ten_low, common.leader, common.trick
        )
        for index, answer in zip(asked, found, strict=True):
            answers[index] = answer
    return cast(List[bool], answers)  # every None filled in


def world_totals(deals, bid: Bid, trump: Optional[Suit], played, *, rules: Rules, kontra: Kontra) -> List[int]:
    """R34, R39: the declarer's total S_1 + S_2 with best play in each world after ``played``,
    every world searched in one core call on this thread's engine."""
    if not deals:
        return []
    return _totals(*_worlds(deals, bid, trump, rules=rules, played=played, kontra=kontra))


def world_joints(deals, bid: Bid, trump: Optional[Suit], played, *, rules: Rules) -> List[bool]:
    """R24: whether the declarer can force the whole bid in each world after ``played``."""
    if not deals:
        return []
    return _joints(*_worlds(deals, bid, trump, rules=rules, played=played, kontra=NO_KONTRA))


def world_results(deals, bid: Bid, trump: Optional[Suit], played, *, rules: Rules, kontra: Kontra):
    """(R24: whole bid made, R34 and R39: the total S_1 + S_2) in each world after ``played``:
    what a simulation counts, each world scored once for both questions."""
    if not deals:
        return []
    worlds = _worlds(deals, bid, trump, rules=rules, played=played, kontra=kontra)
    return list(zip(_joints(*worlds), _totals(*worlds), strict=True))
