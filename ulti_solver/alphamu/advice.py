"""``ulti play --search alphamu[:M]``: each legal card valued by αμ, with what the search cost.

The worlds are those of R42 (all of them in a small ending, where the
answer is then exact; else drawn from the seed, the same for every card).
Each card's value is the best weighted mean over the worlds of the
player's strategies that start with it (:mod:`.search`); its per-world
results are those of that best strategy, so the standard errors and the
paired losses are computed as R43's are, on the same worlds.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Optional, Tuple, Union

from ..analysis.single_dummy import (
    PlayAdvice,
    WorldsError,
    chosen_worlds,
    legal_cards,
    values_of_cards,
    weighted_values_of_cards,
)
from ..i18n import L_
from ..inference.weights import effective_worlds
from ..knowledge import InformationSet
from ..kontra import NO_KONTRA, Kontra
from ..play import DECLARER
from .ending import Ending
from .fronts import weighted_mean
from .search import AlphaMu, Cost

#: Worlds drawn when the ending is not small enough to count them all.
DEFAULT_WORLDS = 32
#: A small ending: at most this many tricks to go and this many worlds, every world counted.
ALL_WORLDS_TRICKS = 3
ALL_WORLDS_UP_TO = 1_000
#: The player's moves searched by default, by the tricks still to go (to the end from
#: :data:`TO_THE_END_FROM` tricks, where that costs about as much as three moves earlier).
TO_THE_END_FROM = 4


@dataclass(frozen=True)
class SearchSpec:
    """``alphamu`` or ``alphamu:M``: M the player's moves searched, or None for the default."""

    depth: Optional[int] = None

    @classmethod
    def parse(cls, text: str) -> SearchSpec:
        name, colon, rest = text.strip().lower().partition(":")
        if name != "alphamu":
            raise WorldsError(L_("unknown search {name!r}: pimc (R43) or alphamu[:M]", name=text))
        if not colon or rest in ("", "end"):
            return cls(None if not colon else 0)
        if not rest.isdigit() or int(rest) < 1:
            raise WorldsError(
                L_("alphamu:M takes M, the moves searched, 1 or more (or 'end'); not {value!r}", value=rest)
            )
        return cls(int(rest))

    def depth_for(self, tricks_left: int) -> Optional[int]:
        """M for this ending: as given; 0 means to the end; by default 2, 3 from five tricks to
        go, to the end from :data:`TO_THE_END_FROM`."""
        if self.depth == 0:
            return None
        if self.depth is not None:
            return self.depth
        if tricks_left <= TO_THE_END_FROM:
            return None
        return 3 if tricks_left <= 5 else 2

    def name(self, depth: Optional[int]) -> str:
        return "alphamu:" + ("end" if depth is None else str(depth))


@dataclass(frozen=True)
class SearchAdvice(PlayAdvice):
    """R43's table of cards, valued by αμ: which search, how deep, and what it cost."""

    search: str = "alphamu"
    cost: Cost = field(default_factory=Cost)


def alphamu_worlds(info: InformationSet, samples: Union[int, str, None], seed: int) -> Tuple[list, bool]:
    """The worlds: all of them when asked (``"all"``) or by default in a small ending, else
    :data:`DEFAULT_WORLDS` drawn (R43's :func:`chosen_worlds`, its bounds and errors)."""
    small = 10 - len(info.played) // 3 <= ALL_WORLDS_TRICKS and info.count() <= ALL_WORLDS_UP_TO
    if samples is None:
        samples = "all" if small else DEFAULT_WORLDS
    return chosen_worlds(info, samples, seed)


def alphamu_advice(
    info: InformationSet,
    samples: Union[int, str, None] = None,
    *,
    seed: int = 0,
    kontra: Kontra = NO_KONTRA,
    spec: SearchSpec = SearchSpec(),
    weigh=None,
) -> SearchAdvice:
    """Every legal card of the seat to move, valued by αμ over the worlds, best first; ``weigh``
    (worlds -> weights), given, weighs the worlds (``--infer``) instead of counting them alike."""
    legal_cards(info)  # the same errors as R43's: the game over, not this seat's turn
    worlds, exact = alphamu_worlds(info, samples, seed)
    weights = None if weigh is None else list(weigh(worlds))
    ending = Ending.of(info, worlds, kontra=kontra, weights=weights)
    depth = spec.depth_for(ending.tricks_left)
    search = AlphaMu(ending, depth)
    fronts = search.card_fronts()
    cards = sorted(fronts)
    chosen_weights = ending.world_weights()
    totals = []
    for card in cards:
        best = max(fronts[card], key=lambda vector: weighted_mean(vector, chosen_weights))
        totals.append([ending.sign * value for value in best])  # back to the declarer's side
    exact = exact and depth is None and search.cost.cuts == 0
    declarer = info.to_move == DECLARER
    if weights is None:
        valued, effective = values_of_cards(cards, totals, declarer, exact), None
    else:
        valued = weighted_values_of_cards(cards, totals, weights, declarer, exact)
        effective = effective_worlds(weights)
    advice = SearchAdvice(info, valued, len(worlds), exact, info.count(), seed, kontra, effective)
    return replace(advice, search=spec.name(depth), cost=search.cost)
