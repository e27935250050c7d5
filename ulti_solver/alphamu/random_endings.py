"""Endings drawn at random, for the tests and the search for endings where R43 misplays.

A deal drawn from a seed, a bid drawn from a short list that covers the
kinds of goal (points, the trump seven, tricks, no tricks), random legal
cards (R9-R12) until ``tricks_left`` tricks and ``extra`` cards of the next
remain to play, and the information set of the seat to move then (R40-R42).
"""

from __future__ import annotations

import random
from typing import List, NamedTuple, Optional

from ..bids import Bid, parse_bid
from ..cards import Card, cards_of
from ..deal import Deal
from ..dealing import random_deal
from ..knowledge import InformationSet, information_set
from ..play import PlayRules
from ..position import start_of_play

#: (bid, trump) pairs the draws choose from.
GAMES = (
    ("party", 1),
    ("ulti", 2),
    ("40-100", 3),
    ("durchmars", 1),
    ("betli", None),
    ("red ulti", 0),
)


class RandomEnding(NamedTuple):
    deal: Deal
    bid: Bid
    trump: Optional[int]
    played: List[Card]
    info: InformationSet


def random_ending(seed: int, tricks_left: int = 3, extra: Optional[int] = None) -> RandomEnding:
    """The ending of seed ``seed``: ``tricks_left`` full tricks to go after ``extra`` (0-2, drawn
    when None) cards of the trick under way."""
    rng = random.Random(seed)
    deal = random_deal(rng)
    text, trump = rng.choice(GAMES)
    bid = parse_bid(text)
    play = PlayRules.for_game(bid, trump)
    if extra is None:
        extra = rng.randrange(3)
    position, played = start_of_play(deal), []
    for _ in range(3 * (10 - tricks_left) + extra):
        card = rng.choice(list(cards_of(position.legal(play))))
        played.append(card)
        position = position.after(card, play)
    info = information_set(deal, bid, trump, played=played, seat=position.to_move)
    return RandomEnding(deal, bid, trump, played, info)
