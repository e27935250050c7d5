"""What every bot reads off its view at a question: the standing bid, the bids it may say, the
hand it was dealt, and which of the two concessions it is asked (R39, R46, R47, R49)."""

from __future__ import annotations

from dataclasses import replace
from typing import Optional, Tuple

from ..bids import PARTY, Bid
from ..cards import Hand
from ..game.ranking import RABLO_BOOK, bid_order
from ..settlement import concede
from ..variants import SUIT_VALUES, Rules

PASS_WORD, PICK_UP_WORD = "pass", "pick-up"


def standing_of(view) -> Optional[Tuple[int, Bid]]:
    """(table seat, bid) of the standing bid, read off the auction heard (R46), or None."""
    for action in reversed(view.auction):
        if action.bid is not None:
            return action.seat, action.bid
    return None


def bids_to_say(view, *, rules: Rules) -> Tuple[Bid, ...]:
    """The bids the seat may say after laying two (R47): any at the opening, else those that
    beat the standing bid."""
    order = bid_order(rules=rules)
    standing = standing_of(view)
    return order.bids if standing is None else order.bids_over(standing[1])


def dealt_hand(view) -> Hand:
    """The seat's ten cards as the play started: those held and those it played (R40)."""
    played = 0
    for seat, card in view.played:
        if seat == view.seat:
            played |= 1 << card
    return view.hand | played


def is_throw_in(view) -> bool:
    """R49's question (table seat 0's plain party stood, no trump named yet), not R39's."""
    bid = view.bid
    return bid is not None and bid.components == {PARTY} and not bid.red and view.trump is None


def throw_in_total(bid: Bid, *, rules: Rules) -> int:
    """What throwing the plain party in gives the declarer in all (R49): nothing under rablo (a
    void deal), else a conceded party (R39) priced by red's doubling, no trump being named."""
    if rules.book == RABLO_BOOK:
        return 0
    uncoloured = replace(rules, switches=tuple(s for s in rules.switches if s != SUIT_VALUES))
    return concede(bid, None, rules=uncoloured).declarer_total


def bid_and_declarer(view) -> Tuple[Bid, int]:
    """The bid and the declarer (a table seat) of a game past its auction: every question after
    the auction has both."""
    bid, declarer = view.bid, view.declarer
    assert bid is not None and declarer is not None
    return bid, declarer
