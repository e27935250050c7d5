"""The worlds of ``ulti bid`` and the tasks that value candidates in them (R42, R43).

A world is one split of the twenty cards the declarer cannot see (R42):
world i is drawn from (seed, i) alone, or, counted exactly, the i-th deal
that fits.  The tasks run wherever a :class:`~ulti_solver.runner.Runner`
sends them (this process, a pool's workers or a cluster's): each gets the
:class:`WorldSource` and world indices, never deals, so a task is small to
ship and the same on every back end.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Dict, List, Sequence, Tuple

from ..deal import Deal
from ..dealing import Constraints, every_deal, sample_deal
from ..knowledge.source import WorldSource
from ..variants import Rules
from .bid_bounds import goal_answers

#: Searches per task for a pool or a cluster (a value search takes about a millisecond).
SEARCHES_PER_TASK = 200


@dataclass(frozen=True)
class HandWorlds:
    """The worlds of a hand before the discard (:class:`~ulti_solver.knowledge.source.Worlds`):
    every deal that fits, in :func:`~ulti_solver.dealing.every_deal` order, or drawn by
    :func:`~ulti_solver.dealing.sample_deal` (world i from (seed, i) alone)."""

    constraints: Constraints

    def count(self) -> int:
        return self.constraints.deal_count()

    def world_at(self, rank: int) -> Deal:
        return _every_world(self.constraints)[rank]

    def world(self, seed: int, index: int) -> Deal:
        return sample_deal(self.constraints, seed, index)


def hand_worlds(constraints: Constraints, seed: int = 0, exact: bool = False) -> WorldSource:
    """The worlds ``ulti bid`` asks about: those of ``constraints``, drawn from ``seed`` or,
    when ``exact``, every one in order."""
    return WorldSource(HandWorlds(constraints), seed, exact)


@functools.lru_cache(maxsize=4)
def _every_world(constraints: Constraints) -> List[Deal]:
    return list(every_deal(constraints))


# -- Tasks, run in this process, a pool's workers or a cluster's ------------------------------


def _goal_task(source: WorldSource, item, *, rules: Rules) -> dict:
    """The goals of one discard's families in some worlds (:mod:`.bid_bounds`)."""
    discard, families, indices = item
    deals = source.after(discard, indices)
    return {family: goal_answers(deals, family, goals, rules=rules) for family, goals in families}


def _value_task(source: WorldSource, item, *, rules: Rules) -> list:
    """The declarer's totals (R34, R39) of some games of one discard, each in its own worlds."""
    from ..search import world_totals

    discard, games = item
    deals = _deals(source, discard, games)
    return [
        world_totals([deals[i] for i in worlds], bid, trump, rules=rules, kontra=kontra)
        for bid, trump, kontra, worlds in games
    ]


def _reach_task(source: WorldSource, item, *, rules: Rules) -> list:
    """Whether each game's declarer can be sure of a total of at least the world's bar (R34, R39):
    a null-window search, much cheaper than the value."""
    from ..search import total_at_least

    discard, games = item
    deals = _deals(source, discard, games)
    return [
        [
            total_at_least(deals[i], bid, trump, bar, rules=rules, kontra=kontra)
            for i, bar in zip(worlds, bars, strict=True)
        ]
        for bid, trump, kontra, worlds, bars in games
    ]


def _deals(source: WorldSource, discard, games) -> Dict[int, Deal]:
    needed = sorted({i for game in games for i in game[3]})
    return dict(zip(needed, source.after(discard, needed), strict=True))


def _made_task(source: WorldSource, item, *, rules: Rules) -> list:
    """Whether each game's whole bid (R24) can be made, in its worlds."""
    from ..search import world_joints

    discard, games = item
    deals = _deals(source, discard, games)
    return [world_joints([deals[i] for i in worlds], bid, trump, rules=rules) for bid, trump, _, worlds in games]


def _chunks(indices: Sequence[int], size: int) -> List[Tuple[int, ...]]:
    return [tuple(indices[i : i + size]) for i in range(0, len(indices), size)]
