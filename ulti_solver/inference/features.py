"""Hand features for the policy of :mod:`.policy`: a few numbers per bid component and trump.

Inference (issue 34) weighs each world by how likely the actions seen would
have been with the cards that world gives (:mod:`.weights`).  The actions are
modelled from short summaries of a hand, one small vector per component of a
bid and per trump (R14-R23: what a club player counts before bidding or
saying kontra), so that a world is scored with a few dozen multiplications:

* :func:`bid_features` -- the declarer's twelve cards (his ten and the talon
  he laid, R6, R46) for one component with trump ``t`` (None: betli or a
  colorless durchmars, R3, R23);
* :func:`kontra_features` -- a defender's ten cards for a kontra on one
  component (R36, R48);
* :func:`pick_up_features` -- a seat's ten cards, and how high the standing
  bid is, for picking the talon up rather than passing (R46).

Counts are scaled to about one, so that one L2 penalty suits every weight.
The names in :data:`BID_NAMES` and :data:`KONTRA_NAMES` are the keys of the
fitted parameters (ulti_solver/data/inference.json).
"""

from __future__ import annotations

from typing import Dict, Optional, Tuple

from ..cards import ACE, KING, OBER, SEVEN, SUITS, TEN, Hand, Suit

#: The components of R14-R23, as :class:`~ulti_solver.bids.Component` names them.
COMPONENTS = ("party", "40-100", "20-100", "ulti", "four-aces", "durchmars", "betli")

BID_NAMES: Dict[str, Tuple[str, ...]] = {
    "party": ("trumps", "trump_at", "trump_ko", "aces_out", "tens_out", "marriages", "voids"),
    "40-100": ("trump_marriage", "trumps", "aces", "tens", "marriages"),
    "20-100": ("side_marriage", "trumps", "aces", "tens"),
    "ulti": ("trump_seven", "trumps", "trump_ace", "trump_ten", "trump_ko", "aces_out"),
    "four-aces": ("all_aces", "aces", "trumps"),
    "durchmars": ("aces", "tens", "kings", "voids", "longest", "trumps"),
    "betli": ("sevens", "low", "middle", "high", "voids"),
}

KONTRA_NAMES: Dict[str, Tuple[str, ...]] = {
    "party": ("bias", "trumps", "trump_honours", "aces_out", "tens_out", "marriages"),
    "40-100": ("bias", "trumps", "trump_at", "aces", "tens"),
    "20-100": ("bias", "trumps", "trump_at", "aces", "tens"),
    "ulti": ("bias", "trumps", "trump_ace", "trump_ten", "trump_ko"),
    "four-aces": ("bias", "aces"),
    "durchmars": ("bias", "aces", "tens", "kings", "trumps"),
    "betli": ("bias", "sevens", "low", "voids"),
}

PICK_UP_NAMES: Tuple[str, ...] = ("bias", "aces", "tens", "longest", "marriages", "seven_long", "voids", "level")


def _has(hand: Hand, suit: int, rank: int) -> int:
    return (hand >> (suit * 8 + rank)) & 1


def _lengths(hand: Hand) -> Tuple[int, ...]:
    return tuple(bin((hand >> (8 * s)) & 0xFF).count("1") for s in SUITS)


def _rank_count(hand: Hand, ranks) -> int:
    return sum(_has(hand, s, r) for s in SUITS for r in ranks)


class HandSummary:
    """The counts every feature is made of, worked out once per hand."""

    __slots__ = (
        "hand",
        "lengths",
        "aces",
        "tens",
        "kings",
        "voids",
        "marriage_suits",
        "sevens",
        "low",
        "middle",
        "high",
    )

    def __init__(self, hand: Hand):
        self.hand = hand
        self.lengths = _lengths(hand)
        self.aces = _rank_count(hand, (ACE,))
        self.tens = _rank_count(hand, (TEN,))
        self.kings = _rank_count(hand, (KING,))
        self.voids = sum(1 for n in self.lengths if n == 0)
        self.marriage_suits = tuple(s for s in SUITS if _has(hand, s, KING) and _has(hand, s, OBER))
        self.sevens = _rank_count(hand, (SEVEN,))
        # Betli order (R3): 7 8 9 10 U O K A; low cards are safe, high ones take tricks.
        self.low = _rank_count(hand, (1, 2))
        self.middle = _rank_count(hand, (TEN, 3))
        self.high = _rank_count(hand, (OBER, KING, ACE))


