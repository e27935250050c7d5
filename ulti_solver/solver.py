"""One entry point, :func:`solve`: the Cython core when it is built, else the reference.

Set ``ULTI_SOLVER_IMPL=reference`` to force the plain Python search (for
checking the core), or ``ULTI_SOLVER_IMPL=core`` to fail loudly when the
extension is missing instead of falling back.
"""

from __future__ import annotations

import os
from typing import List, Optional, Tuple

from .bids import Bid, trumps_to_solve
from .cards import BB_ACES, BB_POINT_CARDS, NO_TRUMP_STRENGTH, SUITS, Suit
from .deal import Deal
from .goals import Goal, bid_goal, component_goal, silent_goal
from .rules import DECLARER, PlayRules
from .reference import solve_reference
from .scoring import Outcome, Position, Scoring, silent_questions
from .solution import Solution
from .variants import DEFAULT_RULES, Rules

try:
    from . import _core
except ImportError:  # not built: the reference still answers, slowly
    _core = None

IMPL_ENV = "ULTI_SOLVER_IMPL"
IMPLEMENTATIONS = ("core", "reference")


def implementation(requested: Optional[str] = None) -> str:
    """Which search answers: ``requested``, else ``$ULTI_SOLVER_IMPL``, else the core if built."""
    name = (requested or os.environ.get(IMPL_ENV) or "").strip().lower()
    if name and name not in IMPLEMENTATIONS:
        raise ValueError(f"unknown implementation {name!r}; use one of {', '.join(IMPLEMENTATIONS)}")
    if name == "core" and _core is None:
        raise RuntimeError("the Cython core is not built; reinstall with 'pip install .'")
    if not name:
        name = "core" if _core is not None else "reference"
    return name


def solve(deal: Deal, bid: Bid, trump: Optional[Suit], rules: Rules = DEFAULT_RULES, *,
          position: Optional[Position] = None, silent: bool = False,
          impl: Optional[str] = None) -> Solution:
    """Every component's makeability, the whole bid (R24) and ``declarer_points``.

    ``trump`` is the suit actually played (see :func:`solve_bid` for the
    bid-level choice of trumps).  ``position`` starts later than the first
    lead; ``silent`` adds the R25-R27 questions.
    """
    if implementation(impl) == "reference":
        return solve_reference(deal, bid, trump, rules, position, silent)
    return solve_core(deal, bid, trump, rules, position, silent)


def solve_bid(deal: Deal, bid: Bid, trump: Optional[Suit], rules: Rules = DEFAULT_RULES, *,
              silent: bool = False, impl: Optional[str] = None) -> List[Tuple[Bid, Optional[Suit], Solution]]:
    """Solve a bid as a command does: for the trump(s) that R28/R29 give it."""
    deal = deal.require_talon()
    return [
        (played_bid, played_trump, solve(deal, played_bid, played_trump, rules, silent=silent, impl=impl))
        for played_bid, played_trump in trumps_to_solve(bid, trump)
    ]


# -- The core path --------------------------------------------------------------

def _rank_permutation(strength) -> List[int]:
    """A byte table moving each rank bit to the bit of its strength, one suit at a time."""
    table = []
    for byte in range(256):
        moved = 0
        for rank in range(8):
            if (byte >> rank) & 1:
                moved |= 1 << strength[rank]
        table.append(moved)
    return table


_NO_TRUMP_BYTES = _rank_permutation(NO_TRUMP_STRENGTH)


def core_mask(hand: int, play: PlayRules) -> int:
    """The core wants a higher bit to win inside a suit: re-number ranks for R3 games."""
    if play.strength != NO_TRUMP_STRENGTH:
        return hand
    return sum(_NO_TRUMP_BYTES[(hand >> (8 * s)) & 0xFF] << (8 * s) for s in SUITS)


def forget_positions() -> None:
    """Empty the core's transposition table (it is shared by every solve under the same rules)."""
    if _core is not None:
        _core.forget_positions()


def make_search(hands, play: PlayRules):
    """A core search object for these hands under ``play``."""
    masks = [core_mask(h, play) for h in hands]
    return _core.Search(
        masks[0], masks[1], masks[2],
        -1 if play.trump is None else play.trump,
        core_mask(BB_POINT_CARDS, play),
        core_mask(BB_ACES, play),
        play.seven_kept,
    )


class CoreGame:
    """Answers goals of one deal, bid and trump with one core search object."""

    def __init__(self, scoring: Scoring, position: Position):
        self.scoring = scoring
        self.position = position
        self.search = make_search(position.hands, scoring.play)
        self._max_units = None

    def max_units(self) -> int:
        """The declarer's future points in units of ten, searched once per game."""
        if self._max_units is None:
            self._max_units = self.search.max_points(0, self.position.leader)
        return self._max_units

    def can_force(self, goal: Goal) -> bool:
        if not goal.possible:
            return False
        if goal.certain:
            return True
        if goal.flags == 0:  # a points threshold: the exact value answers it
            return self.max_units() >= goal.need
        return self.search.can_force(goal.flags, goal.need, self.position.leader)


def solve_core(deal: Deal, bid: Bid, trump: Optional[Suit], rules: Rules = DEFAULT_RULES,
               position: Optional[Position] = None, silent: bool = False) -> Solution:
    """:func:`solve` on the Cython core: each answer is one or a few core questions.

    The exact points are searched once and answer every pure points
    condition (party, 40-100, 20-100) too; the questions share one search
    object, so later ones reuse what earlier ones put in the table.
    """
    scoring = Scoring(deal, bid, trump, rules)
    position = position or Position(scoring.deal.hands, DECLARER, Outcome())
    game = CoreGame(scoring, position)
    goals = {c: component_goal(c, scoring, position) for c in bid.ordered_components()}
    components = {c: game.can_force(goal) for c, goal in goals.items()}
    if len(components) == 1:
        joint = next(iter(components.values()))
    else:  # R24: one strategy for every component at once
        joint = all(components.values()) and game.can_force(bid_goal(goals.values()))
    points = None
    if trump is not None:
        points = position.so_far.declarer_points + 10 * game.max_units() + scoring.talon_declarer
    silent_answers = None
    if silent:
        silent_answers = {}
        for name, predicate, by_defenders in silent_questions(scoring):
            goal, flip = silent_goal(name, predicate, by_defenders, scoring, position)
            silent_answers[name] = game.can_force(goal) != flip
    return Solution(components, joint, points, silent_answers, nodes=game.search.nodes)
