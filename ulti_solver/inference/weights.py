"""Weighted worlds: each world weighed by how likely the actions seen were with its cards.

R42 makes every world of a seat equally likely: that is the knowable value
(R43, R44) and stays the default everywhere.  This module is a *player's* aid
beside it (issue 34): a world's weight is the product, over the actions the
seat has seen (:class:`~.observed.Observed`), of the probability the fitted
policy (:mod:`.policy`) gives that action with the cards of that world:

    w(world) = P(bid, trump | declarer's 12) · Π P(kontra said or not | defender's 10)
               · Π P(pass | the passing seat's 10)

(Rebstock et al. 2019, policy-based inference).  Means over weighted worlds
are self-normalised (Σ w x / Σ w); their standard error is the weighted one,
and :func:`effective_worlds` says how many equally weighted worlds they are
worth.
"""

from __future__ import annotations

import math
from typing import List, NamedTuple, Optional, Sequence

from ..deal import Deal
from .observed import Observed
from .policy import Policy, shipped_policy

#: No world is weighed below this (in log): a world the policy finds all but impossible still
#: counts a little, so that a poor fit cannot silence the worlds it did not foresee.
LEAST_LOG_WEIGHT = -30.0


def world_log_weight(observed: Observed, world: Deal, policy: Policy) -> float:
    """log w(world): the log-probability of the actions seen, with this world's cards (R5 seats)."""
    total = 0.0
    if observed.reads_bid:
        twelve = world.hands[0] | (world.talon or 0)
        total += policy.bid_log_probability(twelve, observed.bid, observed.trump, rules=observed.rules)
    for defender, component, said in observed.decisions:
        if defender == observed.seat:
            continue  # his own decision: the same in every world he cannot tell apart
        p = policy.kontra_probability(world.hands[defender], component, observed.trump)
        total += math.log(max(p if said else 1.0 - p, 1e-300))
    for component in observed.either:
        p1 = policy.kontra_probability(world.hands[1], component, observed.trump)
        p2 = policy.kontra_probability(world.hands[2], component, observed.trump)
        total += math.log(max(1.0 - (1.0 - p1) * (1.0 - p2), 1e-300))
    for seat, level in observed.passes:
        if seat != observed.seat:
            total += math.log(max(1.0 - policy.pick_up_probability(world.hands[seat], level), 1e-300))
    return max(total, LEAST_LOG_WEIGHT)


def world_weights(observed: Observed, worlds: Sequence[Deal], policy: Optional[Policy] = None) -> List[float]:
    """w(world) for each world: the product of the probabilities of the actions seen (the module)."""
    policy = policy or shipped_policy()
    return [math.exp(world_log_weight(observed, world, policy)) for world in worlds]


def effective_worlds(weights: Sequence[float]) -> float:
    """(Σw)² / Σw²: how many equally weighted worlds the weighted ones are worth (Kish)."""
    total = sum(weights)
    squares = sum(w * w for w in weights)
    return total * total / squares if squares > 0 else 0.0


class Summary(NamedTuple):
    mean: float
    stderr: float


def weighted_summary(values: Sequence[float], weights: Sequence[float], exact: bool = False) -> Summary:
    """The self-normalised mean Σwx/Σw and its standard error sqrt(Σ w²(x - x̄)²)/Σw, times
    sqrt(n_e/(n_e - 1)) (n_e: :func:`effective_worlds`) so that equal weights give the plain mean's
    sample standard error.  0 when every world is counted (``exact``)."""
    if len(values) != len(weights):
        raise ValueError("one weight per value")
    total = sum(weights)
    if total <= 0:
        raise ValueError("the weights add up to nothing")
    mean = sum(w * x for w, x in zip(weights, values)) / total
    n_e = effective_worlds(weights)
    if exact or n_e <= 1:
        return Summary(mean, 0.0)
    spread = math.sqrt(sum(w * w * (x - mean) ** 2 for w, x in zip(weights, values))) / total
    return Summary(mean, spread * math.sqrt(n_e / (n_e - 1)))


def resample(worlds: Sequence[Deal], weights: Sequence[float], count: int, offset: float) -> List[Deal]:
    """``count`` worlds drawn by systematic resampling in proportion to ``weights`` (``offset`` in
    [0, 1) fixes the draw): equally weighted worlds whose mean estimates the weighted one, for a
    search that counts worlds alike (the ``pimc`` bot's race)."""
    total = sum(weights)
    step = total / count
    chosen: List[Deal] = []
    target, running, index = offset * step, 0.0, 0
    for world, weight in zip(worlds, weights):
        running += weight
        while len(chosen) < count and target < running:
            chosen.append(world)
            target += step
        index += 1
    while len(chosen) < count:  # rounding at the very end
        chosen.append(worlds[-1])
    return chosen
