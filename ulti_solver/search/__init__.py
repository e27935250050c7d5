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
from typing import List, Optional, Tuple

from ..bids import Bid, trumps_to_solve
from ..cards import Suit
from ..coerce import as_bid, as_deal, as_game_at, as_rules, as_trump
from ..deal import Deal
from ..errors import ConfigError
from ..position import Position
from ..solution import Solution
from ..variants import DEFAULT_RULES, Rules
from . import core
from .core import forget_positions, solve_core

IMPL_ENV = "ULTI_SOLVER_IMPL"
IMPLEMENTATIONS = ("core", "reference")
_warned = False


def core_built() -> bool:
    return core._core is not None


def implementation(requested: Optional[str] = None) -> str:
    """Which search answers: ``requested``, else ``$ULTI_SOLVER_IMPL``, else the core if built."""
    global _warned
    name = (requested or os.environ.get(IMPL_ENV) or "").strip().lower()
    if name and name not in IMPLEMENTATIONS:
        raise ConfigError(f"unknown implementation {name!r} in {IMPL_ENV}; use one of {', '.join(IMPLEMENTATIONS)}")
    if name == "core" and not core_built():
        raise ConfigError(
            "the Cython core is not built; reinstall with 'pip install .' (or 'pip install -e .' in a checkout)"
        )
    if not name:
        name = "core" if core_built() else "reference"
        if name == "reference" and not _warned:
            _warned = True
            print(
                "ulti-solver: warning: the Cython core (ulti_solver._core) is not built; using the "
                "reference search, which is far slower. Build it with 'pip install -e .' in a checkout.",
                file=sys.stderr,
            )
    return name


def solve_reference(*args, **kwargs) -> Solution:
    """:func:`ulti_solver.search.reference.solve_reference`, imported on first use: a core
    solve from the shell never runs the reference, so it does not pay for loading it."""
    from .reference import solve_reference as reference

    return reference(*args, **kwargs)


def solve(
    deal: Deal,
    bid: Bid,
    trump: Optional[Suit],
    rules: Rules = DEFAULT_RULES,
    *,
    position: Optional[Position] = None,
    silent: bool = False,
    value: bool = False,
    impl: Optional[str] = None,
) -> Solution:
    """Every component's makeability, the whole bid (R24) and ``declarer_points``.

    ``trump`` is the suit actually played (see :func:`solve_bid` for the
    bid-level choice of trumps).  ``position`` starts later than the first
    lead, possibly inside a trick; ``silent`` adds the R25-R27 questions;
    ``value`` adds the double-dummy value S (R34).  Each argument may be
    text as the command line takes it (see :mod:`ulti_solver.coerce`).
    """
    deal, bid, trump, rules, position = as_game_at(deal, bid, trump, rules, position)
    if implementation(impl) == "reference" or (position is not None and position.finished):
        # A finished game needs no search: the reference reads its outcome directly.
        return solve_reference(deal, bid, trump, rules, position, silent, value)
    return solve_core(deal, bid, trump, rules, position, silent, value)


def value(
    deal: Deal,
    bid: Bid,
    trump: Optional[Suit],
    rules: Rules = DEFAULT_RULES,
    *,
    position: Optional[Position] = None,
    impl: Optional[str] = None,
) -> int:
    """R34 alone: the double-dummy value S, in units per defender."""
    deal, bid, trump, rules, position = as_game_at(deal, bid, trump, rules, position)
    if implementation(impl) == "reference":
        return solve_reference(deal, bid, trump, rules, position, value=True).value
    return core.CoreGame.for_deal(deal, bid, trump, rules, position).value()


def solve_joint_value(
    deal: Deal, bid: Bid, trump: Optional[Suit], rules: Rules = DEFAULT_RULES, *, impl: Optional[str] = None
) -> Tuple[bool, int]:
    """(whole bid made (R24), value S (R34)): what a simulation counts, with no more search than that."""
    if implementation(impl) == "reference":
        solution = solve_reference(deal, bid, trump, rules, value=True)
        return solution.joint, solution.value
    game = core.CoreGame.for_deal(deal, bid, trump, rules)
    return game.joint(), game.value()


def solve_bid(
    deal: Deal,
    bid: Bid,
    trump: Optional[Suit],
    rules: Rules = DEFAULT_RULES,
    *,
    silent: bool = False,
    value: bool = False,
    impl: Optional[str] = None,
) -> List[Solution]:
    """Solve a bid as a command does: for the trump(s) that R28/R29 give it."""
    deal, bid, trump, rules = as_deal(deal), as_bid(bid), as_trump(trump), as_rules(rules)
    deal = deal.require_talon()
    return [
        solve(deal, played_bid, played_trump, rules, silent=silent, value=value, impl=impl)
        for played_bid, played_trump in trumps_to_solve(bid, trump)
    ]


__all__ = [
    "IMPL_ENV",
    "core_built",
    "forget_positions",
    "implementation",
    "solve",
    "solve_bid",
    "solve_joint_value",
    "value",
]
