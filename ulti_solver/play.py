"""Rules of play (R8-R13): who may play what, and who wins a trick.

This is the Python legal-move generator; the Cython core has the only
other one.  Both work on hand masks (see :mod:`ulti_solver.cards`).
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Sequence, Tuple

from .bids import Bid
from .cards import (
    BB_SUITS,
    NO_TRUMP_STRENGTH,
    SEVEN,
    TRUMP_STRENGTH,
    Card,
    Hand,
    Suit,
    card_rank,
    card_suit,
    make_card,
)
from .variants import DEFAULT_RULES, Rules

DECLARER = 0


class PlayRules(NamedTuple):
    """What the rules of play need to know about a game.

    ``trump`` is a suit or ``None`` (R10); ``strength`` maps a rank to its
    strength (R2 or R3); ``seven_kept`` switches R12 on for the declarer.
    ``trump_seven`` and ``core`` follow from those (made by :meth:`for_game`,
    once per bid, trump and rulebook, because every solve reads them):
    the trump seven, and the core's arguments for the rules of play
    (trump or -1, R12, the no-trump order of R3).
    """

    trump: Optional[Suit]
    strength: Tuple[int, ...]
    seven_kept: bool
    trump_seven: Optional[Card] = None
    core: Tuple[int, bool, bool] = (-1, False, False)

    @classmethod
    def for_game(cls, bid: Bid, trump: Optional[Suit], *, rules: Rules = DEFAULT_RULES) -> PlayRules:
        """The rules of play of a game; the same few come back solve after solve, so they are kept.

        Each bid keeps the last one per trump (``Bid.games``), checked against the rules by
        identity: hashing the two dataclasses costs more than working the answer out."""
        known = bid.games.get(trump)
        if known is not None and known[0] is rules:
            return known[1]
        play = cls._for_game(bid, trump, rules=rules)
        bid.games[trump] = (rules, play)
        return play

    @classmethod
    def _for_game(cls, bid: Bid, trump: Optional[Suit], *, rules: Rules) -> PlayRules:
        if trump is not None:
            strength = TRUMP_STRENGTH  # R2
        elif bid.colorless and rules.durchmars_ten_high:
            strength = TRUMP_STRENGTH  # R3 variant durchmars-ten-high
        else:
            strength = NO_TRUMP_STRENGTH  # R3, R23
        seven_kept = bid.has_ulti and trump is not None and not rules.free_seven  # R12
        seven = None if trump is None else make_card(trump, SEVEN)
        core = (-1 if trump is None else trump, seven_kept, strength == NO_TRUMP_STRENGTH)
        return cls(trump, strength, seven_kept, seven, core)

    def beats(self, card: Card, best: Card) -> bool:
        """Whether ``card`` beats ``best``, the card winning the trick so far (R13)."""
        if card_suit(card) == card_suit(best):
            return self.strength[card_rank(card)] > self.strength[card_rank(best)]
        return card_suit(card) == self.trump


def trick_winner(cards: Sequence[Card], play: PlayRules) -> int:
    """R13: the index, in play order, of the card that wins the trick."""
    best = 0
    for index in range(1, len(cards)):
        if play.beats(cards[index], cards[best]):
            best = index
    return best


def legal_moves(hand: Hand, trick: Sequence[Card], play: PlayRules, is_declarer: bool) -> Hand:
    """The cards of ``hand`` that may be played to ``trick`` (R9-R12), as a mask."""
    allowed = hand if not trick else _follow_or_trump(hand, trick, play)
    seven = play.trump_seven  # None without trump, where nothing is kept
    if play.seven_kept and is_declarer and seven is not None and (allowed >> seven) & 1:
        # R12: the trump seven is kept while the declarer holds another trump.
        if hand & BB_SUITS[card_suit(seven)] & ~(1 << seven):
            allowed &= ~(1 << seven)
    return allowed


def _follow_or_trump(hand: Hand, trick: Sequence[Card], play: PlayRules) -> Hand:
    led = card_suit(trick[0])
    winning = trick[trick_winner(trick, play)]
    following = hand & BB_SUITS[led]
    if following:  # R9
        trumped = card_suit(winning) != led  # someone trumped a non-trump lead
        if trumped:
            return following  # R11: following after a ruff, any card of the suit
        return _overtaking(following, winning, play) or following  # R11
    if play.trump is not None and hand & BB_SUITS[play.trump]:  # R10
        trumps = hand & BB_SUITS[play.trump]
        return _overtaking(trumps, winning, play) or trumps  # R11: must beat the highest trump
    return hand  # R10: neither suit nor trump, any card


def _overtaking(cards: Hand, winning: Card, play: PlayRules) -> Hand:
    """The cards among ``cards`` that beat ``winning``."""
    mask = 0
    bits = cards
    while bits:
        low = bits & -bits
        card = low.bit_length() - 1
        if play.beats(card, winning):
            mask |= low
        bits ^= low
    return mask
