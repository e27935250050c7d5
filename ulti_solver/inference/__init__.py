"""Weighted worlds (issue 34): a player's aid beside R42's equally likely worlds.

:mod:`.features` (hand summaries), :mod:`.policy` (the fitted soft policy of
bids and kontras), :mod:`.observed` (what a seat saw that the policy explains),
:mod:`.weights` (world weights, effective worlds, weighted means).
"""

from .observed import Observed, from_calls, from_levels
from .policy import Policy, shipped_policy
from .weights import effective_worlds, weighted_summary, world_weights

__all__ = [
    "Observed",
    "Policy",
    "effective_worlds",
    "from_calls",
    "from_levels",
    "shipped_policy",
    "weighted_summary",
    "world_weights",
]
