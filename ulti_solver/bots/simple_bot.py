"""The ``simple`` bot: a club player's rules of thumb, no search (INTERFACE.md, "Bots and matches").

It counts its hand (:mod:`.hand_eval`), plays by the rules of
:mod:`.simple_play`, and answers every question so (docs/bots.md, "simple"):

* **opening** (table seat 0, twelve cards): the plan of
  :func:`~.hand_eval.plan_for` over every bid -- the highest-ranked bid
  the kept hand supports, else the plain party in his best trump;
* **auction turn**: he picks the talon up only when his ten cards as
  they are support a bid that beats the standing one (R47); he never
  outbids his own bid; after a pick-up, the plan over the legal bids;
* **trump**: the plan's; **throw-in** (R49): under rablo (a void deal)
  when his hand does not support the party, elsewhere only with nearly
  nothing (a club count of 2 or less); he never concedes a game;
* **kontras** (R48): a defender doubles a component when his own cards
  make it look hopeless for the declarer (:func:`kontra_reason`); the
  declarer redoubles only what his hand supports strongly; nobody goes
  beyond rekontra.

Nothing is drawn at random: the same game gets the same answers.
"""

from __future__ import annotations

from typing import Any, Optional

from ..bids import BETLI, DURCHMARS, FORTY_100, FOUR_ACES, PARTY, TWENTY_100, ULTI, Bid
from ..cards import ACE, EIGHT, KING, SEVEN, SUITS, TEN, Hand, Suit, card_suit, cards_of
from ..game.ranking import RABLO_BOOK, bid_order
from .base import Request
from .hand_eval import (
    NONE,
    STRONG,
    Plan,
    aces,
    best_trump,
    component_support,
    holds,
    length,
    plan_for,
    planned_trump,
    simple_points,
    supported_bids,
    trumps_of,
)
from .moments import (
    PASS_WORD,
    PICK_UP_WORD,
    bid_and_declarer,
    bids_to_say,
    dealt_hand,
    is_throw_in,
    standing_of,
)
from .simple_play import choose_card


def kontra_reason(component: str, hand: Hand, bid: Bid, trump: Optional[Suit]) -> bool:
    """Whether a defender's own ten cards make ``component`` look hopeless for the declarer
    (docs/bots.md, "simple": the kontras)."""
    trumps = length(hand, trump) if trump is not None else 0
    has = (lambda rank: holds(hand, trump, rank)) if trump is not None else (lambda rank: False)
    if component == ULTI:
        return has(ACE) and (trumps >= 4 or (trumps >= 3 and has(TEN)))
    if component == PARTY:
        return aces(hand) >= 3 or (has(ACE) and has(TEN) and aces(hand) >= 2)
    if component == FORTY_100:
        return aces(hand) >= 3 or (has(ACE) and has(TEN) and aces(hand) >= 2)
    if component == TWENTY_100:
        return aces(hand) >= 2 or has(ACE)
    if component == FOUR_ACES:
        return has(ACE) or any(card_suit(c) != trump and length(hand, card_suit(c)) >= 3 for c in _aces(hand))
    if component == DURCHMARS:
        if trump is None:
            return any(length(hand, s) >= 2 for s in SUITS if holds(hand, s, KING)) or bool(_aces(hand))
        return has(ACE) or (has(TEN) and trumps >= 2) or (has(KING) and trumps >= 3)
    if component == BETLI:
        return any(length(hand, s) >= 4 and holds(hand, s, SEVEN) and holds(hand, s, EIGHT) for s in SUITS)
    return False


def _aces(hand: Hand):
    return [c for c in cards_of(hand) if c & 7 == ACE]


class SimpleBot:
    """Rules of thumb a club player uses, no search (INTERFACE.md: ``simple``)."""

    sees_all = False

    def __init__(self, name: str = "simple"):
        self.name = name
        self.seat = 0
        self.plan: Optional[Plan] = None

    def new_game(self, seat: int, seed: int) -> None:
        self.seat, self.plan = seat, None

    def close(self) -> None:
        pass

    def answer(self, request: Request) -> Any:
        return getattr(self, "_" + request.ask)(request)

    # -- the auction (R46, R47) ---------------------------------------------------------------

    def _discard(self, request: Request):
        view = request.view
        self.plan = plan_for(view.hand, bids_to_say(view, rules=request.rules), rules=request.rules)
        return self.plan.discard

    def _bid(self, request: Request):
        legal, view = request.legal, request.view
        if PASS_WORD not in legal:  # the bid after laying two: the plan's
            if self.plan is not None and self.plan.bid in legal:
                return self.plan.bid
            return legal[0]
        standing = standing_of(view)
        if standing is not None and standing[0] == view.seat:
            return PASS_WORD  # his own bid stands: he said what his hand is worth
        if PICK_UP_WORD in legal and request.standing is not None:
            over = bid_order(rules=request.rules).bids_over(request.standing)
            if supported_bids(view.hand, over):
                return PICK_UP_WORD
        return PASS_WORD

    def _trump(self, request: Request):
        return planned_trump(self.plan, request.view.hand, request.legal)

    def _concede(self, request: Request) -> bool:
        view = request.view
        if not is_throw_in(view):
            return False  # R39: a club player plays his game out
        hand, (bid, _) = view.hand, bid_and_declarer(view)
        trump = best_trump(hand, [t for t in trumps_of(bid) if t is not None])
        if request.rules.book == RABLO_BOOK:  # a void deal costs nothing
            return component_support(PARTY, hand, trump) == NONE
        return simple_points(hand, trump) <= 2

    # -- kontras (R36, R48) ----------------------------------------------------------------------

    def _kontra(self, request: Request):
        view = request.view
        (bid, declarer), hand, trump = bid_and_declarer(view), dealt_hand(view), view.trump
        said = []
        for call in request.legal:
            if call.level == 1 and kontra_reason(call.component, hand, bid, trump):
                said.append(call)
            elif call.level == 2 and view.seat == declarer:
                if component_support(call.component, hand, trump) == STRONG:
                    said.append(call)
        return tuple(said)

    # -- the play (R8-R13) -------------------------------------------------------------------

    def _card(self, request: Request):
        view = request.view
        bid, declarer = bid_and_declarer(view)
        return choose_card(
            view.hand, list(request.legal), view.played, view.seat, declarer, bid, view.trump, rules=request.rules
        )
