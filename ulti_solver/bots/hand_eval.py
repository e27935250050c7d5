"""A club player's count of a hand, without search: what ``simple`` bids, lays and kontras by.

Cards are ints (:mod:`ulti_solver.cards`): ranks 7=0 ... A=7 in the trump
order of R2; the no-trump order of R3 is :data:`~ulti_solver.cards.NO_TRUMP_STRENGTH`.
Every rule here is written down in docs/bots.md ("simple") and tested on
hand-made hands in tests/test_bots.py.

* :func:`simple_points`: ace 2, a guarded ten 1 (with its ace, or with two
  more of its suit), each trump past the third 1, the 40 (trump king and
  ober) 2, each 20 1.
* :func:`support`: whether a kept ten-card hand supports a bid in a trump:
  every component it plays must be supported (:func:`component_support`).
* :func:`discard_for`: the two cards laid for a bid and trump: in a trump
  game the two lowest cards that are not trumps, aces, tens or half of a
  marriage (the shorter suit first on a tie); in betli the most dangerous
  cards; in colorless durchmars the lowest.
* :func:`plan_for`: the discard, bid and trump from twelve cards: the
  highest-ranked supported bid among the legal ones, else the lowest legal
  bid in its best trump.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from ..bids import BETLI, DURCHMARS, FORTY_100, FOUR_ACES, NON_RED_TRUMPS, PARTY, TWENTY_100, ULTI, Bid
from ..cards import (
    ACE,
    BB_ACES,
    BB_SUITS,
    HEARTS,
    KING,
    NO_TRUMP_STRENGTH,
    OBER,
    SEVEN,
    SUITS,
    TEN,
    TRUMP_STRENGTH,
    Card,
    Hand,
    Suit,
    card_rank,
    card_suit,
    cards_of,
    make_card,
)
from ..game.ranking import bid_order
from ..variants import Rules

#: Support levels: none, enough to bid it, strong enough to redouble a kontra on it.
NONE, BID_IT, STRONG = 0, 1, 2


def holds(hand: Hand, suit: Suit, rank: int) -> bool:
    return bool((hand >> make_card(suit, rank)) & 1)


def length(hand: Hand, suit: Suit) -> int:
    return (hand & BB_SUITS[suit]).bit_count()


def aces(hand: Hand) -> int:
    return (hand & BB_ACES).bit_count()


def marriage(hand: Hand, suit: Suit) -> bool:
    return holds(hand, suit, KING) and holds(hand, suit, OBER)


def strength_of(card: Card, trump_game: bool) -> int:
    """The card's strength within its suit: R2 in a trump game, R3 without."""
    return (TRUMP_STRENGTH if trump_game else NO_TRUMP_STRENGTH)[card_rank(card)]


def simple_points(hand: Hand, trump: Optional[Suit]) -> int:
    """The club count of the module: aces, guarded tens, trump length, marriages."""
    points = 2 * aces(hand)
    for suit in SUITS:
        if holds(hand, suit, TEN) and (holds(hand, suit, ACE) or length(hand, suit) >= 3):
            points += 1
        if marriage(hand, suit):
            points += 2 if suit == trump else 1
    if trump is not None:
        points += max(0, length(hand, trump) - 3)
    return points


def trump_score(hand: Hand, suit: Suit) -> Tuple[int, int, int]:
    """How good ``suit`` is as trump: its length, then its honours (A, T, K, O), then the count."""
    honours = sum(holds(hand, suit, rank) for rank in (ACE, TEN, KING, OBER))
    return length(hand, suit), honours, simple_points(hand, suit)


def best_trump(hand: Hand, suits: Sequence[Suit] = SUITS) -> Suit:
    """The longest suit with the most honours (R29's choice, by rule of thumb)."""
    return max(suits, key=lambda suit: (trump_score(hand, suit), -suit))


def top_sequence(hand: Hand, suit: Suit, trump_game: bool) -> bool:
    """Whether the suit is held as its top cards only (A, then the next ones down): all winners."""
    held = sorted((strength_of(c, trump_game) for c in cards_of(hand & BB_SUITS[suit])), reverse=True)
    return all(strength == 7 - index for index, strength in enumerate(held))


