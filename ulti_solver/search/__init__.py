"""The search facade: one entry point for every question, answered by the core or the reference.

:func:`solve` answers with the Cython core when it is built, else with the
reference search, saying so on stderr once (a silent switch to a search
a thousand times slower would look like a hang).  ``ULTI_SOLVER_IMPL``
chooses: ``reference`` forces the plain Python search (for checking the
core), ``core`` refuses to fall back.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, List, Optional, Sequence, Tuple, Union

from .. import checks
from ..bids import Bid, trumps_to_solve
from ..cards import Card, Suit
from ..coerce import as_bid, as_deal, as_game_at, as_rules, as_trump
from ..deal import Deal
from ..errors import ConfigError
from ..i18n import L_, _
from ..kontra import NO_KONTRA, Kontra, half, kontra_for
from ..position import Position
from ..scoring import Scoring
from ..solution import Solution
from ..variants import DEFAULT_RULES, Rules
from . import core
from .core import forget_positions, solve_core

if TYPE_CHECKING:
    from ..accepted import BidLike, DealLike, KontraLike, PositionLike, RulesLike, TrumpLike

IMPL_ENV = "ULTI_SOLVER_IMPL"
IMPLEMENTATIONS = ("core", "reference")
_warned = False


def core_built() -> bool:
    return core.CORE_BUILT


def implementation(requested: Optional[str] = None) -> str:
    """Which search answers: ``requested``, else ``$ULTI_SOLVER_IMPL``, else the core if built."""
    global _warned
    name = (checks.impl(requested) or os.environ.get(IMPL_ENV) or "").strip().lower()
    if name and name not in IMPLEMENTATIONS:
        raise ConfigError(
            L_(
                "unknown implementation {name!r} in {variable}; use one of {known}",
                name=name,
                variable=IMPL_ENV,
                known=", ".join(IMPLEMENTATIONS),
            )
        )
    if name == "core" and not core_built():
        raise ConfigError(
            L_("the Cython core is not built; reinstall with 'pip install .' (or 'pip install -e .' in a checkout)")
        )
    if not name:
        name = "core" if core_built() else "reference"
        if name == "reference" and not _warned:
            _warned = True
            print(
                _(
                    "ulti-solver: warning: the Cython core (ulti_solver._core) is not built; using the "
                    "reference search, which is far slower. Build it with 'pip install -e .' in a checkout."
                ),
                file=sys.stderr,
            )
    return name


def solve_reference(*args, **kwargs) -> Solution:
    """:func:`ulti_solver.search.reference.solve_reference`, imported on first use: a core
    solve from the shell never runs the reference, so it does not pay for loading it."""
    from .reference import solve_reference as reference

    return reference(*args, **kwargs)


def _kontra(given: KontraLike, bid: Bid, *, rules: Rules) -> Kontra:
    """The kontras of a game from any form :func:`ulti_solver.kontra.parse_kontra` reads (None: none)."""
    if given is None:
        return NO_KONTRA
    if isinstance(given, Kontra):
        return given
    return kontra_for(given, bid, rules=rules)


def solve(
    deal: DealLike,
    bid: BidLike,
    trump: TrumpLike,
    *,
    rules: RulesLike = DEFAULT_RULES,
    position: Optional[PositionLike] = None,
    silent: bool = False,
    value: bool = False,
    kontra: KontraLike = None,
    impl: Optional[str] = None,
) -> Solution:
    """Every component's makeability, the whole bid (R24) and ``declarer_points``.

    ``trump`` is the suit actually played (see :func:`solve_bid` for the
    bid-level choice of trumps).  ``position`` starts later than the first
    lead, possibly inside a trick; ``silent`` adds the R25-R27 questions;
    ``value`` adds the double-dummy value (R34) under ``kontra`` (R36-R39)
    and what conceding would cost.  Each argument may be text as the
    command line takes it (see :mod:`ulti_solver.coerce`).
    """
    deal, bid, trump, rules, position = as_game_at(deal, bid, trump, rules=rules, position=position)
    silent, value = checks.flag("silent", silent), checks.flag("value", value)
    kontra = _kontra(kontra, bid, rules=rules)
    if implementation(impl) == "reference" or (position is not None and position.finished):
        # A finished game needs no search: the reference reads its outcome directly.
        return solve_reference(
            deal, bid, trump, rules=rules, position=position, silent=silent, value=value, kontra=kontra
        )
    return solve_core(deal, bid, trump, rules=rules, position=position, silent=silent, value=value, kontra=kontra)


def value_total(
    deal: DealLike,
    bid: BidLike,
    trump: TrumpLike,
    *,
    rules: RulesLike = DEFAULT_RULES,
    position: Optional[PositionLike] = None,
    kontra: KontraLike = None,
    impl: Optional[str] = None,
) -> int:
    """R34, R39 alone: what the declarer is sure of in all, S_1 + S_2, with best play."""
    deal, bid, trump, rules, position = as_game_at(deal, bid, trump, rules=rules, position=position)
    kontra = _kontra(kontra, bid, rules=rules)
    if implementation(impl) == "reference":
        total = solve_reference(deal, bid, trump, rules=rules, position=position, value=True, kontra=kontra).value_total
        assert total is not None  # asked with value=True
        return total
    return core.CoreGame.for_deal(deal, bid, trump, rules=rules, position=position, kontra=kontra).value_total()


def value(
    deal: DealLike,
    bid: BidLike,
    trump: TrumpLike,
    *,
    rules: RulesLike = DEFAULT_RULES,
    position: Optional[PositionLike] = None,
    kontra: KontraLike = None,
    impl: Optional[str] = None,
) -> Union[int, float]:
    """R34 alone: the double-dummy value S, in units per defender (half the total, R39)."""
    return half(value_total(deal, bid, trump, rules=rules, position=position, kontra=kontra, impl=impl))


def total_at_least(
    deal: Deal,
    bid: Bid,
    trump: Optional[Suit],
    bound: int,
    *,
    rules: Rules,
    kontra: KontraLike = None,
    impl: Optional[str] = None,
) -> bool:
    """Whether the declarer can be sure of S_1 + S_2 >= ``bound``: cheaper than the value itself."""
    kontra = _kontra(kontra, bid, rules=rules)
    if implementation(impl) == "reference":
        return value_total(deal, bid, trump, rules=rules, kontra=kontra, impl=impl) >= bound
    return core.CoreGame.for_deal(deal, bid, trump, rules=rules, kontra=kontra).total_at_least(bound)


def component_makeable(
    deal: Deal, bid: Bid, trump: Optional[Suit], component: str, *, rules: Rules, impl: Optional[str] = None
) -> bool:
    """Whether the declarer can force one component of the bid on its own (R14-R23)."""
    if implementation(impl) == "reference":
        return solve_reference(deal, bid, trump, rules=rules).components[component]
    game = core.CoreGame.for_deal(deal, bid, trump, rules=rules)
    return game.can_force(core.component_goal(component, game.scoring, game.position), points_known=False)


def reaches_units(
    deal: Deal, bid: Bid, trump: Optional[Suit], units: int, *, rules: Rules, impl: Optional[str] = None
) -> bool:
    """Whether the declarer can be sure to take ``units`` units of card points (R4) in tricks."""
    if implementation(impl) == "reference":
        solution = solve_reference(deal, bid, trump, rules=rules)
        talon = Scoring(deal, bid, trump, rules=rules).talon_declarer
        return (solution.declarer_points - talon) // 10 >= units
    return core.CoreGame.for_deal(deal, bid, trump, rules=rules).search.can_force(0, units)


def solve_joint_value(
    deal: Deal,
    bid: Bid,
    trump: Optional[Suit],
    *,
    rules: Rules = DEFAULT_RULES,
    kontra: KontraLike = None,
    impl: Optional[str] = None,
) -> Tuple[bool, int]:
    """(whole bid made (R24), the declarer's total S_1 + S_2 (R34, R39)): what a simulation counts,
    with no more search than that."""
    kontra = _kontra(kontra, bid, rules=rules)
    if implementation(impl) == "reference":
        solution = solve_reference(deal, bid, trump, rules=rules, value=True, kontra=kontra)
        assert solution.value_total is not None  # asked with value=True
        return solution.joint, solution.value_total
    game = core.CoreGame.for_deal(deal, bid, trump, rules=rules, kontra=kontra)
    return game.joint(), game.value_total()


def world_totals(
    deals: Sequence[Deal],
    bid: Bid,
    trump: Optional[Suit],
    *,
    played: Sequence[Card] = (),
    rules: Rules = DEFAULT_RULES,
    kontra: KontraLike = None,
    impl: Optional[str] = None,
) -> List[int]:
    """R34, R39 in each of many worlds (R42): the declarer's total S_1 + S_2 with best play after
    the cards ``played``, which every world must allow (the same cards, played by the same seats).

    The core searches them all in one call, its table warm from world to world; the reference
    solves them one by one."""
    kontra = _kontra(kontra, bid, rules=rules)
    if implementation(impl) == "reference":
        return [
            value_total(
                deal,
                bid,
                trump,
                rules=rules,
                position=_replayed(deal, bid, trump, rules=rules, played=played),
                kontra=kontra,
                impl="reference",
            )
            for deal in deals
        ]
    return core.world_totals(list(deals), bid, trump, rules=rules, played=list(played), kontra=kontra)


def world_joints(
    deals: Sequence[Deal],
    bid: Bid,
    trump: Optional[Suit],
    *,
    played: Sequence[Card] = (),
    rules: Rules = DEFAULT_RULES,
    impl: Optional[str] = None,
) -> List[bool]:
    """R24 in each of many worlds: whether the declarer can still force the whole bid after ``played``."""
    if implementation(impl) == "reference":
        return [
            solve_reference(
                deal, bid, trump, rules=rules, position=_replayed(deal, bid, trump, rules=rules, played=played)
            ).joint
            for deal in deals
        ]
    return core.world_joints(list(deals), bid, trump, rules=rules, played=list(played))


def world_results(
    deals: Sequence[Deal],
    bid: Bid,
    trump: Optional[Suit],
    *,
    played: Sequence[Card] = (),
    rules: Rules = DEFAULT_RULES,
    kontra: KontraLike = None,
    impl: Optional[str] = None,
) -> List[Tuple[bool, int]]:
    """(whole bid made (R24), the declarer's total S_1 + S_2 (R34, R39)) in each of many worlds
    after ``played``: what a simulation counts; the core scores each world once for both."""
    kontra = _kontra(kontra, bid, rules=rules)
    if implementation(impl) == "reference":
        joints = world_joints(deals, bid, trump, rules=rules, played=played, impl=impl)
        return list(
            zip(
                joints,
                world_totals(deals, bid, trump, rules=rules, played=played, kontra=kontra, impl=impl),
                strict=True,
            )
        )
    return core.world_results(list(deals), bid, trump, rules=rules, played=list(played), kontra=kontra)


def value_questions(scorings: Sequence[Scoring], impl: Optional[str] = None) -> Optional[list]:
    """What :func:`moment_totals` asks of each scoring's game, made once for a caller that asks
    of the same worlds again and again (None under the reference, which needs nothing made)."""
    if implementation(impl) == "reference":
        return None
    return [core.value_question(scoring) for scoring in scorings]


def moment_totals(
    scorings: Sequence[Scoring],
    common: Position,
    hands: Sequence[Tuple[int, int, int]],
    *,
    questions: Optional[Sequence[object]] = None,
    impl: Optional[str] = None,
) -> List[int]:
    """R34, R39 in worlds that stand at the same moment -- the trick, its leader and the outcome so
    far of ``common`` -- each with its own ``hands`` and scoring: the declarer's total S_1 + S_2
    with best play.  ``questions`` are :func:`value_questions` of the scorings, if kept."""
    if common.finished:
        from ..settlement import game_total

        return [game_total(scoring, common.so_far) for scoring in scorings]
    if implementation(impl) == "reference":
        return [
            value_total(
                scoring.deal,
                scoring.bid,
                scoring.trump,
                rules=scoring.rules,
                position=Position(held, common.leader, common.so_far, common.trick),
                kontra=scoring.kontra,
                impl="reference",
            )
            for scoring, held in zip(scorings, hands, strict=True)
        ]
    if questions is None:
        questions = [core.value_question(scoring) for scoring in scorings]
    return core.asked_totals(scorings[0].play, common, hands, questions)


def _replayed(deal: Deal, bid: Bid, trump: Optional[Suit], played: Sequence[int], *, rules: Rules) -> Position:
    from ..play import PlayRules
    from ..position import replay

    return replay(deal, PlayRules.for_game(bid, trump, rules=rules), played)


def solve_bid(
    deal: DealLike,
    bid: BidLike,
    trump: TrumpLike,
    *,
    rules: RulesLike = DEFAULT_RULES,
    silent: bool = False,
    value: bool = False,
    kontra: KontraLike = None,
    impl: Optional[str] = None,
) -> List[Solution]:
    """Solve a bid as a command does: for the trump(s) that R28/R29 give it."""
    deal, bid, trump, rules = as_deal(deal), as_bid(bid), as_trump(trump), as_rules(rules)
    deal = deal.require_talon()
    return [
        solve(deal, played_bid, played_trump, rules=rules, silent=silent, value=value, kontra=kontra, impl=impl)
        for played_bid, played_trump in trumps_to_solve(bid, trump)
    ]


__all__ = [
    "IMPL_ENV",
    "component_makeable",
    "core_built",
    "forget_positions",
    "implementation",
    "reaches_units",
    "solve",
    "solve_bid",
    "solve_joint_value",
    "total_at_least",
    "value",
    "value_total",
    "world_joints",
    "world_results",
    "world_totals",
]
