"""A proportion's confidence interval: how sure a count of made games out of samples is."""

from __future__ import annotations

import math
from typing import Tuple

Z95 = 1.959963984540054  # the 97.5% point of the normal distribution


def wilson(made: int, samples: int, z: float = Z95) -> Tuple[float, float]:
    """The Wilson score interval for a proportion: sound near 0 and 1, unlike p +- z*se."""
    if samples == 0:
        return 0.0, 1.0
    p = made / samples
    denominator = 1 + z * z / samples
    centre = (p + z * z / (2 * samples)) / denominator
    half = z * math.sqrt(p * (1 - p) / samples + z * z / (4 * samples * samples)) / denominator
    # At p = 0 (or 1) the bound is 0 (or 1) exactly; say so rather than a rounding error's 3e-18.
    low = 0.0 if made == 0 else max(0.0, centre - half)
    high = 1.0 if made == samples else min(1.0, centre + half)
    return low, high
