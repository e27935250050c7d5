"""The ``alphamu`` bot: ``pimc`` in everything but the cards of the ending, played by αμ.

From trick ``from`` on (the sixth by default), every card is chosen by αμ
(:mod:`ulti_solver.alphamu`): one strategy for the worlds its seat cannot
tell apart, ``m`` of its moves deep (0: by the tricks to go, as ``ulti play
--search alphamu``), double dummy beyond, on ``ending-worlds`` worlds drawn as
``pimc`` draws them (all of them once no more fit, the ones that fit the
declarer's bid preferred, or with ``infer=1`` weighed by what the seat
heard and resampled).  Earlier cards, the auction and the kontras are
``pimc``'s (:mod:`.pimc_bot`).  Equal values go to the card ``simple``
would play.
"""

from __future__ import annotations

from ..alphamu import Ending
from ..alphamu.advice import SearchSpec
from ..alphamu.fronts import front_value
from ..alphamu.search import AlphaMu
from ..cards import Card
from ..i18n import L_
from .base import BotError, Request
from .moments import bid_and_declarer
from .pimc_bot import DEFAULT_BID_TIME, DEFAULT_WORLDS, PimcBot
from .seat_worlds import play_information
from .simple_play import choose_card

#: The first trick whose cards αμ chooses, and its worlds, by default.
DEFAULT_FROM = 6
DEFAULT_ALPHAMU_WORLDS = 32


class AlphaMuBot(PimcBot):
    """INTERFACE.md's bots, one more kind: options those of ``pimc`` and ``m``, ``from``,
    ``ending-worlds``."""

    def __init__(
        self,
        name: str = "alphamu",
        worlds: int = DEFAULT_WORLDS,
        bid_time: float = DEFAULT_BID_TIME,
        seed: int = 0,
        infer: int = 0,
        m: int = 0,
        from_: int = DEFAULT_FROM,
        ending_worlds: int = DEFAULT_ALPHAMU_WORLDS,
    ):
        super().__init__(name, worlds, bid_time, seed, infer)
        if m < 0 or not 1 <= from_ <= 10 or ending_worlds < 1:
            raise BotError(
                L_(
                    "alphamu: m is 0 (by the tricks to go) or more, from a trick 1-10, ending-worlds 1 or more; "
                    "not {m}, {first}, {worlds}",
                    m=m,
                    first=from_,
                    worlds=ending_worlds,
                )
            )
        self.spec = SearchSpec(m or None)
        self.first_trick, self.ending_worlds = int(from_), int(ending_worlds)

    def _card(self, request: Request) -> Card:
        legal, view, rules = list(request.legal), request.view, request.rules
        if len(legal) == 1 or len(view.played) // 3 + 1 < self.first_trick:
            return super()._card(request)
        bid, declarer = bid_and_declarer(view)
        info = play_information(view, self.memory, rules=rules)
        worlds, _exact = self.play_worlds(info, view, "card", rules=rules, count=self.ending_worlds)
        ending = Ending.of(info, worlds, kontra=self.kontra(view, rules=rules))
        fronts = AlphaMu(ending, self.spec.depth_for(ending.tricks_left)).card_fronts()
        weights = ending.world_weights()
        values = {card: front_value(front, weights) for card, front in fronts.items()}
        top = max(values.values())
        best = [card for card in sorted(values) if values[card] == top]
        if len(best) == 1:
            return best[0]
        return choose_card(view.hand, best, view.played, view.seat, declarer, bid, view.trump, rules=rules)
