"""ulti-solver: double-dummy analysis of Ulti deals.

The names most programs need are here; see the README for the rest.
"""

from .bids import Bid, BidError, parse_bid, parse_trump
from .deal import Deal, DealError, parse_deal
from .solution import Solution
from .solver import solve, solve_bid
from .variants import Rules, VariantError, make_rules

__version__ = "0.1.0"

__all__ = [
    "Bid", "BidError", "Deal", "DealError", "Rules", "Solution", "VariantError",
    "make_rules", "parse_bid", "parse_deal", "parse_trump", "solve", "solve_bid",
]
