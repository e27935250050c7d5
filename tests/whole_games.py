"""Finished whole games (R45-R50) for the tests of the report and the board, built with the
referee's own API and read back from their records, as a page gets them.

* :func:`ulti_game`: examples/games.txt's ulti in leaves (line 8) as a whole game: table seat 0
  opens with the plain party, table seat 1 picks the talon up and bids ulti, both others pass
  and so does he; table seat 2 says kontra on the ulti before his first card, the declarer
  rekontra at the start of the second trick; the thirty cards of the record.
* :func:`thrown_in_game`: table seat 0's plain party passed round and thrown in (R49).
* :func:`first_legal_game`: a betli played out with the first legal card each time (the Game API's
  ``legal_cards``), conceded after card ``concede_at`` where given (R39).
"""

from __future__ import annotations

import json
from typing import Optional

from ulti_solver.bids import parse_bid, parse_trump
from ulti_solver.cards import cards_of, parse_card
from ulti_solver.deal import parse_deal
from ulti_solver.game.actions import BID, PASS, PICK_UP, AuctionAction
from ulti_solver.game.kontras import KontraCall
from ulti_solver.game.record import game_json, read_json_record
from ulti_solver.game.referee import Game
from ulti_solver.variants import make_rules

#: Table seats (R45): seat 0's twelve, then seats 1 and 2; seat 1 ends as the declarer holding
#: examples/games.txt's ulti hand once he has picked up B9 BK and laid LO AO.
WHOLE_DEAL = "7.KOU97.KU9.A97 ATU.-.AO87.TKO KO98.AT8.T.U8"
#: examples/games.txt, line 8, from the declarer's lead.
ULTI_PLAY = "HU HO H7 H8 L9 HT AA AK A8 B7 B9 BT H9 LU HA BU BK BA HK LK LA AT AU A7 L8 LT BO B8 A9 L7".split()


def cards(*names):
    return tuple(parse_card(name) for name in names)


def read_back(game: Game) -> Game:
    """The game as a page gets it: written as its record, and read again by the referee."""
    return read_json_record(json.dumps(game_json(game)))


def ulti_game() -> Game:
    game = Game(parse_deal(WHOLE_DEAL))
    game.bid_action(AuctionAction(0, BID, parse_bid("party"), cards("BK", "B9")))
    game.bid_action(AuctionAction(1, PICK_UP, parse_bid("ulti"), cards("LO", "AO")))
    for seat in (2, 0, 1):
        game.bid_action(AuctionAction(seat, PASS))
    game.name_trump(parse_trump("leaves"))
    for index, name in enumerate(ULTI_PLAY):
        if index == 1:
            game.say(KontraCall(2, "ulti", 1, 1))
        if index == 3:
            game.say(KontraCall(1, "ulti", 2, 3))
        game.play(parse_card(name))
    return read_back(game)


def thrown_in_game(book: str = "ultiblog") -> Game:
    game = Game(parse_deal(WHOLE_DEAL), rules=make_rules(book))
    game.bid_action(AuctionAction(0, BID, parse_bid("party"), cards("BK", "B9")))
    for seat in (1, 2, 0):
        game.bid_action(AuctionAction(seat, PASS))
    game.throw_in(True)
    return read_back(game)


def first_legal_game(concede_at: Optional[int] = None) -> Game:
    """Table seat 2 picks up and bids betli; the cards are each the first legal one (R9-R12)."""
    game = Game(parse_deal(WHOLE_DEAL))
    game.bid_action(AuctionAction(0, BID, parse_bid("party"), cards("BK", "B9")))
    game.bid_action(AuctionAction(1, PASS))
    game.bid_action(AuctionAction(2, PICK_UP, parse_bid("betli"), cards("BK", "B9")))
    for seat in (0, 1, 2):
        game.bid_action(AuctionAction(seat, PASS))
    while game.phase == "play":
        if concede_at is not None and len(game.cards) == concede_at:
            game.concede()
            break
        game.play(next(iter(cards_of(game.legal_cards()))))
    return read_back(game)
