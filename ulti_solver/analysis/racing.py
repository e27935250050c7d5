"""The statistics of a race between choices valued on the same worlds (R43).

Every choice is valued on the same worlds, so two choices are compared by
their *paired* differences, world by world: the noise the worlds share
(a deal where every bid does well) cancels, and the difference carries its
own standard error.  All the arithmetic is on the declarer's totals
S_1 + S_2 (integers, R39); a value per defender is half of it.

**The rule that drops a choice.**  After each batch of a look at the
worlds, a choice c is dropped when the one-sided upper confidence limit of
its mean paired difference with a reference R (the leader, or the
steadiest of the best: the one whose mean has the highest lower confidence
limit) is below :data:`INDIFFERENCE` (0.2 in all, a tenth of a unit per
defender):

    mean(V_c - V_R) + t(1 - ALPHA, n - 1) * stderr(V_c - V_R) < INDIFFERENCE

where t is Student's quantile with n - 1 degrees of freedom and
:data:`ALPHA` is 0.001.  Where c has not been searched in a world its
value there is replaced by an upper bound (ulti_solver.analysis.bid_bounds):
the bounded differences are at least the true ones world by world, so
their mean is at least the true mean, and a test that puts their mean
below the margin puts the true one below it, with the same error.

**Its error rate.**  Each test wrongly drops a choice that is in truth
better than its reference by INDIFFERENCE or more with probability at
most ALPHA (in the normal approximation of the mean, which the t quantile
makes conservative for the few worlds of the first look); a bound in
place of a value only makes a test more cautious.  A choice is held to
at most two references (the leader, and the steadiest of the best) after
each batch of a look, and there are four looks for 200 worlds: a few
dozen tests at most, so by the union bound a choice better than every
reference by the margin is dropped with a chance of a few percent at the
very worst.  The tests are far from independent (the same worlds, bounds
that only tighten), so the true chance is much smaller;
``benchmarks/bid_honesty.py`` measures what matters, the first choice
against a brute force (BENCHMARKS.md).  Choices within the margin of the
leader are dropped on purpose: as far as the worlds can tell they are as
good as it, and chasing them would cost more worlds than any table can
see.  With every world counted the means are exact and a choice is
dropped only when its mean is below the reference's.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction
from statistics import NormalDist
from typing import NamedTuple, Sequence

#: The chance, per test, of dropping a choice that is better than its reference by the margin.
ALPHA = 0.001
#: The indifference margin, in the declarer's total (0.1 unit per defender).
INDIFFERENCE = 0.2
#: Two standard errors: what "separated" means in a report (about 95%, one in twenty by chance).
SEPARATION = 2.0


@functools.lru_cache(maxsize=1024)
def t_quantile(p: float, df: int) -> float:
    """Student's t quantile: the normal one corrected for ``df`` degrees of freedom
    (the Cornish-Fisher series of Abramowitz and Stegun 26.7.5; within 0.3% from 5 degrees)."""
    z = NormalDist().inv_cdf(p)
    if df <= 0:
        return math.inf
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + sum(term / df ** (power + 1) for power, term in enumerate(terms))


class Paired(NamedTuple):
    """The mean of some per-world numbers and its standard error (0 with every world counted)."""

    n: int
    mean: Fraction
    stderr: float

    @property
    def per_defender(self) -> float:
        """The mean of declarer's totals as units per defender (R39)."""
        return float(self.mean / 2)

    @property
    def stderr_per_defender(self) -> float:
        return self.stderr / 2


def summary(values: Sequence[int], exact: bool = False) -> Paired:
    """Mean and standard error (sample variance, n - 1) of integers; exact: no error."""
    n = len(values)
    if n == 0:
        return Paired(0, Fraction(0), 0.0)
    total = sum(values)
    mean = Fraction(total, n)
    if exact or n < 2:
        return Paired(n, mean, 0.0)
    squares = sum(v * v for v in values)
    variance = (squares - Fraction(total * total, n)) / (n - 1)
    return Paired(n, mean, math.sqrt(max(0.0, float(variance)) / n))


def differences(these: Sequence[int], those: Sequence[int]) -> list:
    """World by world: these minus those."""
    return [a - b for a, b in zip(these, those, strict=True)]


def _mean_and_stderr(values: Sequence[int]):
    """Floats, fast: the race asks this of thousands of choices a look."""
    n = len(values)
    total = sum(values)
    mean = total / n
    if n < 2:
        return mean, math.inf
    variance = (sum(v * v for v in values) - total * total / n) / (n - 1)
    return mean, math.sqrt(max(0.0, variance) / n)


def clearly_worse(diffs: Sequence[int], exact: bool) -> bool:
    """Whether a choice whose differences with a reference are ``diffs`` (its totals, or upper
    bounds on them, minus the reference's, world by world) is dropped (the rule of the module)."""
    if exact:
        return sum(diffs) < 0
    mean, stderr = _mean_and_stderr(diffs)
    return mean + t_quantile(1 - ALPHA, len(diffs) - 1) * stderr < INDIFFERENCE


def lower_limit(values: Sequence[int], exact: bool) -> float:
    """The one-sided lower confidence limit of the mean (the mean itself when exact)."""
    if exact:
        return sum(values) / len(values)
    mean, stderr = _mean_and_stderr(values)
    return mean - t_quantile(1 - ALPHA, len(values) - 1) * stderr


def separated(diffs: Sequence[int], exact: bool) -> bool:
    """Whether the first is ahead of the second by more than twice the standard error of the
    paired difference (with every world counted: ahead at all)."""
    stats = summary(diffs, exact)
    if exact:
        return stats.mean > 0
    return float(stats.mean) > SEPARATION * stats.stderr