def bid_features(summary: HandSummary, component: str, trump: Optional[Suit]) -> Tuple[float, ...]:
    """The features of ``component`` said with ``trump`` from the declarer's twelve cards (R46)."""
    h, t = summary.hand, trump
    trumps = summary.lengths[t] if t is not None else 0
    t_ace = _has(h, t, ACE) if t is not None else 0
    t_ten = _has(h, t, TEN) if t is not None else 0
    t_ko = (_has(h, t, KING) + _has(h, t, OBER)) if t is not None else 0
    aces_out, tens_out = summary.aces - t_ace, summary.tens - t_ten
    marriages = len(summary.marriage_suits)
    if component == "party":
        return (trumps / 4, (t_ace + t_ten) / 2, t_ko / 2, aces_out / 2, tens_out / 2, marriages / 2, summary.voids)
    if component == "40-100":
        married = 1 if t is not None and t in summary.marriage_suits else 0
        return (married, trumps / 4, summary.aces / 2, summary.tens / 2, marriages / 2)
    if component == "20-100":
        side = 1 if any(s != t for s in summary.marriage_suits) else 0
        return (side, trumps / 4, summary.aces / 2, summary.tens / 2)
    if component == "ulti":
        seven = _has(h, t, SEVEN) if t is not None else 0
        return (seven, trumps / 4, t_ace, t_ten, t_ko / 2, aces_out / 2)
    if component == "four-aces":
        return (1 if summary.aces == 4 else 0, summary.aces / 4, trumps / 4)
    if component == "durchmars":
        return (
            summary.aces / 4,
            summary.tens / 4,
            summary.kings / 4,
            summary.voids,
            max(summary.lengths) / 4,
            trumps / 4,
        )
    if component == "betli":
        return (summary.sevens / 2, summary.low / 4, summary.middle / 4, summary.high / 4, summary.voids)
    raise ValueError(component)


def kontra_features(summary: HandSummary, component: str, trump: Optional[Suit]) -> Tuple[float, ...]:
    """The features of a defender's kontra on ``component`` from his ten cards (R36, R48)."""
    h, t = summary.hand, trump
    trumps = summary.lengths[t] if t is not None else 0
    t_ace = _has(h, t, ACE) if t is not None else 0
    t_ten = _has(h, t, TEN) if t is not None else 0
    t_ko = (_has(h, t, KING) + _has(h, t, OBER)) if t is not None else 0
    if component == "party":
        return (
            1.0,
            trumps / 4,
            (t_ace + t_ten + t_ko) / 2,
            (summary.aces - t_ace) / 2,
            (summary.tens - t_ten) / 2,
            len(summary.marriage_suits) / 2,
        )
    if component in ("40-100", "20-100"):
        return (1.0, trumps / 4, (t_ace + t_ten) / 2, summary.aces / 2, summary.tens / 2)
    if component == "ulti":
        return (1.0, trumps / 4, t_ace, t_ten, t_ko / 2)
    if component == "four-aces":
        return (1.0, summary.aces)
    if component == "durchmars":
        return (1.0, summary.aces / 2, summary.tens / 2, summary.kings / 2, trumps / 4)
    if component == "betli":
        return (1.0, summary.sevens / 2, summary.low / 4, summary.voids)
    raise ValueError(component)


def pick_up_features(summary: HandSummary, level: float) -> Tuple[float, ...]:
    """The features of picking the talon up over a standing bid ``level`` (its place in the R47
    order, 0 the lowest, 1 the highest) with ten cards (R46)."""
    h = summary.hand
    seven_long = max((1 if _has(h, s, SEVEN) and summary.lengths[s] >= 4 else 0) for s in SUITS)
    return (
        1.0,
        summary.aces / 4,
        summary.tens / 4,
        max(summary.lengths) / 4,
        len(summary.marriage_suits) / 2,
        seven_long,
        summary.voids / 2,
        level,
    )
