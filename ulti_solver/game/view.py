"""What one table seat knows at a moment of a whole game (R40, extended to the auction by R46).

At the table a player knows his own cards, every action said aloud, and
the cards he has seen.  The auction adds to R40: a player who picked the
talon up saw its two cards (he may lay them again, and then knows where
they lie, or keep them); the cards a player lays are seen by nobody else;
so the talon lying at the end is known to the one who laid it, unless
under ``rablo`` the declarer bid over it as it lay.  From the play on,
R40 applies as for any game: the bid, the trump, the kontras, the cards
played, the marriages announced, the declarer's hand once an open bid's
first trick is done.

A :class:`SeatView` is this knowledge as data, for a bot or a person at
the table: it never holds a card the seat has not seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, FrozenSet, Optional, Tuple

from ..bids import Bid
from ..cards import Card, Hand, Suit
from ..knowledge.marriages import announced_in_deal
from .actions import AuctionAction
from .kontras import KontraCall


@dataclass(frozen=True)
class PublicAction:
    """An auction action as the table hears it: who, pass / pick-up / bid, the bid; no cards."""

    seat: int
    kind: str
    bid: Optional[Bid]


@dataclass(frozen=True)
class SeatView:
    """What table seat ``seat`` knows now (R40, R46).

    ``hand``: the cards he holds now.  ``seen``: every card he has held or
    seen face down (his deal, each talon he picked up).  ``talon``: the two
    cards lying face down if he laid them, else None.  ``laid``: the two
    cards he laid with each of his auction actions, by index.  The rest is
    said aloud or played face up: the auction, the declarer, bid and trump,
    the kontras, the cards in play order with their table seats, the
    marriages announced (table seat -> suits), and the declarer's ten
    cards once an open bid's first trick is done (``shown``)."""

    seat: int
    hand: Hand
    seen: Hand
    talon: Optional[Hand]
    laid: Dict[int, Tuple[Card, Card]]
    auction: Tuple[PublicAction, ...]
    declarer: Optional[int]
    bid: Optional[Bid]
    trump: Optional[Suit]
    kontras: Tuple[KontraCall, ...]
    played: Tuple[Tuple[int, Card], ...]
    announced: Dict[int, FrozenSet[Suit]]
    shown: Optional[Hand]


def public(action: AuctionAction) -> PublicAction:
    return PublicAction(action.seat, action.kind, action.bid)


def seat_view(game, seat: int) -> SeatView:
    """The view of table seat ``seat`` of :class:`~.referee.Game` ``game`` now."""
    auction = game.auction
    laid = {i: a.discard for i, a in enumerate(auction.actions) if a.seat == seat and a.discard is not None}
    kontras = tuple(game.kontras.calls) if game.kontras is not None else ()
    if game.position is None or game.end is None:  # the auction, the throw-in, the trump
        hand = auction.hands[seat]
        played: Tuple[Tuple[int, Card], ...] = ()
        announced: Dict[int, FrozenSet[Suit]] = {}
        shown = None
    else:
        end, position = game.end, game.position
        hand = position.hands[end.r5_seat(seat)]
        movers = game.movers()
        played = tuple(((end.declarer + mover) % 3, card) for mover, card in zip(movers, game.cards))
        deal = game.deal()
        first_trick_done = len(game.cards) >= 3
        by_r5 = announced_in_deal(deal, end.bid, game.trump, first_trick_done)
        announced = {(end.declarer + r5) % 3: suits for r5, suits in by_r5.items()}
        shown = deal.hands[0] if end.bid.open and first_trick_done and seat != end.declarer else None
    knows_talon = auction.knows_talon(seat)
    return SeatView(
        seat=seat,
        hand=hand,
        seen=auction.seen(seat),
        talon=auction.talon if knows_talon else None,
        laid=laid,
        auction=tuple(public(a) for a in auction.actions),
        declarer=game.declarer,
        bid=game.bid,
        trump=game.trump,
        kontras=kontras,
        played=played,
        announced=announced,
        shown=shown,
    )
