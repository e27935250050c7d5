"""The exact reference for small endings: the best strategy of a player who sees only his own cards.

The player's card must be the same in every world he cannot tell apart; in
this game every card played is seen by all, so the worlds he cannot tell
apart at a moment are those that agree with the play so far.  The other
seats see every card: an opponent chooses in each world apart against the
player's strategy, and so does his fellow defender, for him.  The value of
a card is the best, over the player's strategies that start with it, of the
weighted mean over the worlds of what the game pays (R30-R34, R39) when the
other seats answer that strategy at their best in each world.

This is the plain form, written to be checked, not to be fast: it walks
every card of every world to the end of the game and settles each finished
game with :func:`ulti_solver.settlement.game_total`, and keeps, at each
moment, the front of what the player's strategies can reach in all the
worlds at once (:mod:`.fronts`: the set of results per strategy, with those
no better anywhere dropped, which no weighing of the worlds would choose).
The tests pin it to an enumeration of every strategy on tiny endings, and
:mod:`.search` to it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Dict, List

from ..cards import Card, cards_of
from ..i18n import L_
from ..position import Position
from ..settlement import game_total
from .ending import Ending, EndingError
from .fronts import Bound, FrontTooLarge, Vector, combine, front_value, union

#: The reference counts every card to the end: endings of at most this many tricks.
MOST_TRICKS = 3
#: ... and fronts of at most this many vectors (the question is NP-hard in general: a few
#: endings have more strategies worth keeping than can be counted).
MOST_VECTORS = 3_000


def exact_fronts(
    ending: Ending, most_tricks: int = MOST_TRICKS, most_vectors: int = MOST_VECTORS
) -> Dict[Card, List[Vector]]:
    """Each legal card of the player and the front of what his strategies starting with it reach
    (an :class:`EndingError` past ``most_vectors`` in a front)."""
    if ending.tricks_left > most_tricks:
        raise EndingError(
            L_(
                "the exact reference counts endings of at most {most} tricks; this one has {left}",
                most=most_tricks,
                left=ending.tricks_left,
            )
        )
    play, sign, size = ending.play, ending.sign, len(ending.worlds)
    scorings = ending.scorings()

    def front(positions: Dict[int, Position]) -> List[Vector]:
        some = next(iter(positions.values()))
        if some.finished:
            vector = [0] * size
            for world, position in positions.items():
                vector[world] = sign * game_total(scorings[world], position.so_far)
            return [tuple(vector)]
        mover = some.to_move
        if mover == ending.player:  # his hand is the same in every world, so are his cards
            return bound(union(front(after(positions, card)) for card in cards_of(some.legal(play))))
        children: Dict[Card, Dict[int, Position]] = {}
        for world, position in positions.items():
            for card in cards_of(position.legal(play)):
                children.setdefault(card, {})[world] = position.after(card, play)
        pick = max if ending.on_my_side(mover) else min
        return combine([(sorted(child), front(child)) for child in children.values()], size, sorted(positions), pick)

    def after(positions: Dict[int, Position], card: Card) -> Dict[int, Position]:
        return {world: position.after(card, play) for world, position in positions.items()}

    bound = Bound(most_vectors)
    start = dict(enumerate(ending.positions()))
    try:
        return {card: front(after(start, card)) for card in ending.legal_cards()}
    except FrontTooLarge as exc:
        raise EndingError(
            L_(
                "too many strategies worth keeping to count this ending exactly: a front of {count:,} vectors "
                "over {worlds:,} worlds",
                count=exc.args[0],
                worlds=size,
            )
        ) from None


def exact_values(
    ending: Ending, most_tricks: int = MOST_TRICKS, most_vectors: int = MOST_VECTORS
) -> Dict[Card, Fraction]:
    """Each legal card's exact value for the player: the best weighted mean over the worlds of his
    strategies that start with it, in declarer's totals S_1 + S_2 oriented his way (a defender's
    value is minus the declarer's).  Exact fractions when the weights are whole numbers."""
    weights = ending.world_weights()
    fronts = exact_fronts(ending, most_tricks, most_vectors)
    return {card: front_value(front, weights) for card, front in fronts.items()}
