"""Card play beyond sampling worlds: strategy fusion fixed (αμ, Cazenave and Ventos, 2019).

R43's single-dummy value lets the player choose differently in every world,
as if he could see which one he is in.  Here the player's choice is the
same in every world he cannot tell apart, and the other seats see every
card: :mod:`.exact` is the plain reference for small endings,
:mod:`.search` the αμ search that equals it when it looks to the end and,
earlier, looks M of the player's moves ahead with double-dummy values
beyond; :mod:`.advice` is what ``ulti play --search alphamu`` and the
``alphamu`` bot ask of it.
"""

from .ending import Ending, EndingError
from .fronts import pareto

__all__ = ["Ending", "EndingError", "pareto"]