def bottom_sequence(hand: Hand, suit: Suit) -> bool:
    """Whether the suit is held as its lowest cards only (7, then 8, ...: R3): it never wins a trick."""
    held = sorted(strength_of(c, False) for c in cards_of(hand & BB_SUITS[suit]))
    return all(strength == index for index, strength in enumerate(held))


def betli_danger(hand: Hand) -> List[Card]:
    """The cards that may be forced to win a betli trick: in each suit, by the no-trump order
    (R3: 7, 8, 9, 10, U, O, K, A), the k-th lowest card (from 0) is safe up to strength 2k (the
    7 alone, a second card up to the 9, a third up to the unter, a fourth up to the king); the
    others are dangerous, highest first."""
    danger = []
    for suit in SUITS:
        held = sorted(cards_of(hand & BB_SUITS[suit]), key=lambda c: strength_of(c, False))
        danger += [c for k, c in enumerate(held) if strength_of(c, False) > 2 * k]
    return sorted(danger, key=lambda c: (-strength_of(c, False), c))


def component_support(component: str, hand: Hand, trump: Optional[Suit], red: bool = False) -> int:
    """How well the ten kept cards support one component in ``trump`` (module rules; docs/bots.md)."""
    if component == BETLI:
        if betli_danger(hand):
            return NONE
        return STRONG if all(bottom_sequence(hand, s) for s in SUITS) else BID_IT
    if trump is None:  # colorless durchmars
        return STRONG if all(top_sequence(hand, s, False) for s in SUITS) else NONE
    trumps, points = length(hand, trump), simple_points(hand, trump)
    if component == PARTY:
        return STRONG if points >= 12 else BID_IT if points >= 7 else NONE
    if component == ULTI:
        if not (holds(hand, trump, SEVEN) and holds(hand, trump, ACE)) or trumps < 5:
            return NONE
        if trumps >= 6 and holds(hand, trump, TEN):
            return STRONG
        side_aces = aces(hand) - 1
        return BID_IT if trumps >= 6 or holds(hand, trump, TEN) or side_aces >= 1 else NONE
    if component == FORTY_100:
        if not marriage(hand, trump) or trumps < 4 or aces(hand) < 2:
            return NONE
        return STRONG if aces(hand) >= 3 and trumps >= 5 else BID_IT if points >= 9 else NONE
    if component == TWENTY_100:
        twenty = any(marriage(hand, s) for s in SUITS if s != trump)
        strong_trumps = trumps >= 5 and holds(hand, trump, ACE) and holds(hand, trump, TEN)
        return BID_IT if twenty and strong_trumps and aces(hand) >= 3 else NONE
    if component == FOUR_ACES:
        return BID_IT if aces(hand) == 4 and trumps >= 4 else NONE
    if component == DURCHMARS:
        every = all(top_sequence(hand, s, True) for s in SUITS)
        return STRONG if every and trumps >= 4 else NONE
    return NONE


def support(bid: Bid, trump: Optional[Suit], hand: Hand) -> int:
    """The least support among the components the bid stands on: the party only when bid alone
    (an ulti carries it), the red and open flags asking for strong support (red betli, open
    anything) since they double or show the hand."""
    parts = [c for c in bid.components if c != PARTY or bid.components == {PARTY}]
    level = min(component_support(c, hand, trump) for c in parts)
    if bid.open or (bid.red and not bid.has_trump):
        return STRONG if level == STRONG else NONE
    return level


# -- The discard (R6, R46) ---------------------------------------------------------------------


def _lowest_first(cards: Sequence[Card], hand: Hand, trump_game: bool) -> List[Card]:
    """Cards by strength, lowest first; a tie goes to the shorter suit (a void is worth making)."""
    return sorted(cards, key=lambda c: (strength_of(c, trump_game), length(hand, card_suit(c)), c))


