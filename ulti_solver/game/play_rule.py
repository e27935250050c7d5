"""Which rule a refused card breaks, as an id for a record's error (``"rule": "R9"``).

:func:`ulti_solver.position.replay` says why in words; a whole game's
error also names the rule on its own, so that a script reading ``ulti
game --json`` can count them.
"""

from __future__ import annotations

from ..cards import BB_SUITS, Card, card_suit
from ..play import DECLARER, PlayRules, legal_moves
from ..position import Position


def play_rule(position: Position, card: Card, play: PlayRules) -> str:
    """R8 (ten tricks played), R6 (not his card), or the first of R9-R12 the card breaks."""
    if position.finished:
        return "R8"
    seat = position.to_move
    hand = position.hands[seat]
    if not (hand >> card) & 1:
        return "R6"
    trick = position.trick
    if trick:
        led = card_suit(trick[0])
        following = hand & BB_SUITS[led]
        if following and card_suit(card) != led:
            return "R9"
        trumps = hand & BB_SUITS[play.trump] if play.trump is not None else 0
        if not following and trumps and card_suit(card) != play.trump:
            return "R10"
        without_r12 = legal_moves(hand, trick, play._replace(seven_kept=False), seat == DECLARER)
        if not (without_r12 >> card) & 1:
            return "R11"
    return "R12"
