"""Who sits where (R50's duplicate): the seatings of a match, the deals and the seeds.

A duplicate match plays every deal once for every **seating** of its bots
at the table, so that each meets the same cards in every seat.  Both
kinds of match have six seatings: two **chair orders** (the bots in the
chairs round the table), each turned three ways:

* three bots A, B, C: the six orders of them, every bot in one seat of
  each game; the chair orders are A-B-C and A-C-B;
* two bots A, B: the six seatings in which both play (AAB, ABA, BAA, ABB,
  BAB, BBA); the chair orders are A-A-B and A-B-B.  AAA and BBB are left
  out: a bot alone at the table wins exactly what it loses, so such a game
  says nothing of it.

Over the six, each bot sits in each table seat equally often (three times
with two bots, twice with three): whatever a deal gives a seat, each bot
gets the same share of it.  Seating ``o * 3 + r`` is chair order ``o``
turned ``r`` seats: table seat ``t`` is the chair ``(r + t) % 3``; so a
table whose first bidder moves on one chair a deal (seed 003's round,
:mod:`.rounds`) goes through the three seatings of its chair order.

Deal ``i`` of a match comes from ``(seed, i)`` alone, and each game's bot
seeds from ``(seed, i, seating)``: the games are the same however the
work is spread.
"""

from __future__ import annotations

import hashlib
import random
from typing import List, Sequence, Tuple

from ..cards import hand_of
from ..deal import Deal

#: The seatings of a deal in a match: every match has this many.
SEATINGS = 6
#: Chair orders (tuples of bot numbers, one per chair) by the number of bots.
CHAIR_ORDERS = {2: ((0, 0, 1), (0, 1, 1)), 3: ((0, 1, 2), (0, 2, 1))}


def seatings(bots: int) -> List[Tuple[int, int, int]]:
    """The bot number of each table seat, for the six seatings of a match of ``bots`` (2 or 3) bots."""
    return [
        (chairs[r % 3], chairs[(r + 1) % 3], chairs[(r + 2) % 3]) for chairs in CHAIR_ORDERS[bots] for r in range(3)
    ]


def seating_of(order: int, first: int) -> int:
    """The seating where chair ``first`` of chair order ``order`` is table seat 0 (bids first)."""
    return order * 3 + first % 3


def match_deal(seed: int, index: int) -> Deal:
    """Deal ``index`` (from 0) of the match of ``seed``: 12/10/10 in table seats (R45), before the discard."""
    cards = list(range(32))
    random.Random(f"ulti-match:{seed}:{index}").shuffle(cards)
    return Deal((hand_of(cards[:12]), hand_of(cards[12:22]), hand_of(cards[22:])), None)


def game_seed(seed: int, index: int, seating: int) -> int:
    """The seed of one game: its bots' choices repeat with it (:func:`ulti_solver.bots.table.play_game`)."""
    digest = hashlib.blake2b(f"ulti-match:{seed}:{index}:{seating}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def bot_labels(specs: Sequence[str]) -> List[str]:
    """How the match names each bot: its SPEC, and ``SPEC (2)`` for the second of two alike."""
    labels: List[str] = []
    for spec in specs:
        label = spec.strip()
        twins = sum(1 for other in specs[: len(labels)] if other.strip() == label)
        labels.append(label if not twins else f"{label} ({twins + 1})")
    return labels
