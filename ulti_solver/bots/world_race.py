"""A small race on shared worlds (R43): every alternative valued on the same worlds, in looks,
the clearly worse dropped between looks, within a budget of world searches.

The ``pimc`` bot asks it of cards, bids and kontras alike.  Values are the
declarer's totals S_1 + S_2 (R39), integers, one per world; ``sign`` is +1
when the seat wants them high (the declarer) and -1 when low (a defender).
An alternative is dropped after a look when the leader is ahead of it on
the paired differences by more than :data:`SEPARATION` standard errors
(with every world counted: ahead at all).  The budget counts searches, not
seconds, so the same question gets the same answer on any machine.
"""

from __future__ import annotations

import math
from typing import Callable, Dict, List, Optional, Sequence

#: Standard errors of the paired difference by which the leader must be ahead to drop one.
SEPARATION = 2.0


def mean(values: Sequence[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def _behind(lead: Sequence[int], other: Sequence[int], sign: int, exact: bool) -> bool:
    """Whether ``other`` is clearly worse than ``lead`` on the same worlds."""
    diffs = [sign * (a - b) for a, b in zip(lead, other)]
    n = len(diffs)
    average = sum(diffs) / n
    if exact or n < 2:
        return average > 0 if exact else False
    variance = sum((d - average) ** 2 for d in diffs) / (n - 1)
    return average > 0 and average > SEPARATION * math.sqrt(variance / n)


def race(
    count: int,
    alternatives: int,
    value: Callable[[int, int, int], List[int]],
    *,
    sign: int,
    looks: Sequence[int],
    budget: Optional[int] = None,
    keep: Optional[int] = None,
    exact: bool = False,
) -> Dict[int, List[int]]:
    """Race ``alternatives`` (indices) on ``count`` worlds: ``value(i, start, end)`` is the totals of
    alternative ``i`` on worlds ``start`` to ``end``.  The first look always runs; a later one only
    while the ``budget`` (searches) lasts.  Returns the totals of those still in the race, all on
    the same worlds; ``keep`` caps how many stay in after each look (the best by mean)."""
    totals: Dict[int, List[int]] = {i: [] for i in range(alternatives)}
    alive = list(range(alternatives))
    done = spent = 0
    ends = [count] if exact else sorted({min(count, end) for end in looks if end > 0})
    for end in ends:
        if end <= done:
            continue
        if done and budget is not None and spent + (end - done) * len(alive) > budget:
            break
        for i in alive:
            totals[i] += value(i, done, end)
        spent += (end - done) * len(alive)
        done = end
        leader = max(alive, key=lambda i: (sign * sum(totals[i]), -i))
        alive = [i for i in alive if i == leader or not _behind(totals[leader], totals[i], sign, exact)]
        if keep is not None and len(alive) > keep:
            alive = sorted(alive, key=lambda i: (-sign * sum(totals[i]), i))[:keep]
        if len(alive) == 1:
            break
    return {i: totals[i] for i in alive}


def leaders(totals: Dict[int, List[int]], sign: int) -> List[int]:
    """The alternatives with the best mean (ties all of them), in index order; all were valued on
    the same worlds, so their sums compare exactly."""
    best = max(sign * sum(values) for values in totals.values())
    return sorted(i for i, values in totals.items() if sign * sum(values) == best)