def discard_for(hand12: Hand, bid: Bid, trump: Optional[Suit], *, rules: Rules) -> Tuple[Card, Card]:
    """The two cards laid for ``bid`` in ``trump`` (the module), as a pair in card order."""
    cards = list(cards_of(hand12))
    if BETLI in bid.components:
        danger = betli_danger(hand12)
        rest = sorted((c for c in cards if c not in danger), key=lambda c: (-strength_of(c, False), c))
        chosen = (danger + rest)[:2]
    elif trump is None:  # colorless durchmars: keep the winners
        chosen = _lowest_first(cards, hand12, False)[:2]
    else:
        chosen = []
        for relax in range(4):  # fewer and fewer cards kept back, until two are found
            pool = [c for c in cards if c not in chosen and _may_lay(c, hand12, trump, relax, rules=rules)]
            chosen += _lowest_first(pool, hand12, True)[: 2 - len(chosen)]
            if len(chosen) == 2:
                break
    first, second = sorted(chosen)
    return first, second


def _may_lay(card: Card, hand: Hand, trump: Suit, relax: int, *, rules: Rules) -> bool:
    """Whether a trump game may lay ``card``: never a trump (until the last resort), an ace or a
    ten (their points go to the defenders, R16; a ten may go under talon-to-declarer), nor half
    of a marriage (R15) -- each kept back less as ``relax`` grows."""
    suit, rank = card_suit(card), card_rank(card)
    if relax >= 3:
        return not (suit == trump and rank == SEVEN)
    if suit == trump:
        return False
    if rank == ACE:
        return relax >= 2
    if rank == TEN and not rules.talon_to_declarer:
        return relax >= 2
    if rank in (KING, OBER) and marriage(hand, suit):
        return relax >= 1
    return True


# -- The plan: discard, bid and trump from twelve cards ------------------------------------------


@dataclass(frozen=True)
class Plan:
    """A discard, bid and trump chosen together (R46), and how well the kept hand supports it."""

    discard: Tuple[Card, Card]
    bid: Bid
    trump: Optional[Suit]
    level: int


def planned_trump(plan: Optional[Plan], hand: Hand, legal: Sequence[Optional[Suit]]) -> Optional[Suit]:
    """The trump to name (R29): the one planned with the bid, if it may be named; none for a bid
    without trump; else the best suit of the hand among those allowed."""
    if plan is not None and plan.trump in legal:
        return plan.trump
    if tuple(legal) == (None,):
        return None
    return best_trump(hand, [suit for suit in legal if suit is not None])


def trumps_of(bid: Bid) -> Tuple[Optional[Suit], ...]:
    """The trumps a bid may be played in (R28, R29)."""
    if not bid.has_trump:
        return (None,)
    return (HEARTS,) if bid.red else NON_RED_TRUMPS


def plan_for(hand12: Hand, bids: Sequence[Bid], *, rules: Rules) -> Plan:
    """The module's plan: the highest-ranked bid of ``bids`` the kept hand supports (the better
    trump on a tie), else the lowest of ``bids`` in its best trump."""
    order = {bid: index for index, bid in enumerate(bid_order(rules=rules).bids)}
    kept: Dict[Tuple[Bid, Optional[Suit]], Tuple[Card, Card]] = {}
    best: Optional[Tuple[tuple, Plan]] = None
    for bid in bids:
        for trump in trumps_of(bid):
            discard = kept.setdefault((bid, trump), discard_for(hand12, bid, trump, rules=rules))
            hand = hand12 & ~((1 << discard[0]) | (1 << discard[1]))
            level = support(bid, trump, hand)
            if level == NONE:
                continue
            key = (order.get(bid, -1), level, trump_score(hand, trump) if trump is not None else (0, 0, 0))
            if best is None or key > best[0]:
                best = (key, Plan(discard, bid, trump, level))
    if best is not None:
        return best[1]
    lowest = min(bids, key=lambda bid: order.get(bid, len(order)))
    trumps = trumps_of(lowest)
    trump = None if trumps == (None,) else best_trump(hand12, [t for t in trumps if t is not None])
    return Plan(discard_for(hand12, lowest, trump, rules=rules), lowest, trump, NONE)


def supported_bids(hand10: Hand, bids: Sequence[Bid]) -> List[Tuple[Bid, Optional[Suit]]]:
    """The bids (with a trump) that ten cards support as they are: what a pick-up is worth."""
    return [(bid, trump) for bid in bids for trump in trumps_of(bid) if support(bid, trump, hand10) != NONE]
