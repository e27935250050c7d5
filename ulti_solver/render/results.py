"""How a finished game settles, in words: the one piece of render/ that works a settlement out.

It lives apart from :mod:`.words` because it loads :mod:`ulti_solver.settlement`, whose
results print themselves through render/ (``str(settlement)``): kept here, the words every
table uses stay below the settlement, and the package keeps no import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ..kontra import NO_KONTRA
from ..scoring import Scoring
from .words import settlement_text

if TYPE_CHECKING:
    from ..bids import Bid
    from ..deal import Deal
    from ..variants import Rules


def result_text(deal: Deal, bid: Bid, trump: Optional[int], *, rules: Rules, outcome, kontra=None) -> str:
    """How a finished game (``outcome``, all ten tricks) settles, in words (R30-R33, R38)."""
    from ..settlement import game_settlement  # loaded only where a game ends

    return settlement_text(game_settlement(Scoring(deal, bid, trump, rules=rules, kontra=kontra or NO_KONTRA), outcome))
