"""``ulti kontra --infer``: the doublings weighed on weighted worlds (issue 34).

A player's aid beside R42's equal worlds (:mod:`.kontra_advice` is the
default): the worlds are weighed by the fitted policy of
:mod:`ulti_solver.inference` from what the command is given -- the bid and
the kontras said before the seat speaks (R48) -- and each doubling's
payments become self-normalised weighted means, the gain still paired on
the same worlds with its weighted standard error.
"""

from __future__ import annotations

from fractions import Fraction
from typing import List, NamedTuple

from ..bids import Bid
from ..kontra import Kontra
from ..variants import Rules


def inferred(seat: int, bid: Bid, trump, base: Kontra, *, rules: Rules):
    """``--infer``: worlds -> weights from the bid (for a defender) and the kontras given, read as
    said at the first trick's moments already over when ``seat`` speaks (R48): none for defender 1,
    defender 1's for defender 2, both for the declarer's redoubles."""
    from ..inference.observed import from_levels
    from ..inference.weights import world_weights

    passed = {0: (1, 2), 1: (), 2: (1,)}[seat]
    observed = from_levels(seat, bid, trump, passed, kontra=base, rules=rules)
    return lambda deals: world_weights(observed, deals)


class Weighed(NamedTuple):
    """One doubling on weighted worlds, in totals (twice the units a defender)."""

    without: Fraction
    with_it: Fraction
    gain: Fraction
    stderr_gain: float
    p_made: float


def weighted_choices(options, shares, made, weights, sign: int, exact: bool) -> List[Weighed]:
    """Each doubling on weighted worlds: self-normalised means, the weighted paired standard error."""
    from ..inference.weights import weighted_summary

    total = sum(weights)
    found = []
    for option, doubled in zip(options, shares[1:], strict=True):
        without = weighted_summary([sign * s for s in shares[0]], weights, exact)
        with_it = weighted_summary([sign * s for s in doubled], weights, exact)
        gain = weighted_summary([sign * (b - a) for a, b in zip(shares[0], doubled, strict=True)], weights, exact)
        p_made = sum(w for w, m in zip(weights, made[option.component]) if m) / total
        found.append(Weighed(Fraction(without.mean), Fraction(with_it.mean), Fraction(gain.mean), gain.stderr, p_made))
    return found
